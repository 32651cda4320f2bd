/**
 * fast-check counterexample paths (`3:0:0:0:…:1`) grow one step per accepted shrink, so a deep shrink
 * makes a path of hundreds of zeros. Replay commands write runs of a repeated step as `step*count`
 * (`3:0*143:1`); `expandPath` turns that back into the path fast-check takes.
 */
export const PATH_SYNTAX = /^\d+(\*\d+)?(:\d+(\*\d+)?)*$/;

/** Writes repeated steps as `step*count` (only where that is shorter). */
export function compactPath(path: string): string {
  if (path === '') return path;
  const steps = path.split(':');
  const out: string[] = [];
  for (let i = 0; i < steps.length; ) {
    let j = i;
    while (j < steps.length && steps[j] === steps[i]) j++;
    const n = j - i;
    const run = `${steps[i]}*${n}`;
    out.push(n > 1 && run.length < (steps[i]!.length + 1) * n - 1 ? run : Array(n).fill(steps[i]).join(':'));
    i = j;
  }
  return out.join(':');
}

/** The full fast-check path of a path written with `step*count` runs. Throws on malformed input. */
export function expandPath(path: string): string {
  if (!PATH_SYNTAX.test(path)) throw new Error(`not a replay path: "${path}"`);
  return path
    .split(':')
    .flatMap((step) => {
      const [s, n] = step.split('*');
      const count = n === undefined ? 1 : Number(n);
      if (count < 1 || count > 1_000_000) throw new Error(`not a replay path: "${path}"`);
      return Array(count).fill(s);
    })
    .join(':');
}
