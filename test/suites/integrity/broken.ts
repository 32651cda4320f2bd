import { createHash } from 'node:crypto';
import type { Adapter } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { BrokenRegistry } from '../../helpers/broken.js';
import { ignoring } from '../envelope/broken.js';

/** Hashes the envelope with its checksum member still in it, in insertion order. */
const checksumKeepsMember: Adapter = {
  ...referenceAdapter,
  describe: () => ({ name: 'checksum keeps member', version: '0' }),
  computeChecksum: (packet) => `sha256:${createHash('sha256').update(JSON.stringify(packet)).digest('hex')}`,
};

/** Every integrity check id, mapped to the adapter that must fail it (and only it). */
export const broken: BrokenRegistry = {
  'INT-CHECKSUM': checksumKeepsMember,
  // Records checksums but never compares them on validation.
  'INT-TAMPER-DETECTED': ignoring('INT-TAMPER-DETECTED'),
};

export { byFamily } from './by-family.js';
