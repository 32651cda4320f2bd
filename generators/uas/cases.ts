import fc from 'fast-check';
import type { UasCheckId, UasSpec } from '../../src/spec/uas.js';
import { uasValidDocument } from './document.js';
import { MutatedArbitrary } from './mutated.js';
import { uasMutators } from './mutators/index.js';
import type { UasCase, UasMutator } from './mutation.js';

export type { UasCase } from './mutation.js';

/** Valid cases under `spec`: documents a conforming verifier accepts, escaping variants included. */
export function uasValidCase(spec: UasSpec): fc.Arbitrary<UasCase> {
  return uasValidDocument(spec).map((d) => ({ family: 'valid', source: d.source.bytes, artifact: d.out.xml, expected: [] }));
}

/** Mutated cases from the given mutators; inapplicable draws are discarded (fast-check filter). */
export function uasMutatedCase(mutators: readonly UasMutator[], spec: UasSpec): fc.Arbitrary<UasCase> {
  if (mutators.length === 0) throw new Error('no mutator selected');
  return new MutatedArbitrary(fc.tuple(uasValidDocument(spec), fc.constantFrom(...mutators))).filter((m): m is UasCase => m !== null);
}

/** Mutated cases that break one check. */
export function uasCaseBreaking(checkId: UasCheckId, spec: UasSpec): fc.Arbitrary<UasCase> {
  return uasMutatedCase(uasMutators.filter((m) => m.breaks === checkId), spec);
}
