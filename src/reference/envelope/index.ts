import type { Adapter } from '../../contract/adapter.js';
import type { SpecData } from '../../spec/index.js';
import { referenceChecksum } from '../checksum.js';
import { fromKeyless, toKeyless } from '../keyless.js';
import { validateEnvelope } from './validate.js';

/** The reference's envelope members (validation, checksum, keyless format) for the given spec data. */
export function envelopeReference(_spec: SpecData): Pick<Required<Adapter>, 'validateEnvelope' | 'computeChecksum' | 'toKeyless' | 'fromKeyless'> {
  return {
    validateEnvelope: (packet, context) => validateEnvelope(packet, context),
    computeChecksum: (packet) => referenceChecksum(packet),
    toKeyless: (packet) => toKeyless(packet),
    fromKeyless: (wire) => fromKeyless(wire),
  };
}
