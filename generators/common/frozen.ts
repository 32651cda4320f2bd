/**
 * Freezes `value` and everything it holds, and returns it. A generated case is built once and then
 * shared: fast-check hands the same value to a map again while it shrinks, and the maps after it
 * (mutators, sealing) copy only what they change. Frozen, a value that something edits in place
 * throws at the edit (modules are strict) instead of changing other cases silently.
 */
export function deepFrozen<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  // Generated values are JSON-like: their members are own, enumerable and named by strings.
  for (const v of Object.values(value)) if (v !== null && typeof v === 'object') deepFrozen(v);
  return value;
}
