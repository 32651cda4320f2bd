/**
 * Whether two JSON values are the same value as RFC 8785 sees them: arrays in order, object members
 * in any order, numbers by value (-0 and 0 alike), strings by their code units. It answers as
 * comparing the two canonical JSON texts would, for any value JSON can carry, without building
 * either text: a judge compares every case's answer with what it expected, and two canonical
 * serialisations per comparison were a tenth of a wire suite's time.
 *
 * Written here rather than taken from a deep-equality package: those call `valueOf`, `toString`
 * or `constructor` on the values, which adversarial JSON has as member names (and `-0` is not `0`
 * to `util.isDeepStrictEqual`). Not JSON (a non-finite number, a cycle, a depth no stack holds):
 * false, never a throw.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  try {
    return same(a, b);
  } catch {
    return false;
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

function same(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) {
    return a === b && (typeof a !== 'number' || Number.isFinite(a));
  }
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    const x = a as unknown[];
    const y = b as unknown[];
    if (x.length !== y.length) return false;
    for (let i = 0; i < x.length; i++) if (!same(x[i], y[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const k of keys) if (!hasOwn.call(y, k) || !same(x[k], y[k])) return false;
  return true;
}
