import { verifyUas, type UasReferenceVerdict } from '../../../src/reference/uas/verify.js';
import type { UasSpec } from '../../../src/spec/uas.js';

/**
 * The reference verifier, remembered per (spec, source, artifact): the broken verifiers of the gallery
 * and of the family proofs are the reference with one slip, and they judge the same cases (every family
 * of a check the same sampled cases, every broken adapter its neighbour checks at one seed),
 * so the reference reads each case once instead of once per adapter. The reference is a pure function
 * of its inputs; each call gets its own copy of the verdict, so a slip that edits findings edits none
 * that another call sees.
 */
const remembered = new WeakMap<UasSpec, Map<string, UasReferenceVerdict>>();
const MAX_CASES = 4000;

export function referenceVerdict(source: Uint8Array, artifact: string, spec: UasSpec): UasReferenceVerdict {
  let bySpec = remembered.get(spec);
  if (bySpec === undefined) remembered.set(spec, (bySpec = new Map()));
  const key = `${Buffer.from(source.buffer, source.byteOffset, source.byteLength).toString('latin1')}\u0000${artifact}`;
  let verdict = bySpec.get(key);
  if (verdict === undefined) {
    verdict = verifyUas(source, artifact, spec);
    if (bySpec.size >= MAX_CASES) bySpec.clear();
    bySpec.set(key, verdict);
  }
  return { ...verdict, findings: verdict.findings.map((f) => ({ ...f })) };
}
