import { escapeTerminal } from './escape.js';
import { jsonChunks } from './json.js';
import { counted } from '../model/words.js';
import { PLAIN, type Palette } from './terminal-style.js';

/**
 * A failing case as the terminal shows it, where the implementer works: the shrunk counterexample
 * pretty-printed and cut to one screen, the part the mutation changed (`focus`, a JSON Pointer into
 * the case) highlighted and kept in view, then expected and actual answers. `run` prints it for each
 * failure, `replay` for the case it replays; the whole case is in the failure file it names.
 */

/** Lines of the counterexample shown at most: a screen. */
export const CASE_LINES = 40;
/** The width of a case line (its margin not counted) when the terminal does not say (a pipe, a CI log): the same in every command's output. */
export const DEFAULT_COLUMNS = 100;
/** Lines shown above the focused member when the window has to scroll to it. */
const CONTEXT_ABOVE = 8;

/** What the block shows of one failing case. */
export interface FailureView {
  counterexample: unknown;
  expected: unknown;
  actual: unknown;
  /** JSON Pointer into the counterexample at the part the mutation changed. */
  focus?: string;
  /** Where the whole case is, as the user should type it (the failure file). */
  file?: string;
}

/** How the block is laid out. */
export interface FailureViewOptions {
  palette?: Palette;
  /** Terminal width, when known: lines are cut to it, margin included (else each line's text to `DEFAULT_COLUMNS`). */
  columns?: number;
  /** Left margin of every line. */
  indent?: string;
  /** Counterexample lines at most (default `CASE_LINES`). */
  maxLines?: number;
}

/** One line of a pretty-printed JSON value: the pointer of the member it belongs to, and its text, made on demand. */
export interface JsonLine {
  pointer: string;
  text(): string;
}

/** A member name as a JSON Pointer token (RFC 6901). */
function pointerToken(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A scalar as JSON, a long string cut before it is serialized (the line is cut to the screen anyway). */
function scalarJson(value: unknown, room: number): string {
  if (typeof value === 'string' && value.length > room) return `${JSON.stringify(value.slice(0, room)).slice(0, -1)}…"`;
  return JSON.stringify(value) ?? 'null';
}

/**
 * The lines of `value` as `JSON.stringify(value, null, 2)` writes them, each with the pointer of the
 * member it belongs to (a container's closing line too), lazily: a huge case is never serialized
 * whole, only the lines shown are.
 */
export function* jsonLines(
  value: unknown,
  room: number,
  pointer = '',
  depth = 0,
  key?: string,
  last = true,
): Generator<JsonLine> {
  const pad = '  '.repeat(depth);
  const head = key === undefined ? pad : `${pad}${JSON.stringify(key)}: `;
  const comma = last ? '' : ',';
  if (value !== null && typeof value === 'object') {
    const isArray = Array.isArray(value);
    const entries: [string, unknown][] = isArray
      ? (value as unknown[]).map((v, i) => [String(i), v])
      : Object.entries(value);
    const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) {
      yield { pointer, text: () => `${head}${open}${close}${comma}` };
      return;
    }
    yield { pointer, text: () => `${head}${open}` };
    for (const [i, [k, v]] of entries.entries())
      yield* jsonLines(
        v,
        room,
        `${pointer}/${pointerToken(k)}`,
        depth + 1,
        isArray ? undefined : k,
        i === entries.length - 1,
      );
    yield { pointer, text: () => `${pad}${close}${comma}` };
    return;
  }
  yield { pointer, text: () => `${head}${scalarJson(value, room)}${comma}` };
}

/** How wide a line's text may be after a margin of `margin` columns: the terminal's width less the margin, or `DEFAULT_COLUMNS`. */
function textWidth(options: FailureViewOptions, margin: number): number {
  return options.columns ? Math.max(20, options.columns - margin) : DEFAULT_COLUMNS;
}

/** Whether `pointer` is `focus` or inside it. */
export function within(pointer: string, focus: string): boolean {
  return pointer === focus || pointer.startsWith(`${focus}/`);
}

/** A line cut to `width` characters (code points), marked `…` when cut. */
function fit(line: string, width: number): string {
  const chars = [...line];
  return chars.length <= width ? line : `${chars.slice(0, Math.max(1, width - 1)).join('')}…`;
}

