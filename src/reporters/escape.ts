/**
 * Escaping for the published reports. Everything an adapter answered, and every counterexample,
 * reaches HTML and Markdown only through these functions: no report builds markup from raw data.
 */

import { jsonChunks } from './json.js';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Code points a page should never carry raw: C0/C1 controls (but tab, LF, CR), DEL, lone
 * surrogates and noncharacters U+FFFE/U+FFFF. They become U+FFFD so that the file stays
 * well-formed UTF-8 and the HTML parser never meets a NUL.
 */
const UNSAFE_CODE_POINTS =
  /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Characters that change how the text around them is displayed without showing themselves:
 * bidirectional overrides and isolates (the "Trojan Source" trick), zero-width and invisible
 * separators, the BOM. A reader must see that a counterexample holds one.
 */
const INVISIBLE = /[\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0]/g;

function hex4(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Text for an HTML text node (between tags) or a `<title>`: invisible and direction-changing
 * characters revealed as `\uXXXX` (an override in an adapter's name must not reorder the heading
 * or the window title), unsafe code points replaced, markup characters escaped. Revealing twice
 * changes nothing, so text already shown with `displayText` or `displayJson` stays as it is.
 */
export function escapeHtmlText(value: string): string {
  return revealInvisible(value)
    .replace(UNSAFE_CODE_POINTS, '\uFFFD')
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
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
 * visible), with invisible characters revealed. `undefined` shows as `undefined`. With `max`, at
 * most that many characters are shown, then how many were left out: a value of any size is
 * serialized piece by piece and never held whole (`jsonChunks`).
 */
export function displayJson(value: unknown, max = Infinity): string {
  if (value === undefined) return 'undefined';
  let head = '';
  let total = 0;
  for (const chunk of jsonChunks(value, 2)) {
    if (head.length <= max) head += chunk.slice(0, max + 1 - head.length);
    total += chunk.length;
  }
  return cutKnown(revealInvisible(head), total, max);
}

/** Prose (a failure message, a command) for display: verbatim but for revealed invisible characters; with `max`, cut as `truncate` cuts. */
export function displayText(value: string, max = Infinity): string {
  return cutKnown(revealInvisible(value.length > max ? value.slice(0, max + 1) : value), value.length, max);
}

/** The end of a cut at `max` that never splits a surrogate pair. */
function cutEnd(value: string, max: number): number {
  const code = value.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
}

/** `head` (the start of a text `total` characters long) cut at `max`, saying how much was left out. */
function cutKnown(head: string, total: number, max: number): string {
  if (total <= max && head.length <= max) return head;
  const end = cutEnd(head, Math.min(max, head.length));
  return `${head.slice(0, end)}\n… ${Math.max(total, head.length) - end} more characters (see report.json)`;
}

/** Cuts a long text, saying how much was left out (the full value stays in report.json). */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  const end = cutEnd(value, max);
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
  const body = revealInvisible(content).replace(UNSAFE_CODE_POINTS, '\uFFFD');
  return `${fence}${info}\n${body}${body.endsWith('\n') ? '' : '\n'}${fence}`;
}

/**
 * A Markdown code span on one line: newlines become spaces and the delimiter is longer than any
 * backtick run inside. With `table`, `|` is escaped too (GFM splits cells before code spans).
 */
export function markdownCode(content: string, options: { table?: boolean } = {}): string {
  let flat = revealInvisible(content).replace(UNSAFE_CODE_POINTS, '\uFFFD').replace(/\s+/g, ' ');
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
  return revealInvisible(value)
    .replace(UNSAFE_CODE_POINTS, '\uFFFD')
    .replace(/\s+/g, ' ')
    .replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`);
}

/**
 * Control characters a terminal acts on: C0 (but tab), DEL and C1. ESC starts the sequences that
 * set a window title, clear the screen or write the clipboard (OSC 52); C1 0x9B and 0x9D are their
 * one-byte forms. Shown as escapes, never sent raw.
 */
const TERMINAL_CONTROLS = /[\x00-\x08\x0A-\x1F\x7F-\x9F]/g;
const TERMINAL_NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\x1b': '\\e' };

/**
 * Text from the adapter (or a counterexample) for a terminal, on one line: every control
 * character shown as an escape (`\e`, `\n`, `\x07`, `\u009B`), invisible and direction-changing
 * characters revealed as `\uXXXX`, lone surrogates as U+FFFD. What the pack draws itself
 * (its own colours, the progress line) never goes through here.
 */
export function escapeTerminal(value: string): string {
  return revealInvisible(value)
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')
    .replace(
      TERMINAL_CONTROLS,
      (c) =>
        TERMINAL_NAMED[c] ??
        (c.charCodeAt(0) < 0x80 ? `\\x${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : hex4(c)),
    );
}
