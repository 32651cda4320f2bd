import fc from 'fast-check';
import type { UasCheckId } from '../../src/spec/uas.js';
import { uasValidDocument } from './document.js';
import { uasMutators } from './mutators/index.js';
import type { ExpectedFinding, Mutator } from './mutation.js';

/** One case of the UAS suite: a source, an artifact, and what a verifier must find (nothing when valid). */
export interface UasCase {
  family: string;
  source: Uint8Array;
  artifact: string;
  expected: ExpectedFinding[];
}

/** Valid cases: documents a conforming verifier accepts, escaping variants included. */
export function uasValidCase(): fc.Arbitrary<UasCase> {
  return uasValidDocument().map((d) => ({ family: 'valid', source: d.source.bytes, artifact: d.out.xml, expected: [] }));
}

/** Mutated cases from the given mutators; inapplicable draws are discarded (fast-check filter). */
export function uasMutatedCase(mutators: readonly Mutator[]): fc.Arbitrary<UasCase> {
  if (mutators.length === 0) throw new Error('no mutator selected');
  return fc
    .tuple(uasValidDocument(), fc.constantFrom(...mutators), fc.array(fc.nat({ max: 1 << 20 }), { minLength: 3, maxLength: 3 }))
    .map(([d, m, picks]) => m.apply(d, picks))
    .filter((m): m is NonNullable<typeof m> => m !== null);
}

/** Mutated cases that break one check. */
export function uasCaseBreaking(checkId: UasCheckId): fc.Arbitrary<UasCase> {
  return uasMutatedCase(uasMutators.filter((m) => m.breaks === checkId));
}
