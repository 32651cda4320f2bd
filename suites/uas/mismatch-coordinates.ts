import { uasMismatchCase, uasMismatchMutators } from '../../generators/uas/cases.js';
import { defineCheck, fail, PASS } from '../../src/engine/check.js';
import { brief, showCase, tagsOf, uasClaim, verify } from './common.js';
import { mismatchFixture } from './fixtures.js';

/**
 * VAL-MISMATCH-COORDINATES: a verbatim mismatch is reported with the unit id and the absolute byte
 * offset in the source of the first differing byte (seed 003 §3.2 step 4). The finding may carry
 * `VAL-VERBATIM` or this id (D-UAS-09); an implementation that halts at the first mismatch is
 * held to the first mismatching unit only. The cases are the verbatim mismatches of VAL-VERBATIM
 * (not its unknown modes, which compare no text): among them differences after multi-byte
 * characters, inside one, at the last byte, and just past the end of the span.
 */
export const mismatchCoordinates = defineCheck({
  id: 'VAL-MISMATCH-COORDINATES',
  title: 'A verbatim mismatch is reported with its unit id and exact byte offset',
  suite: 'uas',
  severity: 'MUST',
  specRef: '003 §3.2 step 4 (Deterministic Halting: exact mismatch coordinates)',
  requires: ['verifyUas'],
  decisions: ['D-UAS-02', 'D-UAS-09'],
  statement:
    'A verbatim mismatch is reported by a VAL-VERBATIM or VAL-MISMATCH-COORDINATES finding carrying the unit id and the absolute offset in the source of the first byte where the UTF-8 text and the span differ (the end of the shorter one when one is a prefix of the other), at least for the first mismatching unit (003 §3.2 step 4; D-UAS-09).',
  arbitrary: (spec) => uasMismatchCase(spec.uas),
  async run(input, h) {
    const want = input.expected[0];
    const v = await verify(h, input);
    const hit = (v.findings ?? []).some(
      (f) =>
        (f.checkId === 'VAL-VERBATIM' || f.checkId === 'VAL-MISMATCH-COORDINATES') &&
        f.unitId === want.unitId &&
        f.byteOffset === want.byteOffset,
    );
    if (!v.valid && hit) return PASS;
    return fail(
      `the verbatim mismatch of ${want.unitId} (${input.family}) was not reported at byte ${want.byteOffset}`,
      { valid: false, finding: want },
      { valid: v.valid, findings: brief(v.findings) },
    );
  },
  show: showCase,
  tags: tagsOf,
  reach: () => [...new Set(uasMismatchMutators().flatMap((m) => m.families))].map((f) => `family:${f}`),
  claim: uasClaim,
  fixture: mismatchFixture,
});
