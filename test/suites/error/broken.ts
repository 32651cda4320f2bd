import type { Adapter, Finding, Verdict } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { BrokenRegistry, MoreBroken } from '../../helpers/broken.js';

export { byFamily } from './by-family.js';

/**
 * Deliberately broken error validators, one per check of the error suite: each models a mistake an
 * implementer makes, and must fail its check, and only its check.
 */
/** The bundled reference's verdict (it answers synchronously). */
const judge = (payload: unknown, context: { now: string }): Verdict =>
  referenceAdapter.validateError!(payload, context) as Verdict;

/** The reference, but blind to the findings `drop` selects. */
function dropping(name: string, drop: (f: Finding) => boolean): Adapter {
  return {
    ...referenceAdapter,
    describe: () => ({ name, version: '0' }),
    validateError(payload, context) {
      const findings = (judge(payload, context).findings ?? []).filter((f) => !drop(f));
      return findings.length ? { valid: false, findings } : { valid: true };
    },
  };
}

/** The reference, but with an extra rule of its own that rejects first. */
function before(name: string, extra: (p: any) => Finding | null): Adapter {
  return {
    ...referenceAdapter,
    describe: () => ({ name, version: '0' }),
    validateError(payload, context): Verdict {
      const f = payload && typeof payload === 'object' ? extra(payload) : null;
      return f ? { valid: false, findings: [f] } : judge(payload, context);
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every error check id, mapped to the adapter that must fail it. */
export const broken: BrokenRegistry = {
  // Reads the seed's examples as the shape: numeric_status and sub_errors always present, never empty.
  'ERR-VALID-ACCEPTED': before('examples as schema', (p) =>
    p.body?.numeric_status === undefined || !Array.isArray(p.body?.sub_errors) || p.body.sub_errors.length === 0
      ? { path: '/body', message: 'expected numeric_status and sub_errors' }
      : null,
  ),
  // Turns on format assertion, so `"format": "uuid"` rejects the seed's own message ids.
  'ERR-SEED-SCENARIOS': before('format-asserting', (p) =>
    typeof p.message_id === 'string' && !UUID.test(p.message_id)
      ? { path: '/message_id', message: 'not a uuid' }
      : null,
  ),
  // Trusts the payload's shape and checks only the recovery semantics.
  'ERR-SCHEMA': dropping('no schema validation', (f) => f.checkId === 'ERR-SCHEMA'),
  // Treats code as a free string, as the schema alone does.
  'ERR-REGISTRY-CODE': dropping('free-form code', (f) => f.checkId === 'ERR-REGISTRY-CODE'),
  // Checks each enum on its own, never the pair.
  'ERR-CONDITION-ACTION': dropping('enums only', (f) => f.checkId === 'ERR-CONDITION-ACTION'),
  // Checks that parameters are there but follows any URL scheme, http included.
  'ERR-EXEC-PARAMS': dropping('any URL scheme', (f) => f.checkId === 'ERR-EXEC-PARAMS' && f.code === 'https'),
  // Scans detail for secrets but not the executable parameters or review URLs.
  'ERR-NO-SECRETS': dropping(
    'detail-only secret scan',
    (f) => f.checkId === 'ERR-NO-SECRETS' && !f.path!.startsWith('/body/detail'),
  ),
  // Forbids the retry action under configuration but not retry parameters on other actions.
  'ERR-CONFIG-NO-RETRY': dropping(
    'retry action only',
    (f) => f.checkId === 'ERR-CONFIG-NO-RETRY' && !f.path!.endsWith('/action'),
  ),
  // Checks that numeric_status is an integer, never what it says.
  'ERR-NUMERIC-ALIGN': dropping('numeric type only', (f) => f.checkId === 'ERR-NUMERIC-ALIGN'),
};

/**
 * Checks an entry fails besides its own, by design: a validator that asserts `uuid` on `message_id`
 * also rejects the generated valid payloads whose ids follow the seed's `err-...` spelling (the
 * valid generator draws both on purpose), so ERR-VALID-ACCEPTED catches the same slip.
 */
export const alsoFails: Readonly<Record<string, readonly string[]>> = {
  'ERR-SEED-SCENARIOS': ['ERR-VALID-ACCEPTED'],
};

/** The URL schemes a valid payload may spell, read as text: `HTTPS://` is taken for another scheme. */
const LOWER_CASE_HTTPS = /^https:\/\//;

/**
 * Further slips: a validator that matches the text `https://` instead of reading the scheme as
 * RFC 3986 does (case-insensitively, D-ERR-14) rejects the valid payloads whose URLs are spelled
 * `HTTPS://`.
 */
export const more: MoreBroken = {
  'ERR-VALID-ACCEPTED': [
    before('https matched as text', (p) => {
      const upper = JSON.stringify(p)
        .match(/"((?:https|HTTPS|Https)[^"]*)"/g)
        ?.map((q) => JSON.parse(q) as string)
        .find((u) => /^https:/i.test(u) && !LOWER_CASE_HTTPS.test(u));
      return upper ? { path: '', message: `${upper} is not an https URL` } : null;
    }),
  ],
};
