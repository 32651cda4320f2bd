import type { Adapter } from '../../src/contract/adapter.js';
import type { CaseClaim } from '../../src/engine/check.js';

/**
 * Holding a case's claim (`CaseClaim`, src/engine/check.ts) to an implementation's verdict: the
 * judge of the catalog's claims test and of the overrides test.
 */
export interface Judged {
  valid: boolean;
  checkIds: string[];
  findings: { checkId?: string; unitId?: string; byteOffset?: number }[];
}

export async function judge(adapter: Adapter, claim: CaseClaim): Promise<Judged> {
  const member = adapter[claim.member] as (...a: unknown[]) => unknown;
  if (claim.member === 'fromKeyless' || claim.member === 'toKeyless') {
    try {
      await member.apply(adapter, [...claim.args]);
      return { valid: true, checkIds: [], findings: [] };
    } catch {
      return { valid: false, checkIds: [], findings: [] };
    }
  }
  const v = (await member.apply(adapter, structuredClone([...claim.args]))) as {
    valid: boolean;
    findings?: Judged['findings'];
  };
  const findings = v.findings ?? [];
  return { valid: v.valid, checkIds: [...new Set(findings.map((f) => f.checkId ?? '?'))].sort(), findings };
}

/** Null when the reference's verdict agrees with the case's claim, else what differs. */
export function disagreement(claim: CaseClaim, got: Judged): string | null {
  if (claim.valid) return got.valid ? null : `a valid case was rejected: ${JSON.stringify(got.findings).slice(0, 400)}`;
  if (got.valid) return 'a case that breaks a rule was accepted';
  if (claim.member === 'fromKeyless' || claim.member === 'toKeyless') return null;
  const breaks = claim.breaks ?? [];
  const allowed = new Set([...breaks, ...(claim.alsoAllowed ?? [])]);
  // A break may be named by the more specific rule it also breaks (a removed correlation id is a
  // missing required field too): every finding names an allowed rule, and at least one is named.
  const foreign = got.checkIds.filter((id) => !allowed.has(id));
  if (foreign.length || got.checkIds.length === 0)
    return `breaks ${JSON.stringify(breaks)} (or ${JSON.stringify(claim.alsoAllowed ?? [])}), the reference named ${JSON.stringify(got.checkIds)}`;
  for (const at of claim.at ?? []) {
    const hit = got.findings.some(
      (f) =>
        f.checkId === at.checkId &&
        (at.unitId === undefined || f.unitId === at.unitId) &&
        (at.byteOffset === undefined || f.byteOffset === at.byteOffset),
    );
    if (!hit) return `no finding at ${JSON.stringify(at)} among ${JSON.stringify(got.findings).slice(0, 400)}`;
  }
  return null;
}
