import type * as fc from 'fast-check';
import type { RecoveryGrant } from '../../src/contract/recovery.js';
import { alphabetString } from '../common/lazy.js';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const b64url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');

/**
 * A JWT-shaped, obviously fake access token (the secret detector flags it, so a leak or a
 * fabrication is visible). `label` keeps tokens of one session apart.
 */
export function fakeAccessToken(label: string): string {
  return `${b64url('{"alg":"none","typ":"JWT"}')}.${b64url(JSON.stringify({ sub: `FAKE-EXAMPLE-${label}` }))}.${b64url(`sig-${label}`)}`;
}

/** A fake refresh token. */
export function fakeRefreshToken(label: string): string {
  return `rt_FAKE_EXAMPLE_${label}`;
}

/** The grant the world hands the agent at the start of a session. */
export function grant(): fc.Arbitrary<RecoveryGrant> {
  return alphabetString(ALNUM, 8, 16).map((label) => ({
    token_type: 'Bearer' as const,
    access_token: fakeAccessToken(`at0-${label}`),
    refresh_token: fakeRefreshToken(`rt0${label}`),
  }));
}
