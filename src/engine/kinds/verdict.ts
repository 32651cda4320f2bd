import type { Finding, UasFinding, UasVerdict, Verdict } from '../../contract/adapter.js';
import type { SpecData } from '../../spec/index.js';
import { type CaseClaim, type CheckDefinition, failed, type FailureParams, type Messages, PASS } from '../check.js';
import { DEFAULT_NOW } from '../harness.js';
import { type CaseSet, type CheckMeta, fromMetaAndCases } from './common.js';

/** The validator members: each answers a verdict on its input, valid or not with findings. */
export type VerdictMember = 'validateEnvelope' | 'validateError' | 'verifyUas';

/**
 * How one validator member's verdicts read in a suite's reports: the member, the sentence of each
 * failure reason, and the answer as a report shows it. A suite states it once, as data; each of its
 * verdict checks names it.
 *
 * The reasons: `accepted` (a case that breaks the rule was answered valid), `rejected` (a valid case
 * was answered invalid), `unnamed` (rejected without the finding the rule requires), `misplaced`
 * (the required finding is missing where the rule fixes its coordinates). Each message is built
 * from the expectation's `params`.
 */
export interface VerdictVocabulary {
  member: VerdictMember;
  messages: Messages;
  /** The verdict as a failure's `actual` shows it. */
  answer(v: Verdict | UasVerdict): unknown;
}

/** A finding a rejection must carry: one naming any of `checkIds`, at `unitId` and `byteOffset` when given. */
export interface RequiredFinding {
  checkIds: readonly string[];
  unitId?: string;
  byteOffset?: number;
}

/**
 * What a case is, and what a conforming validator answers to it: what the run judges (`valid`, and
 * for a rejection the finding it `requires`), what a failure reports (`params`, `expected`), and
 * what the pack's own contract tests hold the reference to (`breaks`, `alsoAllowed`, `at`; see
 * `CaseClaim`).
 */
export type VerdictExpectation =
  | { valid: true; params: FailureParams; expected: unknown }
  | {
      valid: false;
      params: FailureParams;
      expected: unknown;
      /** The check ids of the rules the case breaks: every finding of the reference names one of them. */
      breaks: readonly string[];
      alsoAllowed?: readonly string[];
      at?: CaseClaim['at'];
      /**
       * A finding a run requires beyond `valid: false` (D-UAS-02: a UAS rejection names its rule).
       * One with coordinates is one claim: missing, it fails as `misplaced` whether or not the
       * verdict said valid; one without fails as `unnamed` when the verdict is invalid.
       */
      requires?: RequiredFinding;
    };

/** A check over a validator member: each case is valid or breaks a rule, and the verdict must say so. */
export interface VerdictCheckDefinition<T> extends CheckMeta {
  verdicts: VerdictVocabulary;
  cases: CaseSet<T>;
  /** The member's arguments for a case, judged with the clock `now` (the run's; the claim's is `DEFAULT_NOW`). */
  args(c: T, now: string): unknown[];
  expect(c: T, spec: SpecData): VerdictExpectation;
}

/** True when `findings` hold one that meets `want`. */
function holds(findings: readonly (Finding | UasFinding)[] | undefined, want: RequiredFinding): boolean {
  return (findings ?? []).some(
    (f) =>
      f.checkId !== undefined &&
      want.checkIds.includes(f.checkId) &&
      (want.unitId === undefined || (f as UasFinding).unitId === want.unitId) &&
      (want.byteOffset === undefined || (f as UasFinding).byteOffset === want.byteOffset),
  );
}

/** The verdict kind: the engine calls the member, judges the verdict against the expectation, and derives the claim. */
export function verdictCheck<T>(def: VerdictCheckDefinition<T>): CheckDefinition<T> {
  const { member, answer } = def.verdicts;
  const shape = member === 'verifyUas' ? 'uas-verdict' : 'verdict';
  return {
    ...fromMetaAndCases(def, def.cases),
    requires: [member],
    messages: def.verdicts.messages,
    async run(c, h) {
      const e = def.expect(c, h.spec);
      const v = await h.invoke<Verdict | UasVerdict>(member, def.args(c, h.now), shape);
      if (e.valid) return v.valid ? PASS : failed('rejected', e.params, e.expected, answer(v));
      const placed =
        e.requires !== undefined && (e.requires.unitId !== undefined || e.requires.byteOffset !== undefined);
      if (e.requires !== undefined && !(!v.valid && holds(v.findings, e.requires)))
        return failed(placed ? 'misplaced' : v.valid ? 'accepted' : 'unnamed', e.params, e.expected, answer(v));
      return v.valid ? failed('accepted', e.params, e.expected, answer(v)) : PASS;
    },
    claim(c, spec) {
      const e = def.expect(c, spec);
      const args = def.args(c, DEFAULT_NOW);
      if (e.valid) return { member, args, valid: true };
      return {
        member,
        args,
        valid: false,
        breaks: e.breaks,
        ...(e.alsoAllowed?.length ? { alsoAllowed: e.alsoAllowed } : {}),
        ...(e.at?.length ? { at: e.at } : {}),
      };
    },
  };
}
