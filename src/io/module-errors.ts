/**
 * Why an adapter module could not be loaded, in one line a user can act on. A TypeScript module is
 * compiled by esbuild (directly or through tsx), whose error message starts with `Build failed with
 * N error(s):` or `Transform failed with N error(s):` and names file, line, column and reason on the
 * following lines: that is the line to show, not the first. Any other error shows its first line.
 * Never throws (a thrown value may be hostile: its `message` a throwing getter).
 */
export function moduleLoadProblem(e: unknown): string {
  let message: string;
  try {
    message = e instanceof Error ? String(e.message) : String(e);
  } catch {
    return 'the module threw a value that cannot be shown';
  }
  const lines = message
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const transform = /^(?:Transform|Build) failed with (\d+) errors?:?$/.exec(lines[0] ?? '');
  if (transform) {
    const first = lines.slice(1).find((l) => /:\d+:\d+: ERROR: /.test(l));
    if (first) {
      const [, where, reason] = /^(.*:\d+:\d+): ERROR: (.*)$/.exec(first)!;
      const more = Number(transform[1]) - 1;
      return `syntax error at ${where}: ${reason}${more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : ''}`.slice(
        0,
        500,
      );
    }
  }
  return (lines[0] ?? 'unknown error').slice(0, 300);
}
