/**
 * The reference UAS verifier (seed 003): `verifyUas` for the adapter, `verifyUasFile` for the
 * `uas-verify` CLI (sources read by position, never loaded whole).
 */
export { verifyUas, type UasReferenceFinding, type UasReferenceVerdict } from './verify.js';
export { uasSpec, UAS_CHECK_IDS, type UasSpec, type UasCheckId } from '../../spec/uas.js';
export { verifyUasFile, UnreadableFileError, type FileVerifyOptions } from './verify-file.js';
