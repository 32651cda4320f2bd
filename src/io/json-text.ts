/**
 * Why a text is not JSON, in one line a user can act on: the reason and the line and column,
 * never the raw engine message (which quotes the file's content, newlines included).
 */

/** The 1-based line and column of a UTF-16 offset in `text`. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/**
 * The reason `JSON.parse(text)` threw `e`, as `<reason> at line L, column C` (the position when the
 * engine gives one; the end of the text for an unexpected end).
 */
export function jsonProblem(text: string, e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const reason = message
    .replace(/, (\.\.\.)?"[\s\S]*" is not valid JSON$/, '')
    .replace(/ in JSON at position \d+[\s\S]*$/, '')
    .replace(/\s+/g, ' ')
    .slice(0, 200);
  const at = /at position (\d+)/.exec(message);
  const offset = at
    ? Number(at[1])
    : /end of JSON input/.test(message)
      ? text.length
      : offsetFromExcerpt(text, message);
  const { line, column } = lineColumn(text, offset);
  return `${reason} at line ${line}, column ${column}`;
}

/**
 * Where the text stops being JSON when the engine quotes an excerpt instead of a position
 * (`Unexpected token 'o', ..."x": nope..." is not valid JSON`): the excerpt found in the text, and
 * the unexpected token inside it; the first non-blank character when neither is found.
 */
function offsetFromExcerpt(text: string, message: string): number {
  const quoted = /, (?:\.\.\.)?"([\s\S]*?)(?:\.\.\.)?" is not valid JSON$/.exec(message)?.[1];
  const token = /^Unexpected token '(.)'/.exec(message)?.[1];
  const start = quoted ? text.indexOf(quoted) : -1;
  if (start >= 0) {
    const inside = token !== undefined ? quoted!.indexOf(token) : -1;
    return start + Math.max(0, inside);
  }
  return /\S/.exec(text)?.index ?? 0;
}
