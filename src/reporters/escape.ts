/**
 * Escaping for the published reports. Everything an adapter answered, and every counterexample,
 * reaches HTML and Markdown only through these functions: no report builds markup from raw data.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Code points a page should never carry raw: C0/C1 controls (but tab, LF, CR), DEL, lone
 * surrogates and noncharacters U+FFFE/U+FFFF. They become U+FFFD so that the file stays
 * well-formed UTF-8 and the HTML parser never meets a NUL.
 */
const UNSAFE_CODE_POINTS = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Characters that change how the text around them is displayed without showing themselves:
 * bidirectional overrides and isolates (the "Trojan Source" trick), zero-width and invisible
 * separators, the BOM. A reader must see that a counterexample holds one.
 */
const INVISIBLE = /[\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0]/g;

function hex4(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Text for an HTML text node (between tags). */
export function escapeHtmlText(value: string): string {
  return value.replace(UNSAFE_CODE_POINTS, '\uFFFD').replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * Text for a double-quoted HTML attribute value. Same escapes as text (quotes included), so a
 * value can never close its attribute or its tag. Callers always quote attributes.
 */
export function escapeHtmlAttr(value: string): string {
  return escapeHtmlText(value);
}

/**
 * Makes invisible and direction-changing characters visible as `\uXXXX`. Inside JSON strings the
 * result is still valid JSON meaning the same value, so a copied counterexample stays exact.
 */
export function revealInvisible(value: string): string {
  return value.replace(INVISIBLE, hex4);
}

/**
 * A value as pretty JSON for display, strings included (so CRLF, trailing spaces and escapes stay
 * visible), with invisible characters revealed. `undefined` shows as `undefined`.
 */
export function displayJson(value: unknown): string {
  return revealInvisible(JSON.stringify(value, null, 2) ?? String(value));
}

/** Prose (a failure message, a command) for display: verbatim but for revealed invisible characters. */
export function displayText(value: string): string {
  return revealInvisible(value);
}

/** Cuts a long text, saying how much was left out (the full value stays in report.json). */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  // Never cut a surrogate pair in half.
  let end = max;
  const code = value.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${value.slice(0, end)}\n… ${value.length - end} more characters (see report.json)`;
}

/** The longest run of backticks in a text (0 when none). */
function longestBacktickRun(value: string): number {
  let max = 0;
  for (const m of value.matchAll(/`+/g)) max = Math.max(max, m[0].length);
  return max;
}

/**
 * A Markdown fenced code block that its content cannot close: the fence is longer than any
 * backtick run inside. Content is literal in a code block, so mentions, links and HTML stay inert.
 */
export function markdownFence(content: string, info = ''): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
  const body = content.replace(UNSAFE_CODE_POINTS, '\uFFFD');
  return `${fence}${info}\n${body}${body.endsWith('\n') ? '' : '\n'}${fence}`;
}

/**
 * A Markdown code span on one line: newlines become spaces and the delimiter is longer than any
 * backtick run inside. With `table`, `|` is escaped too (GFM splits cells before code spans).
 */
export function markdownCode(content: string, options: { table?: boolean } = {}): string {
  let flat = content.replace(UNSAFE_CODE_POINTS, '\uFFFD').replace(/\s+/g, ' ');
  if (options.table) flat = flat.replace(/\|/g, '\\|');
  const ticks = '`'.repeat(longestBacktickRun(flat) + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat.trim() === '' ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/**
 * Plain inline Markdown text on one line, never at a line start (so list and heading markers need
 * no escape): the characters that start emphasis, links, code, HTML, entities or table cells are
 * backslash-escaped (CommonMark allows a backslash before any ASCII punctuation).
 */
export function escapeMarkdownText(value: string): string {
  return value
    .replace(UNSAFE_CODE_POINTS, '\uFFFD')
    .replace(/\s+/g, ' ')
    .replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`);
}
