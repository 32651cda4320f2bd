import {
  defineCheck,
  fail,
  PASS,
  type CaseClaim,
  type CaseResult,
  type CheckDefinition,
  type Harness,
} from '../../src/engine/check.js';
import type { UasFinding, UasVerdict } from '../../src/contract/adapter.js';
import type { UasCheckId } from '../../src/spec/uas.js';
import { uasCaseBreaking, type UasCase } from '../../generators/uas/cases.js';
import { uasMutators } from '../../generators/uas/mutators/index.js';
import type { SpecData } from '../../src/spec/index.js';
import { rejectedUasFixture } from './fixtures.js';

/** The arguments of `verifyUas` for a case: the implementation gets its own copy of the source bytes. */
const verifyArgs = (c: UasCase) => [c.source.slice(), c.artifact] as const;

/** Asks the implementation to verify a case. */
export function verify(h: Harness, c: UasCase): Promise<UasVerdict> {
  return h.invoke<UasVerdict>('verifyUas', [...verifyArgs(c)], 'uas-verdict');
}

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
 * What a case says of itself (the check's `claim`): a valid case is accepted; a mutated one is
 * rejected with findings of exactly the checks its mutation broke, and every expected unit id and
 * byte offset appears on a finding of that check (a coordinate the mutation does not know is left
 * out, and any value is then right).
 */
export function uasClaim(c: UasCase): CaseClaim {
  const args = verifyArgs(c);
  if (c.expected.length === 0) return { member: 'verifyUas', args, valid: true };
  const at = c.expected.filter((e) => e.unitId !== undefined || e.byteOffset !== undefined);
  return {
    member: 'verifyUas',
    args,
    valid: false,
    breaks: [...new Set(c.expected.map((e) => e.checkId))],
    ...(at.length > 0 ? { at } : {}),
  };
}

/** Findings without any extra members an implementation attached (kept short in reports). */
export const brief = (fs: readonly UasFinding[] | undefined) =>
  (fs ?? []).map((f) => ({ checkId: f.checkId, unitId: f.unitId, byteOffset: f.byteOffset }));

/** What differs between the suite's "reject with this check id" checks. */
export interface RejectionCheck {
  id: UasCheckId;
  title: string;
  specRef: string;
  decisions: string[];
  /** The seed clause the check enforces, in the pack's words: one sentence an implementer can act on. */
  statement: string;
  /** The tags a default run must show (`CheckDefinition.reach`); by default, every family of the mutators that break `id`. */
  reach?: (spec: SpecData) => readonly string[];
}

/** The `family:` tag of every mutator that breaks `id`: what a default run of its rejection check must reach. */
export const familiesBreaking = (id: UasCheckId): string[] =>
  [...new Set(uasMutators.filter((m) => m.breaks === id).flatMap((m) => m.families))].map((f) => `family:${f}`);

/**
 * A check over artifacts that break exactly one rule, its own (the mutators that break `id`): the
 * verdict must be invalid and name the rule (D-UAS-02): a finding whose `checkId` is this check's
 * id. Other findings are allowed.
 */
export function rejectionCheck(c: RejectionCheck): CheckDefinition<UasCase> {
  return defineCheck<UasCase>({
    id: c.id,
    title: c.title,
    suite: 'uas',
    severity: 'MUST',
    specRef: c.specRef,
    statement: c.statement,
    requires: ['verifyUas'],
    decisions: ['D-UAS-02', ...c.decisions],
    arbitrary: (spec) => uasCaseBreaking(c.id, spec.uas),
    async run(input, h): Promise<CaseResult> {
      const v = await verify(h, input);
      if (!v.valid && (v.findings ?? []).some((f) => f.checkId === c.id)) return PASS;
      const expected = { valid: false, findings: input.expected };
      if (v.valid)
        return fail(`an artifact that breaks ${c.id} (${input.family}) was accepted`, expected, {
          valid: true,
          findings: brief(v.findings),
        });
      return fail(
        `an artifact that breaks ${c.id} (${input.family}) was rejected without a ${c.id} finding`,
        expected,
        { valid: false, findings: brief(v.findings) },
      );
    },
    show: showCase,
    tags: tagsOf,
    reach: c.reach ?? (() => familiesBreaking(c.id)),
    claim: uasClaim,
    fixture: rejectedUasFixture(c.id),
  });
}
