import { fail, PASS, type CaseClaim, type CaseResult, type Harness } from '../../src/engine/check.js';
import { DEFAULT_NOW } from '../../src/engine/harness.js';
import type { Verdict } from '../../src/contract/adapter.js';

/** Asks the implementation about `payload` (the harness gives it its own copy: it cannot mutate our case). */
export function validate(h: Harness, payload: unknown): Promise<Verdict> {
  return h.invoke<Verdict>('validateError', [payload, { now: h.now }], 'verdict');
}

/**
 * The call a claim names for `payload`: `validateError` as `validate` makes it. No error rule reads
 * the clock, so the pack's default instant stands for the run's.
 */
export function claimOf(payload: unknown): Pick<CaseClaim, 'member' | 'args'> {
  return { member: 'validateError', args: [payload, { now: DEFAULT_NOW }] };
}

/** Passes when the implementation accepts a payload that is valid by the seed and spec/error.json. */
export async function expectAccepted(h: Harness, payload: unknown, why: string): Promise<CaseResult> {
  const v = await validate(h, payload);
  if (v.valid) return PASS;
  return fail(
    `a valid error payload was rejected (${why})`,
    { valid: true },
    { valid: false, findings: v.findings ?? [] },
  );
}

/**
 * Passes when the implementation rejects the payload. Which finding it gives does not matter
 * (implementations need not use the pack's check ids); the findings are kept for the report.
 */
export async function expectRejected(
  h: Harness,
  payload: unknown,
  checkId: string,
  family: string,
): Promise<CaseResult> {
  const v = await validate(h, payload);
  if (!v.valid) return PASS;
  return fail(
    `an error payload that breaks ${checkId} (${family}) was accepted`,
    { valid: false, rule: checkId, family },
    { valid: true, findings: v.findings ?? [] },
  );
}
