import type { UasCase } from '../../generators/uas/cases.js';
import { verifyUas } from '../../src/reference/uas/verify.js';

/**
 * What the reference says about a case, compared with what the case claims: the set of check IDs must
 * be exactly the expected set, and every expected unit id / byte offset must be among the findings.
 * Returns null when they agree, else a description of the difference.
 */
export function contractViolation(c: UasCase): string | null {
  const v = verifyUas(c.source, c.artifact);
  const got = new Set(v.findings.map((f) => f.checkId));
  const want = new Set(c.expected.map((e) => e.checkId));
  const describe = () => JSON.stringify({ family: c.family, expected: c.expected, findings: v.findings.map(({ intercept: _, ...f }) => f) });
  if (c.expected.length === 0) return v.valid ? null : `valid case rejected: ${describe()}`;
  if (v.valid) return `mutated case accepted: ${describe()}`;
  if (got.size !== want.size || [...want].some((id) => !got.has(id))) return `check ids differ: ${describe()}`;
  for (const e of c.expected) {
    const hit = v.findings.some((f) => f.checkId === e.checkId && (e.unitId === undefined || f.unitId === e.unitId) && (e.byteOffset === undefined || f.byteOffset === e.byteOffset));
    if (!hit) return `expected finding missing: ${JSON.stringify(e)} in ${describe()}`;
  }
  return null;
}
