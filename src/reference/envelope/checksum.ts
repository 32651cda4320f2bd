import { createHash } from 'node:crypto';
import { canonicalize } from 'json-canonicalize';

/**
 * The integrity checksum (D-INT-01): `"sha256:"` + lowercase hex SHA-256 of the RFC 8785 (JCS)
 * canonical UTF-8 bytes of the keyed envelope with the member `integrity.checksum` removed.
 */
export function referenceChecksum(packet: unknown): string {
  if (packet === null || typeof packet !== 'object' || Array.isArray(packet)) throw new TypeError('the envelope must be a JSON object');
  const env = packet as Record<string, unknown>;
  let subject: Record<string, unknown> = env;
  const integrity = env.integrity;
  if (integrity !== null && typeof integrity === 'object' && !Array.isArray(integrity) && 'checksum' in integrity) {
    const { checksum: _omit, ...rest } = integrity as Record<string, unknown>;
    subject = { ...env, integrity: rest };
  }
  return `sha256:${createHash('sha256').update(canonicalize(subject), 'utf8').digest('hex')}`;
}
