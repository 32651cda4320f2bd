import { createHash } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';
import type { EnvelopeSpec } from '../../spec/envelope.js';

/** The envelope as the checksum of `spec` sees it: without `integrity.checksum`, or without `integrity` at all (D-INT-01). */
function hashed(spec: EnvelopeSpec, env: Record<string, unknown>): Record<string, unknown> {
  const { integrity, ...others } = env;
  if (spec.checksumScope === 'integrity-object') return Object.hasOwn(env, 'integrity') ? others : env;
  if (
    integrity !== null &&
    typeof integrity === 'object' &&
    !Array.isArray(integrity) &&
    Object.hasOwn(integrity, 'checksum')
  ) {
    const { checksum: _omit, ...rest } = integrity as Record<string, unknown>;
    return { ...env, integrity: rest };
  }
  return env;
}

/**
 * The integrity checksum (D-INT-01): `"sha256:"` + lowercase hex SHA-256 of the RFC 8785 (JCS)
 * canonical UTF-8 bytes of the keyed envelope with what `spec.checksumScope` names removed (by
 * default the member `integrity.checksum`).
 */
export function referenceChecksum(spec: EnvelopeSpec, packet: unknown): string {
  if (packet === null || typeof packet !== 'object' || Array.isArray(packet))
    throw new TypeError('the envelope must be a JSON object');
  return `sha256:${createHash('sha256')
    .update(canonicalize(hashed(spec, packet as Record<string, unknown>)), 'utf8')
    .digest('hex')}`;
}
