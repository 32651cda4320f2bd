import type { Adapter } from '../../contract/adapter.js';
import type { SpecData } from '../../spec/index.js';
import { verifyUas } from './verify.js';
/**
 * The reference UAS verifier (seed 003): `verifyUas` for the adapter, `verifyUasFile` for the
 * `uas-verify` CLI (sources read by position, never loaded whole). Both read the UAS spec data they
 * are given.
 */
export { verifyUas, type UasReferenceFinding, type UasReferenceVerdict } from './verify.js';
export { verifyUasFile, UnreadableFileError, type FileVerifyOptions } from './verify-file.js';

/**
 * The reference's `verifyUas` member for the given spec data. The verifier reads `spec.uas` as it
 * goes (closed sets, child order, span convention); there is nothing to compile ahead.
 */
export function uasReference(spec: SpecData): Pick<Required<Adapter>, 'verifyUas'> {
  const uas = spec.uas;
  return { verifyUas: (source, artifact) => verifyUas(source, artifact, uas) };
}
