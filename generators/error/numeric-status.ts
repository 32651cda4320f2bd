import fc from 'fast-check';
import type { ErrorSpec } from '../../src/spec/error.js';

/**
 * A `numeric_status` consistent with `code` under `spec`'s table (D-ERR-09): a status listed for the
 * code, a transport status (408, 429, 5xx) that fits any code, or a system code outside the HTTP range.
 */
export function alignedNumericStatus(code: string, spec: ErrorSpec): fc.Arbitrary<number> {
  const t = spec.numericAlignment;
  const [lo, hi] = t.httpRange;
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(t.codes[code]?.aligned ?? [400]), ...t.anyCode) },
    { weight: 2, arbitrary: fc.integer({ min: t.anyCodeFrom, max: hi }) },
    { weight: 1, arbitrary: fc.oneof(fc.integer({ min: -(2 ** 31), max: lo - 1 }), fc.integer({ min: hi + 1, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom(0, 14, 104, 110, 111, lo - 1, hi + 1)) },
  );
}

/** A `numeric_status` that unambiguously contradicts `code` under `spec`: a success status, or a 4xx of another kind. */
export function contradictingNumericStatus(code: string, spec: ErrorSpec): fc.Arbitrary<number> {
  const t = spec.numericAlignment;
  return fc.constantFrom(...(t.codes[code]?.contradicts ?? []), ...t.contradictsAnyCode);
}
