import { type UasCase, uasMismatchCase, uasMismatchMutators } from '../../generators/uas/cases.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { mismatchFixture } from './fixtures.js';
import { brokenBy, showCase, tagsOf, UAS_VERDICTS, uasArgs } from './verdicts.js';

/**
 * VAL-MISMATCH-COORDINATES: a verbatim mismatch is reported with the unit id and the absolute byte
 * offset in the source of the first differing byte (seed 003 §3.2 step 4). The finding may carry
 * `VAL-VERBATIM` or this id (D-UAS-09); an implementation that halts at the first mismatch is
 * held to the first mismatching unit only. The cases are the verbatim mismatches of VAL-VERBATIM
 * (not its unknown modes, which compare no text): among them differences after multi-byte
 * characters, inside one, at the last byte, and just past the end of the span.
 */
export const mismatchCoordinates = verdictCheck<UasCase>({
  id: 'VAL-MISMATCH-COORDINATES',
  title: 'A verbatim mismatch is reported with its unit id and exact byte offset',
  suite: 'uas',
  severity: 'MUST',
  specRef: '003 §3.2 step 4 (Deterministic Halting: exact mismatch coordinates)',
  decisions: ['D-UAS-02', 'D-UAS-09'],
  statement:
    'A verbatim mismatch is reported by a VAL-VERBATIM or VAL-MISMATCH-COORDINATES finding carrying the unit id and the absolute offset in the source of the first byte where the UTF-8 text and the span differ (the end of the shorter one when one is a prefix of the other), at least for the first mismatching unit (003 §3.2 step 4; D-UAS-09).',
  verdicts: UAS_VERDICTS,
  cases: {
    arbitrary: (spec) => uasMismatchCase(spec.uas),
    show: showCase,
    tags: tagsOf,
    reach: () => [...new Set(uasMismatchMutators().flatMap((m) => m.families))].map((f) => `family:${f}`),
    fixture: mismatchFixture,
  },
  args: uasArgs,
  expect(c) {
    const want = c.expected[0]!;
    return {
      valid: false,
      params: { unitId: want.unitId, family: c.family, byteOffset: want.byteOffset },
      expected: { valid: false, finding: want },
      ...brokenBy(c),
      requires: {
        checkIds: ['VAL-VERBATIM', 'VAL-MISMATCH-COORDINATES'],
        ...(want.unitId !== undefined ? { unitId: want.unitId } : {}),
        ...(want.byteOffset !== undefined ? { byteOffset: want.byteOffset } : {}),
      },
    };
  },
});
