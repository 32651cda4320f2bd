import type { UasVerdict } from '../../../src/contract/adapter.js';
import type { CaseClaim } from '../../../src/engine/check.js';

/**
 * A UAS verdict held to a case's claim: a valid case is accepted; a broken one is rejected with
 * findings of exactly the claimed check ids (every one named, no other), and every claimed
 * coordinate (`at`: unit id, byte offset, where given) is on a finding of its check. Null when they
 * agree, else what differs.
 */
export function claimViolation(claim: CaseClaim, v: UasVerdict): string | null {
  const findings = (v.findings ?? []).map((f) => ({ checkId: f.checkId, unitId: f.unitId, byteOffset: f.byteOffset }));
  const describe = () => JSON.stringify({ claim: { ...claim, args: undefined }, findings }).slice(0, 800);
  if (claim.valid) return v.valid ? null : `valid case rejected: ${describe()}`;
  if (v.valid) return `broken case accepted: ${describe()}`;
  const got = new Set(findings.map((f) => f.checkId));
  const want = new Set(claim.breaks ?? []);
  if (got.size !== want.size || [...want].some((id) => !got.has(id))) return `check ids differ: ${describe()}`;
  for (const at of claim.at ?? []) {
    const hit = findings.some(
      (f) =>
        f.checkId === at.checkId &&
        (at.unitId === undefined || f.unitId === at.unitId) &&
        (at.byteOffset === undefined || f.byteOffset === at.byteOffset),
    );
    if (!hit) return `no finding at ${JSON.stringify(at)}: ${describe()}`;
  }
  return null;
}
