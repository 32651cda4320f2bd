import { type UasCase, uasCaseBreaking } from '../../generators/uas/cases.js';
import { uasMutators } from '../../generators/uas/mutators/index.js';
import type { UasFinding, UasVerdict } from '../../src/contract/adapter.js';
import type { CaseClaim } from '../../src/engine/check.js';
import type { CaseSet } from '../../src/engine/kinds/common.js';
import type { VerdictExpectation, VerdictVocabulary } from '../../src/engine/kinds/verdict.js';
import type { SpecData } from '../../src/spec/index.js';
import type { UasCheckId } from '../../src/spec/uas.js';
import { rejectedUasFixture } from './fixtures.js';

/** Findings without any extra members an implementation attached (kept short in reports). */
export const brief = (fs: readonly UasFinding[] | undefined) =>
  (fs ?? []).map((f) => ({ checkId: f.checkId, unitId: f.unitId, byteOffset: f.byteOffset }));

/**
 * How `verifyUas`'s verdicts read in the UAS suite: a failure shows the verdict's validity and its
 * findings, briefly. A rejection must name its rule (D-UAS-02): `unnamed` when it does not.
 */
export const UAS_VERDICTS: VerdictVocabulary = {
  member: 'verifyUas',
  messages: {
    accepted: (p: { rule: string; family: string }) => `an artifact that breaks ${p.rule} (${p.family}) was accepted`,
    unnamed: (p: { rule: string; family: string }) =>
      `an artifact that breaks ${p.rule} (${p.family}) was rejected without a ${p.rule} finding`,
    rejected: () => 'a valid UAS document was rejected',
    misplaced: (p: { unitId: string; family: string; byteOffset: number }) =>
      `the verbatim mismatch of ${p.unitId} (${p.family}) was not reported at byte ${p.byteOffset}`,
  },
  answer: (v) => ({ valid: v.valid, findings: brief((v as UasVerdict).findings) }),
};

/** The arguments of `verifyUas` for a case: the implementation gets its own copy of the source bytes. */
export const uasArgs = (c: UasCase): unknown[] => [c.source.slice(), c.artifact];

/** The source as a report can hold it: UTF-8 text when it round-trips exactly, else base64. */
export function showSource(bytes: Uint8Array): { utf8: string } | { base64: string } {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buf.toString('utf8');
  return Buffer.from(text, 'utf8').equals(buf) ? { utf8: text } : { base64: buf.toString('base64') };
}

/** JSON-safe view of a case. */
export const showCase = (c: UasCase) => ({
  family: c.family,
  source: showSource(c.source),
  artifact: c.artifact,
  expected: c.expected,
});

/** Evidence tags of a case. */
export const tagsOf = (c: UasCase): string[] => [
  c.expected.length === 0 ? 'valid' : 'adversarial',
  `family:${c.family}`,
];

/**
 * What a mutated case says of itself (the claim's part of its expectation): findings of exactly the
 * checks its mutation broke, and every expected unit id and byte offset on a finding of that check
 * (a coordinate the mutation does not know is left out, and any value is then right).
 */
export function brokenBy(c: UasCase): Pick<Extract<VerdictExpectation, { valid: false }>, 'breaks' | 'at'> {
  const at = c.expected.filter((e) => e.unitId !== undefined || e.byteOffset !== undefined);
  return { breaks: [...new Set(c.expected.map((e) => e.checkId))], ...(at.length > 0 ? { at } : {}) };
}

/** What a case says of itself (`CheckDefinition.claim`): a valid case is accepted, a mutated one rejected as `brokenBy` says. */
export function uasClaim(c: UasCase): CaseClaim {
  const args = uasArgs(c);
  return c.expected.length === 0
    ? { member: 'verifyUas', args, valid: true }
    : { member: 'verifyUas', args, valid: false, ...brokenBy(c) };
}

/** A valid case: accepted. */
export const acceptedUas = (): VerdictExpectation => ({ valid: true, params: {}, expected: { valid: true } });

/** The `family:` tag of every mutator that breaks `id`: what a default run of its rejection check must reach. */
export const familiesBreaking = (id: UasCheckId): string[] =>
  [...new Set(uasMutators.filter((m) => m.breaks === id).flatMap((m) => m.families))].map((f) => `family:${f}`);

/**
 * The cases of a check over artifacts that break exactly one rule, its own (the mutators that break
 * `id`): the verdict must be invalid and name the rule (D-UAS-02): a finding whose `checkId` is
 * `id`. Other findings are allowed. A default run must reach every family of those mutators.
 */
export function uasRejections(id: UasCheckId): {
  cases: CaseSet<UasCase>;
  args: typeof uasArgs;
  expect: (c: UasCase) => VerdictExpectation;
} {
  return {
    cases: {
      arbitrary: (spec: SpecData) => uasCaseBreaking(id, spec.uas),
      reach: () => familiesBreaking(id),
      tags: tagsOf,
      show: showCase,
      fixture: rejectedUasFixture(id),
    },
    args: uasArgs,
    expect: (c) => ({
      valid: false,
      params: { rule: id, family: c.family },
      expected: { valid: false, findings: c.expected },
      ...brokenBy(c),
      requires: { checkIds: [id] },
    }),
  };
}
