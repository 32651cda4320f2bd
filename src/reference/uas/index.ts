import type { Adapter } from '../../contract/adapter.js';
import type { SpecData } from '../../spec/index.js';
import { verifyUas } from './verify.js';
/**
 * The reference UAS verifier (seed 003): `verifyUas` for the adapter, `verifyUasFile` for the
 * `uas-verify` CLI (sources read by position, never loaded whole).
 */
export { verifyUas, type UasReferenceFinding, type UasReferenceVerdict } from './verify.js';
export { verifyUasFile, UnreadableFileError, type FileVerifyOptions } from './verify-file.js';

/** The reference's `verifyUas` member for the given spec data. */
export function uasReference(_spec: SpecData): Pick<Required<Adapter>, 'verifyUas'> {
  return { verifyUas: (source, artifact) => verifyUas(source, artifact) };
}