/** Where the focused member starts (its first line), and how many lines the value has. */
function locate(value: unknown, focus: string | undefined): { focusAt: number; total: number } {
  let focusAt = -1;
  let total = 0;
  for (const line of jsonLines(value, 0)) {
    if (focusAt < 0 && focus !== undefined && within(line.pointer, focus)) focusAt = total;
    total += 1;
  }
  return { focusAt, total };
}

/**
 * The lines of a value of `total` lines shown in a screen of `max`: all of them when they fit, else a
 * window with a marker line for what is left out above and below (markers included, `max` lines),
 * moved down when the focused line would be below it, so that it shows with `CONTEXT_ABOVE` lines
 * before it.
 */
export function windowOf(total: number, max: number, focusAt: number): { start: number; end: number } {
  if (total <= max) return { start: 0, end: total };
  const start = focusAt > max - 2 - CONTEXT_ABOVE ? focusAt - CONTEXT_ABOVE : 0;
  if (start > 0 && total - start <= max - 1) return { start: total - (max - 1), end: total };
  return { start, end: start + max - (start > 0 ? 2 : 1) };
}

/**
 * The counterexample cut to a screen (`windowOf`); focused lines marked `>` in the margin (seen
 * without colour too) and in the focus style. Each line is escaped for the terminal and cut to the width.
 */
export function caseLines(value: unknown, focus: string | undefined, options: FailureViewOptions = {}): string[] {
  const p = options.palette ?? PLAIN;
  const indent = options.indent ?? '';
  const width = textWidth(options, indent.length + 2);
  const { focusAt, total } = locate(value, focus);
  const { start, end } = windowOf(total, Math.max(3, options.maxLines ?? CASE_LINES), focusAt);
  const out: string[] = [];
  if (start > 0) out.push(`${indent}  ${p.dim(`… ${counted(start, 'line')} above`)}`);
  let at = 0;
  for (const line of jsonLines(value, width)) {
    if (at >= end) break;
    if (at >= start) {
      const text = fit(escapeTerminal(line.text()), width);
      out.push(
        focus !== undefined && within(line.pointer, focus) ? `${indent}${p.focus(`> ${text}`)}` : `${indent}  ${text}`,
      );
    }
    at += 1;
  }
  if (end < total) out.push(`${indent}  ${p.dim(`… ${counted(total - end, 'more line')}`)}`);
  return out;
}

/** A value on one line for `expected:` and `actual:`, compact JSON (a string as it is), escaped and cut to the width; never serialized whole. */
export function oneLineJson(value: unknown, width: number): string {
  if (value === undefined) return 'undefined';
  let text = '';
  if (typeof value === 'string') text = value.slice(0, width * 2);
  else for (const chunk of jsonChunks(value, 0)) if ((text += chunk).length > width * 2) break;
  // What was collected is either the whole value or longer than the width: `fit` marks the cut.
  return fit(escapeTerminal(text.slice(0, width * 2 + 1)), width);
}

/**
 * The block of one failing case: where the whole case is and what is highlighted, the case cut to a
 * screen, then what a conforming implementation answers (`expected`) and what this one answered (`actual`).
 */
export function renderFailureView(v: FailureView, options: FailureViewOptions = {}): string[] {
  const p = options.palette ?? PLAIN;
  const indent = options.indent ?? '';
  const width = textWidth(options, indent.length + 10);
  const where = v.file !== undefined ? ` (whole case: ${escapeTerminal(v.file)})` : '';
  const focusPresent = v.focus !== undefined && locate(v.counterexample, v.focus).focusAt >= 0;
  const focusNote =
    v.focus === undefined
      ? ''
      : focusPresent
        ? `, ${p.focus(`> ${escapeTerminal(v.focus)}`)} changed`
        : `, ${escapeTerminal(v.focus)} removed`;
  return [
    `${indent}counterexample${where}${focusNote}:`,
    ...caseLines(v.counterexample, focusPresent ? v.focus : undefined, { ...options, indent: `${indent}  ` }),
    `${indent}expected: ${oneLineJson(v.expected, width)}`,
    `${indent}actual:   ${oneLineJson(v.actual, width)}`,
  ];
}
