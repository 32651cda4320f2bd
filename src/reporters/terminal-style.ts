import picocolors from 'picocolors';
import type { CheckStatus } from '../model/report.js';

/**
 * How the pack writes to a terminal: colour (through picocolors, decided per stream, never from
 * the process's own stdout) and counted nouns. What is coloured is the pack's own text (statuses,
 * the highlighted line of a counterexample); adapter text is escaped before it is wrapped.
 */

/** A stream as the colour decision needs it: `process.stdout`, `process.stderr`, or a fake one in tests. */
export interface StyledStream {
  isTTY?: boolean;
  columns?: number;
}

/** An environment variable counts as set when it holds anything but the empty string. */
function isSet(value: string | undefined): value is string {
  return value !== undefined && value !== '';
}

/**
 * Whether text written to `stream` is coloured: never with `NO_COLOR` set (any non-empty value, as
 * no-color.org says); always with `FORCE_COLOR` set (but `0` or `false`, which force it off), even
 * into a pipe; otherwise only on a terminal that is not `TERM=dumb`.
 */
export function colourEnabled(stream: StyledStream, env: Record<string, string | undefined>): boolean {
  if (isSet(env.NO_COLOR)) return false;
  if (isSet(env.FORCE_COLOR)) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** The styles the terminal output uses, by meaning; each the identity when colour is off. */
export interface Palette {
  readonly enabled: boolean;
  /** Text standing for a check status (`PASS`, `FAIL`, `3 failed`...). */
  status(status: CheckStatus, text: string): string;
  /** The part of a counterexample the mutation changed. */
  focus(text: string): string;
  /** Secondary text: how a case is cut, where the full file is. */
  dim(text: string): string;
  bold(text: string): string;
}

/** A palette whose every style is on or off. */
export function palette(enabled: boolean): Palette {
  const c = picocolors.createColors(enabled);
  const byStatus: Record<CheckStatus, (s: string) => string> = {
    passed: c.green,
    failed: c.red,
    errored: c.magenta,
    skipped: c.dim,
    'not-judged': c.yellow,
  };
  return {
    enabled,
    status: (status, text) => byStatus[status](text),
    focus: (text) => c.bold(c.yellow(text)),
    dim: (text) => c.dim(text),
    bold: (text) => c.bold(text),
  };
}

/** No colour at all: files, pipes, tests that compare text. */
export const PLAIN: Palette = palette(false);

/** The palette for text written to `stream` (see `colourEnabled`). */
export function paletteFor(stream: StyledStream, env: Record<string, string | undefined>): Palette {
  return colourEnabled(stream, env) ? palette(true) : PLAIN;
}

/** Four columns per check status in the terminal; `VOID`: the check ran and judged nothing (`not-judged`). */
export const STATUS_MARK: Readonly<Record<CheckStatus, string>> = Object.freeze({
  passed: 'PASS',
  failed: 'FAIL',
  errored: 'ERR ',
  skipped: 'SKIP',
  'not-judged': 'VOID',
});
