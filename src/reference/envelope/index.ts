import type { Adapter } from '../../contract/adapter.js';
import type { SpecData } from '../../spec/index.js';
import { referenceChecksum } from './checksum.js';
import { fromKeyless, toKeyless } from './keyless.js';
import { validateEnvelope } from './validate.js';

/**
 * The reference's envelope members (validation, checksum, keyless format) for the given spec data:
 * every member reads `spec.envelope` and nothing else, and the validators are compiled once per
 * spec object (see `profileValidator`).
 */
export function envelopeReference(
  spec: SpecData,
): Pick<Required<Adapter>, 'validateEnvelope' | 'computeChecksum' | 'toKeyless' | 'fromKeyless'> {
  const envelope = spec.envelope;
  return {
    validateEnvelope: (packet, context) => validateEnvelope(envelope, packet, context),
    computeChecksum: (packet) => referenceChecksum(envelope, packet),
    toKeyless: (packet) => toKeyless(envelope, packet),
    fromKeyless: (wire) => fromKeyless(envelope, wire),
  };
}
