/**
 * The JSONPath subset the reference policy reads in `correct_field` parameters (RFC 9535 singular
 * queries): `$`, then `.name`, `['name']` / `["name"]` with `\\`, `\'`, `\"` escapes, or `[index]`.
 */
export type Step = string | number;

/** Parses `path`, or returns null when it is not a singular query of that subset. */
export function parseJsonPath(path: string): Step[] | null {
  if (!path.startsWith('$')) return null;
  const steps: Step[] = [];
  let i = 1;
  while (i < path.length) {
    const ch = path[i];
    if (ch === '.') {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(path.slice(i + 1));
      if (!m) return null;
      steps.push(m[0]);
      i += 1 + m[0].length;
    } else if (ch === '[') {
      const q = path[i + 1];
      if (q === "'" || q === '"') {
        let j = i + 2;
        let name = '';
        while (j < path.length && path[j] !== q) {
          if (path[j] === '\\') j += 1;
          name += path[j] ?? '';
          j += 1;
        }
        if (path[j + 1] !== ']') return null;
        steps.push(name);
        i = j + 2;
      } else {
        const m = /^(\d+)\]/.exec(path.slice(i + 1));
        if (!m) return null;
        steps.push(Number(m[1]));
        i += 1 + m[0].length;
      }
    } else {
      return null;
    }
  }
  return steps;
}

/** The value at `steps` below `root`, or undefined. */
export function valueAt(root: unknown, steps: readonly Step[]): unknown {
  let v = root;
  for (const s of steps) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, s)) return undefined;
    v = (v as Record<string | number, unknown>)[s];
  }
  return v;
}

/** Sets `value` at `steps` in place (own data property, so a key such as `__proto__` stays a key). */
export function assignAt(root: unknown, steps: readonly Step[], value: unknown): boolean {
  let v = root;
  for (const s of steps.slice(0, -1)) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, s)) return false;
    v = (v as Record<string | number, unknown>)[s];
  }
  if (v === null || typeof v !== 'object' || steps.length === 0) return false;
  Object.defineProperty(v, steps[steps.length - 1], { value, enumerable: true, writable: true, configurable: true });
  return true;
}
