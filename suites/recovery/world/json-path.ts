import type { PathQuote, PathStep } from '../../../generators/recovery/types.js';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Renders a path below the message body as JSONPath (RFC 9535): dot notation for identifier
 * names, as the seed writes `$.parameters.scheduled_time`, bracket notation for any other name,
 * `[n]` for indices. A bracketed name is written in `quote` (RFC 9535 §2.3.1.1 allows both): in
 * single quotes with `\'` and `\\` escapes, or in double quotes with `\"` and `\\` escapes (the other
 * quote raw).
 */
export function renderPath(path: readonly PathStep[], quote: PathQuote = "'"): string {
  let out = '$';
  for (const s of path) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (IDENT.test(s)) out += `.${s}`;
    else out += `[${quote}${s.replace(/\\/g, '\\\\').replaceAll(quote, `\\${quote}`)}${quote}]`;
  }
  return out;
}

/** The value at `path` below `root`, or undefined. */
export function getAt(root: unknown, path: readonly PathStep[]): unknown {
  let v: unknown = root;
  for (const s of path) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, s)) return undefined;
    v = (v as Record<string | number, unknown>)[s];
  }
  return v;
}

/** The own member `s` of `v`, or undefined: never a member inherited from `Object.prototype` (`__proto__`, `constructor`). */
function own(v: unknown, s: PathStep): unknown {
  return v !== null && typeof v === 'object' && Object.hasOwn(v, s)
    ? (v as Record<string | number, unknown>)[s]
    : undefined;
}

/** Sets `value` as an own data property (so that a name such as `__proto__` stays a plain key). */
function put(v: object, s: PathStep, value: unknown): void {
  Object.defineProperty(v, s, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A copy of `root` with `value` set at `path`. The path's containers must be own members of the
 * copy: a missing one throws, rather than walking into `Object.prototype` (where the last step
 * would be set on every object of the process).
 */
export function setAt<T>(root: T, path: readonly PathStep[], value: unknown): T {
  const copy = JSON.parse(JSON.stringify(root)) as T;
  let v: unknown = copy;
  for (const s of path.slice(0, -1)) {
    v = own(v, s);
    if (v === null || typeof v !== 'object') throw new Error(`no container at ${String(s)}`);
  }
  if (v === null || typeof v !== 'object') throw new Error('no container');
  put(v, path[path.length - 1], value);
  return copy;
}

/**
 * Builds nested containers so that `path` holds `value`, on top of `base` (own members only, as
 * `setAt`): an object before a name, an array before an index (the items before it null).
 */
export function buildAt(
  base: Record<string, unknown>,
  path: readonly PathStep[],
  value: unknown,
): Record<string, unknown> {
  const out = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  let v: object = out;
  for (const [i, s] of path.slice(0, -1).entries()) {
    const next = own(v, s);
    const index = typeof path[i + 1] === 'number' ? (path[i + 1] as number) : undefined;
    const fits = next !== null && typeof next === 'object' && Array.isArray(next) === (index !== undefined);
    const obj = fits ? next : index !== undefined ? Array.from({ length: index }, () => null) : {};
    put(v, s, obj);
    v = obj;
  }
  put(v, path[path.length - 1], value);
  return out;
}
