/**
 * Names every JavaScript object inherits. A validator that looks values or members up with `in` or
 * `obj[x]` takes them for members of its own tables (an enum, the registry, the declared members), and
 * one that calls `obj.hasOwnProperty(...)` breaks on a payload that has such a member of its own.
 */
export const PROTOTYPE_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
] as const;

/** Sets `obj[key]` as an own, enumerable member, `__proto__` included (as JSON.parse makes it). */
export function setOwn(obj: object, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}
