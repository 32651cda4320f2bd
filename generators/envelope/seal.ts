import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { canonicalize } from 'json-canonicalize';
import type { EnvelopeSpec } from '../../src/spec/envelope.js';

/**
 * The generators' own checksum (D-INT-01), on a different hash implementation than the reference's
 * (pure-JS @noble/hashes here, Node's crypto there), so one bug cannot hide in both.
 */
export function generatorChecksum(env: Record<string, unknown>): string {
  const integrity = env.integrity as Record<string, unknown> | undefined;
  let subject = env;
  if (integrity && typeof integrity === 'object' && 'checksum' in integrity) {
    const rest: Record<string, unknown> = {};
    for (const k of Object.keys(integrity)) if (k !== 'checksum') rest[k] = integrity[k];
    subject = { ...env, integrity: rest };
  }
  return `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalize(subject))))}`;
}

/**
 * Records the checksum (`computed`) or the placeholder of `spec` (the seeds' mark of a checksum no
 * validator has recorded yet, D-INT-02); leaves an envelope without integrity alone.
 */
export function seal<T extends Record<string, unknown>>(spec: EnvelopeSpec, env: T, mode: 'computed' | 'placeholder'): T {
  const integrity = env.integrity as Record<string, unknown> | undefined;
  if (!integrity || typeof integrity !== 'object' || Array.isArray(integrity) || !('checksum' in integrity)) return env;
  integrity.checksum = mode === 'placeholder' ? spec.policy.checksumPlaceholder : generatorChecksum(env);
  return env;
}
