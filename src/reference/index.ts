import type { Adapter } from '../contract/adapter.js';
import { TOOL } from '../io/package.js';
import { referenceChecksum } from './checksum.js';
import { validateEnvelope } from './envelope/validate.js';
import { validateError } from './error/index.js';
import { fromKeyless, toKeyless } from './keyless.js';
import { recovery } from './recovery/index.js';
import { verifyUas } from './uas/index.js';

/**
 * The bundled reference implementation: passes every check of the pack, and is the pack's oracle
 * where a check needs one (checksums, keyless layouts). Its code paths are independent of the
 * generators': generators build from the spec data, the reference validates from the same data
 * through ajv and its own policy code.
 */
export const referenceAdapter: Adapter = {
  describe: () => ({ name: 'uaix-conformance reference', version: TOOL.version, capabilityLevel: 'L7' }),
  validateEnvelope: (packet, context) => validateEnvelope(packet, context),
  computeChecksum: (packet) => referenceChecksum(packet),
  toKeyless: (packet) => toKeyless(packet),
  fromKeyless: (wire) => fromKeyless(wire),
  validateError: (payload, context) => validateError(payload, context),
  recovery,
  verifyUas: (source, artifact) => verifyUas(source, artifact),
};

export default referenceAdapter;
