import * as fc from 'fast-check';
import type { UasCheckId, UasSpec } from '../../src/spec/uas.js';
import { uasValidDocument } from './document.js';
import { MutatedArbitrary } from './mutated.js';
import { uasMutators } from './mutators/index.js';
import { structureFindings } from './mutators/findings.js';
import { blankId, blankRef, markupInId, severalRules } from './mutators/several.js';
import { modeMutators } from './mutators/verbatim-drift.js';
import { validVariants } from './mutators/valid.js';
import type { UasCase, UasMutator } from './mutation.js';

export type { UasCase } from './mutation.js';

/**
 * Valid cases under `spec`: documents a conforming verifier accepts, escaping variants included,
 * and now and then a document written in a way the generator never writes otherwise (digests in
 * upper case, comments inside a unit's text, another XML declaration), each its own family.
 */
export function uasValidCase(spec: UasSpec): fc.Arbitrary<UasCase> {
  const plain = uasValidDocument(spec).map(
    (d): UasCase => ({ family: 'valid', source: d.source.bytes, artifact: d.out.xml, expected: [] }),
  );
  return fc.oneof(
    { weight: 4, arbitrary: plain },
    ...validVariants.map((v) => ({ weight: 1, arbitrary: uasMutatedCase([v], spec) })),
  );
}

/** The mutators as one draw, each as often as its weight says (`UasMutator.weight`). */
function weighted(mutators: readonly UasMutator[]): fc.Arbitrary<UasMutator> {
  return fc.oneof(...mutators.map((m) => ({ weight: m.weight ?? 1, arbitrary: fc.constant(m) })));
}

/** Mutated cases from the given mutators, drawn by weight; inapplicable draws are discarded (fast-check filter). */
export function uasMutatedCase(mutators: readonly UasMutator[], spec: UasSpec): fc.Arbitrary<UasCase> {
  if (mutators.length === 0) throw new Error('no mutator selected');
  return new MutatedArbitrary(fc.tuple(uasValidDocument(spec), weighted(mutators))).filter(
    (m): m is UasCase => m !== null,
  );
}

/** Mutated cases that break one check. */
export function uasCaseBreaking(checkId: UasCheckId, spec: UasSpec): fc.Arbitrary<UasCase> {
  return uasMutatedCase(uasMutatorsBreaking(checkId), spec);
}

/** The mutators that break one check. */
export const uasMutatorsBreaking = (checkId: UasCheckId): UasMutator[] =>
  uasMutators.filter((m) => m.breaks === checkId);

/**
 * The verbatim mismatches (VAL-MISMATCH-COORDINATES): the mutators of VAL-VERBATIM whose findings
 * have coordinates, that is all but those of a preservation mode that is not one (no text is compared).
 */
export const uasMismatchMutators = (): UasMutator[] =>
  uasMutatorsBreaking('VAL-VERBATIM').filter((m) => !modeMutators.includes(m));

/** Cases with a verbatim mismatch, each naming the unit and byte of its first difference. */
export function uasMismatchCase(spec: UasSpec): fc.Arbitrary<UasCase> {
  return uasMutatedCase(uasMismatchMutators(), spec);
}

/** The mutators VAL-INTERCEPT-PACKET alone draws, each its own family of the check. */
const interceptMutators: readonly UasMutator[] = [severalRules, markupInId, blankRef, blankId, structureFindings];

/**
 * The family a case of VAL-INTERCEPT-PACKET belongs to: several broken rules, a unit whose id holds
 * markup characters, a reference left blank, a unit whose id is white space only, the document's
 * shape and vocabulary broken, or one rule (any family of any rule).
 */
export const interceptFamily = (c: UasCase): string =>
  interceptMutators.some((m) => m.families.includes(c.family)) ? c.family : 'one-rule';

/**
 * The cases of VAL-INTERCEPT-PACKET: a case of one rule, the rule drawn first (so that every rule
 * shows up), then one of its mutations; or a document that breaks several rules at once, so that a
 * packet naming another finding's check is seen; or a rule broken on a unit whose id holds `&`,
 * `<`, `>` and a CR, so that a packet that does not escape the id it names is seen; or a reference
 * left blank (or padded), so that a packet whose `failed_ref` copies it is seen; or a rule broken
 * on a unit whose id is white space only, so that a finding that names it anyway is seen; or the
 * document's shape and vocabulary broken in several ways at once (a root of another name, a
 * missing manifest, an unknown mode, elements and text where none belong), so that the packet of
 * every finding a verifier words on its own is judged in a default run.
 */
export function uasInterceptCase(spec: UasSpec): fc.Arbitrary<UasCase> {
  const rules = [...new Set(uasMutators.map((m) => m.breaks))];
  return fc.oneof(
    // Most cases break one rule, so that each rule's findings (and their packets) show up at the
    // default runs (8 of 14, about 57%); the shape of the document 2 of 14 (about 14%, each of its
    // ways in about half of them), each other family 1 of 14 (about 7%).
    { weight: 8, arbitrary: fc.oneof(...rules.map((id) => uasCaseBreaking(id, spec))) },
    { weight: 1, arbitrary: uasMutatedCase([severalRules], spec) },
    { weight: 1, arbitrary: uasMutatedCase([markupInId], spec) },
    { weight: 1, arbitrary: uasMutatedCase([blankRef], spec) },
    { weight: 1, arbitrary: uasMutatedCase([blankId], spec) },
    { weight: 2, arbitrary: uasMutatedCase([structureFindings], spec) },
  );
}
