import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalize } from 'json-canonicalize';
import type { EnvelopeSpec } from '../../src/spec/envelope.js';

/**
 * What the checksum of `spec` hashes (D-INT-01): the envelope without `integrity.checksum`, or,
 * under `checksumScope: "integrity-object"`, without the whole `integrity` member. An envelope
 * whose integrity is not an object is hashed whole under the first scope (there is no member to
 * leave out).
 */
export function checksumSubject(spec: EnvelopeSpec, env: Record<string, unknown>): Record<string, unknown> {
  const { integrity, ...rest } = env;
  if (spec.checksumScope === 'integrity-object') return Object.hasOwn(env, 'integrity') ? rest : env;
  if (!integrity || typeof integrity !== 'object' || Array.isArray(integrity) || !Object.hasOwn(integrity, 'checksum'))
    return env;
  const kept: Record<string, unknown> = {};
  for (const k of Object.keys(integrity)) if (k !== 'checksum') kept[k] = (integrity as Record<string, unknown>)[k];
  return { ...env, integrity: kept };
}

/**
 * The generators' own checksum (D-INT-01) under the scope of `spec`, on a different hash
 * implementation than the reference's (pure-JS @noble/hashes here, Node's crypto there), so one
 * bug cannot hide in both.
 */
export function generatorChecksum(spec: EnvelopeSpec, env: Record<string, unknown>): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalize(checksumSubject(spec, env)))))}`;
}

/**
 * `env` with the checksum (`computed`) or the placeholder of `spec` recorded (the seeds' mark of a
 * checksum no validator has recorded yet, D-INT-02); `env` itself when its integrity is not an
 * object with a checksum text (a case that broke exactly that keeps its break). `env` is never
 * edited: the envelope and its integrity member are new, every other member is shared with it.
 */
export function seal<T extends Record<string, unknown>>(
  spec: EnvelopeSpec,
  env: T,
  mode: 'computed' | 'placeholder',
): T {
  const integrity = env.integrity as Record<string, unknown> | undefined;
  if (!integrity || typeof integrity !== 'object' || Array.isArray(integrity) || typeof integrity.checksum !== 'string')
    return env;
  const checksum = mode === 'placeholder' ? spec.policy.checksumPlaceholder : generatorChecksum(spec, env);
  return { ...env, integrity: { ...integrity, checksum } };
}
