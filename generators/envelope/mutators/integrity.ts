import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { SpecData } from '../../../src/spec/index.js';
import { envelopeOf } from '../envelope.js';
import { checksumSubject, generatorChecksum, seal } from '../seal.js';
import type { MutatedCase, RejectionCases } from './mutation.js';

/** The ways `tamperedEnvelope` breaks a seal (evidence families). */
export const TAMPER_FAMILIES = ['content-edited', 'digit-flipped', 'naive-serialization'] as const;

/**
 * INT-TAMPER-DETECTED: an envelope of `data` whose recorded checksum does not match its content.
 * Families: content edited after sealing, one hex digit of the checksum changed, and a checksum of
 * the naive (non-canonical, key-order-preserving) serialization of what the spec's scope hashes.
 *
 * Not a `Mutator`: the envelope and the tampering picks are drawn as one tuple and the case seals
 * itself (a mutator's draws chain on its input, which would keep the cases but change how a failing
 * case shrinks, so replays of earlier reports would find other cases).
 */
export function tamperedEnvelope(data: SpecData): RejectionCases {
  const spec = data.envelope;
  const cases = fc
    .tuple(envelopeOf(data), fc.constantFrom(...TAMPER_FAMILIES), fc.nat())
    .map(([c, family, n]): MutatedCase => {
      const packet = seal(spec, structuredClone(c.packet), 'computed');
      const recorded = packet.integrity.checksum as string;
      let note: string;
      if (family === 'content-edited') {
        packet.message_id = `${packet.message_id.slice(0, 190)}x${n % 10}`;
        note = `message_id changed to ${packet.message_id} after sealing`;
      } else if (family === 'digit-flipped') {
        const i = 7 + (n % 64);
        const d = recorded[i]!;
        const flipped = d === '0' ? '1' : d === 'f' ? 'e' : (parseInt(d, 16) ^ 1).toString(16);
        packet.integrity.checksum = `${recorded.slice(0, i)}${flipped}${recorded.slice(i + 1)}`;
        note = `checksum hex digit ${i - 7} changed`;
      } else {
        packet.integrity.checksum = `sha256:${createHash('sha256').update(JSON.stringify(checksumSubject(spec, packet))).digest('hex')}`;
        note = 'checksum of JSON.stringify in insertion order instead of RFC 8785';
      }
      return { profile: c.profile, now: c.now, sealing: 'computed', family, note, packet };
    })
    .filter((m) => m.packet.integrity.checksum !== generatorChecksum(spec, m.packet));
  return { breaks: 'INT-TAMPER-DETECTED', cases };
}
