import type { PathStep } from '../../../generators/recovery/types.js';

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Renders a path below the message body as JSONPath (RFC 9535): dot notation for identifier
 * names, as the seed writes `$.parameters.scheduled_time`, bracket notation with single quotes
 * (and `\'`, `\\` escapes) for any other name, `[n]` for indices.
 */
export function renderPath(path: readonly PathStep[]): string {
  let out = '$';
  for (const s of path) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (IDENT.test(s)) out += `.${s}`;
    else out += `['${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
  }
  return out;
}

/** The value at `path` below `root`, or undefined. */
export function getAt(root: unknown, path: readonly PathStep[]): unknown {
  let v: unknown = root;
  for (const s of path) {
    if (v === null || typeof v !== 'object' || !Object.prototype.hasOwnProperty.call(v, s)) return undefined;
    v = (v as Record<string | number, unknown>)[s];
  }
  return v;
}

/** A copy of `root` with `value` set at `path` (the path's containers must exist). */
export function setAt<T>(root: T, path: readonly PathStep[], value: unknown): T {
  const copy = JSON.parse(JSON.stringify(root)) as T;
  let v = copy as unknown as Record<string | number, unknown>;
  for (const s of path.slice(0, -1)) v = v[s] as Record<string | number, unknown>;
  Object.defineProperty(v, path[path.length - 1], { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Builds nested objects so that `path` holds `value`, on top of `base`. */
export function buildAt(base: Record<string, unknown>, path: readonly PathStep[], value: unknown): Record<string, unknown> {
  const out = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  let v: Record<string | number, unknown> = out;
  for (const s of path.slice(0, -1)) {
    const next = v[s];
    const obj = next !== null && typeof next === 'object' && !Array.isArray(next) ? next : {};
    Object.defineProperty(v, s, { value: obj, enumerable: true, writable: true, configurable: true });
    v = obj as Record<string | number, unknown>;
  }
  Object.defineProperty(v, path[path.length - 1], { value, enumerable: true, writable: true, configurable: true });
  return out;
}
