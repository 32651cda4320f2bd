import * as fc from 'fast-check';
import type { ErrorSpec } from '../../src/spec/error.js';

/**
 * A `numeric_status` consistent with `code` under `spec`'s table (D-ERR-09): a status listed for the
 * code, a transport status that fits any code (`anyCode`, `anyCodeFrom` and up), or a system code
 * outside the HTTP range. A code without a row is never compared, so any of these fits it.
 */
export function alignedNumericStatus(code: string, spec: ErrorSpec): fc.Arbitrary<number> {
  const t = spec.numericAlignment;
  const [lo, hi] = t.httpRange;
  const listed = [...(Object.hasOwn(t.codes, code) ? t.codes[code]!.aligned : [400]), ...t.anyCode];
  const branches: { weight: number; arbitrary: fc.Arbitrary<number> }[] = [
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.integer({ min: -(2 ** 31), max: lo - 1 }),
        fc.integer({ min: hi + 1, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom(0, 14, 104, 110, 111, lo - 1, hi + 1),
      ),
    },
  ];
  if (listed.length > 0) branches.push({ weight: 3, arbitrary: fc.constantFrom(...listed) });
  if (t.anyCodeFrom <= hi)
    branches.push({ weight: 2, arbitrary: fc.integer({ min: Math.max(t.anyCodeFrom, lo), max: hi }) });
  return fc.oneof(...branches);
}

/**
 * The statuses that unambiguously contradict `code` under `spec` (a success status, or a 4xx of
 * another kind); empty for a code without a row, which is never compared.
 */
export function contradictingStatuses(code: string, spec: ErrorSpec): number[] {
  const t = spec.numericAlignment;
  // An own row only: a code named `constructor` (an open registry's) has none, whatever every object inherits.
  if (!Object.hasOwn(t.codes, code)) return [];
  const row = t.codes[code]!;
  return [...new Set([...row.contradicts, ...t.contradictsAnyCode])];
}

/** A `numeric_status` that unambiguously contradicts `code` under `spec`, or null when none does. */
export function contradictingNumericStatus(code: string, spec: ErrorSpec): fc.Arbitrary<number | null> {
  const statuses = contradictingStatuses(code, spec);
  return statuses.length > 0 ? fc.constantFrom(...statuses) : fc.constant(null);
}
