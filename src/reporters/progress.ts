import type { CheckReport } from '../model/report.js';
import type { Reporter } from './reporter.js';
import { counted } from '../model/words.js';
import { paletteFor, PLAIN, type Palette, STATUS_MARK } from './terminal-style.js';

/**
 * The live progress line of a run on a terminal: checks done, failures so far, elapsed time and
 * the running check, redrawn in place on stderr. A single `\r` line is all it needs, so it is
 * written here rather than taken from a dependency (the pack's users install it in their CI).
 */

/** A stream as the progress line needs it: `process.stderr`, or a fake one in tests. */
export interface ProgressStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  /** Where the line goes (stderr). */
  stream: ProgressStream;
  /** Whether stdout is a terminal: the line stays silent when the output is piped or redirected. */
  stdoutIsTTY: boolean;
  env: Record<string, string | undefined>;
  quiet?: boolean;
  /** Also print one line per finished check (status, id, cases, duration). */
  verbose?: boolean;
  /** Milliseconds clock, injectable for tests. */
  clock?: () => number;
  /** Redraw period for the elapsed time (default 1000 ms; 0 disables the timer). */
  tickMs?: number;
}

/** The progress line as a reporter: the run's hooks draw it, `onRunEnd` clears it. */
export interface ProgressReporter extends Reporter {
  readonly enabled: boolean;
  onCheckStart(check: { id: string }, index: number, total: number): void;
  /** One case (or shrink step) started: redraws at most every `tickMs`, since a sync adapter starves timers. */
  onCase(checkId: string, shrinking: boolean): void;
  onCheckEnd(result: CheckReport, index: number, total: number): void;
  onRunEnd(): void;
}

export interface ProgressState {
  done: number;
  total: number;
  failed: number;
  errored: number;
  current?: string;
  /** Cases of the running check so far. */
  cases?: number;
  shrinking?: boolean;
  elapsedMs: number;
}

/** `CI` counts as set unless empty, `false` or `0` (the values people use to say "not CI"). */
function isCI(env: Record<string, string | undefined>): boolean {
  const v = env.CI;
  return v !== undefined && v !== '' && v !== 'false' && v !== '0';
}

/** Whether a progress line should be drawn at all: both outputs on a terminal, not CI, not quiet. */
export function progressEnabled(o: Pick<ProgressOptions, 'stream' | 'stdoutIsTTY' | 'env' | 'quiet'>): boolean {
  return !o.quiet && o.stream.isTTY === true && o.stdoutIsTTY && !isCI(o.env) && o.env.TERM !== 'dumb';
}

function clock(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(h > 0 ? 2 : 1, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * The progress line, cut to `columns - 1` so that it never wraps (a wrapped line cannot be redrawn).
 * The cut is made on the plain text; colours are added to the failure counts only when nothing was
 * cut (an escape sequence is never split, and a cut line is never wider than the terminal).
 */
export function formatProgress(s: ProgressState, columns = 80, palette: Palette = PLAIN): string {
  const width = 16;
  const filled = s.total === 0 ? 0 : Math.floor((s.done / s.total) * width);
  const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
  // Only what went wrong is coloured: a clean run's line stays plain.
  const problems: [text: string, status?: 'failed' | 'errored'][] =
    s.failed + s.errored === 0
      ? [['no failures']]
      : [
          ...(s.failed ? [[`${s.failed} failed`, 'failed'] as [string, 'failed']] : []),
          ...(s.errored ? [[`${s.errored} errored`, 'errored'] as [string, 'errored']] : []),
        ];
  const activity = s.shrinking ? ' shrinking' : s.cases ? ` case ${s.cases}` : '';
  const head = `${bar} ${s.done}/${counted(s.total, 'check')} · `;
  const line = `${head}${problems.map(([t]) => t).join(', ')} · ${clock(s.elapsedMs)}${s.current ? ` · ${s.current}${activity}` : ''}`;
  const cut = [...line].slice(0, Math.max(10, columns - 1)).join('');
  if (!palette.enabled || cut.length < line.length) return cut;
  return `${head}${problems.map(([t, status]) => (status ? palette.status(status, t) : t)).join(', ')}${line.slice(head.length + problems.map(([t]) => t).join(', ').length)}`;
}

const CLEAR = '\r\x1b[2K';
const MARK = STATUS_MARK;

/** The progress reporter; a silent one when `progressEnabled` says no. */
export function createProgressReporter(o: ProgressOptions): ProgressReporter {
  const enabled = progressEnabled(o);
  const palette = paletteFor(o.stream, o.env);
  if (!enabled) return { name: 'progress', enabled, onCheckStart() {}, onCase() {}, onCheckEnd() {}, onRunEnd() {} };
  const now = o.clock ?? (() => performance.now());
  const t0 = now();
  const state: ProgressState = { done: 0, total: 0, failed: 0, errored: 0, elapsedMs: 0 };
  const tickMs = o.tickMs ?? 1000;
  let shown = '';
  let drawnAt = -Infinity;
  const draw = () => {
    drawnAt = now();
    state.elapsedMs = drawnAt - t0;
    // A pty without a size reports 0 columns: treat it as unknown.
    const line = formatProgress(state, o.stream.columns || 80, palette);
    if (line === shown) return;
    shown = line;
    o.stream.write(`${CLEAR}${line}`);
  };
  const timer = tickMs === 0 ? undefined : setInterval(draw, tickMs);
  // The timer must never keep the process alive.
  timer?.unref();
  return {
    name: 'progress',
    enabled,
    onCheckStart(check, index, total) {
      state.total = total;
      state.done = index;
      state.current = check.id;
      state.cases = 0;
      state.shrinking = false;
      draw();
    },
    onCase(_checkId, shrinking) {
      if (shrinking) state.shrinking = true;
      else state.cases = (state.cases ?? 0) + 1;
      if (now() - drawnAt >= Math.max(tickMs, 100)) draw();
    },
    onCheckEnd(result, index, total) {
      state.total = total;
      state.done = index + 1;
      if (result.status === 'failed') state.failed += 1;
      if (result.status === 'errored') state.errored += 1;
      state.current = undefined;
      state.cases = 0;
      state.shrinking = false;
      if (o.verbose) {
        o.stream.write(
          `${CLEAR}${palette.status(result.status, MARK[result.status])} ${result.id} (${counted(result.runs, 'case')}, ${result.durationMs} ms)\n`,
        );
        shown = '';
      }
      draw();
    },
    onRunEnd() {
      if (timer) clearInterval(timer);
      if (shown) o.stream.write(CLEAR);
      shown = '';
    },
  };
}
