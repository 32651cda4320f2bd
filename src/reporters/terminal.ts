import type { Report } from '../model/report.js';
import { escapeTerminal } from './escape.js';
import { evidenceLine } from './evidence.js';
import { DEFAULT_COLUMNS, oneLineJson, renderFailureView } from './failure-view.js';
import { counted } from '../model/words.js';
import { paletteFor, PLAIN, type Palette, STATUS_MARK } from './terminal-style.js';

const MARK = STATUS_MARK;

/** Adapter text on one terminal line: whitespace runs as one space, controls escaped, at most `max` characters (a huge message is cut before any work on it). */
function oneLine(s: string, max = 200): string {
  const flat = escapeTerminal(s.slice(0, max * 2).replace(/\s+/g, ' '));
  return flat.length > max || s.length > max * 2 ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The longest message the terminal shows whole; a longer one (adapter text) says how much is left for report.json. */
export const MESSAGE_CHARS = 4000;

/**
 * A message wrapped to `width` columns, never cut (up to `MESSAGE_CHARS`): controls and invisible
 * characters escaped first (a newline inside shows as `\n`, where it is), lines broken at a space
 * when there is one, else mid-word; each line after the first begins with `indent`. What decides a
 * failure (the end of a long value, a hint at the end of the sentence) stays on screen.
 */
export function wrapMessage(message: string, width: number, indent: string): string[] {
  const more =
    message.length > MESSAGE_CHARS ? ` … ${message.length - MESSAGE_CHARS} more characters (see report.json)` : '';
  const chars = [...`${escapeTerminal(message.slice(0, MESSAGE_CHARS))}${more}`];
  const room = Math.max(20, width);
  const lines: string[] = [];
  while (chars.length > room) {
    const space = chars.lastIndexOf(' ', room);
    const cut = space > room / 2 ? space : room;
    lines.push(chars.splice(0, cut).join(''));
    if (chars[0] === ' ') chars.shift();
  }
  lines.push(chars.join(''));
  return lines.map((l, i) => (i === 0 ? l : `${indent}${l}`));
}

/** How the terminal summary is drawn. */
export interface SummaryOptions {
  /** Every check, not only the failed and errored ones. */
  verbose?: boolean;
  /** Colours (default none: `paletteFor` picks them for a stream). */
  palette?: Palette;
  /** The terminal width, when known: counterexample lines are cut to it. */
  columns?: number;
  /** Where the whole counterexample of a failed check is (its failure file), as the user types it. */
  failureFile?: (checkId: string) => string | undefined;
}

/** The status counts of a summary, each coloured by its status when it is not zero. */
function countsLine(report: Report, p: Palette): string {
  const s = report.summary;
  const part = (n: number, status: 'passed' | 'failed' | 'errored' | 'skipped' | 'not-judged') =>
    n > 0 ? p.status(status, `${n} ${status.replace('-', ' ')}`) : `${n} ${status}`;
  // Not-judged checks are named only when there are some: a report without any reads as before.
  const vacuous = s.notJudged > 0 ? `, ${part(s.notJudged, 'not-judged')}` : '';
  return `${counted(s.total, 'check')}: ${part(s.passed, 'passed')}, ${part(s.failed, 'failed')}, ${part(s.errored, 'errored')}, ${part(s.skipped, 'skipped')}${vacuous}`;
}

/**
 * The short terminal summary: every failed or errored check (all with `verbose`), a failure with
 * its counterexample cut to a screen (the changed part highlighted), what was expected and answered,
 * and its replay command; then the counts.
 */
export function renderSummary(report: Report, options: SummaryOptions = {}): string {
  const p = options.palette ?? PLAIN;
  const lines: string[] = [];
  for (const c of report.checks) {
    if (options.verbose || c.status === 'failed' || c.status === 'errored' || c.status === 'not-judged') {
      lines.push(`${p.status(c.status, MARK[c.status])} ${escapeTerminal(c.id)} [${c.severity}] ${oneLine(c.title)}`);
      const width = (options.columns ?? DEFAULT_COLUMNS + 5) - 5;
      const message = (text: string, head = '') => wrapMessage(`${head}${text}`, width, '     ').join('\n');
      if (c.status === 'failed') {
        lines.push(`     ${message(c.failure.message)}`);
        const file = options.failureFile?.(c.id);
        lines.push(
          ...renderFailureView(
            {
              counterexample: c.failure.counterexample,
              expected: c.failure.expected,
              actual: c.failure.actual,
              ...(c.failure.focus !== undefined ? { focus: c.failure.focus } : {}),
              ...(file !== undefined ? { file } : {}),
            },
            { palette: p, indent: '     ', ...(options.columns ? { columns: options.columns } : {}) },
          ),
        );
        lines.push(`     replay: ${escapeTerminal(c.failure.replay)}`);
        const flaky = c.failure.flaky;
        if (flaky)
          lines.push(
            `     FLAKY: run again, the counterexample was answered differently (replay ${flaky.differedAt} of ${flaky.replays}: ${flaky.answers[1].outcome})`,
          );
        if (c.failure.shrinkCut !== undefined) lines.push(`     not fully shrunk: ${oneLine(c.failure.shrinkCut)}`);
      }
      if (c.status === 'errored') {
        lines.push(`     ${message(c.error.message)}`);
        if (c.error.input !== undefined) lines.push(`     input: ${oneLineJson(c.error.input, width - 7)}`);
        if (c.error.replay !== undefined) lines.push(`     replay: ${escapeTerminal(c.error.replay)}`);
      }
      if (c.status === 'not-judged') lines.push(`     ${message(c.notJudged.message, 'not judged: ')}`);
      if (c.status === 'skipped' && options.verbose) lines.push(`     ${oneLine(c.skipReason)}`);
      if (c.status !== 'skipped') lines.push(`     tried: ${evidenceLine(c.evidence)}`);
    }
  }
  lines.push(
    `${countsLine(report, p)} (seed ${report.run.seed}, ${counted(report.run.runs, 'run')}${report.incomplete ? `, ${p.status('failed', 'INCOMPLETE')}: interrupted` : ''})`,
  );
  return `${lines.join('\n')}\n`;
}

/** A written file's path ends in `failures/<CHECK-ID>.json` (either separator: the path is shown as the user's system writes it). */
const FAILURE_PATH = /(?:^|[\\/])failures[\\/]([A-Z][A-Z0-9-]*)\.json$/;

/**
 * The line that says which reports were written: the report files by name, the failure files as
 * their folder and count (a run with 40 failures still gets one short line).
 */
export function writtenLine(shownPaths: readonly string[]): string {
  const failures = shownPaths.filter((p) => FAILURE_PATH.test(p));
  const others = shownPaths.filter((p) => !FAILURE_PATH.test(p));
  const folder = failures[0]?.replace(/[^\\/]*$/, '');
  const failurePart = folder === undefined ? [] : [`${folder} (${counted(failures.length, 'failure file')})`];
  return `reports: ${[...others, ...failurePart].map(escapeTerminal).join(', ')}\n`;
}

/** A stream the summary is written to: whether it is a terminal, and how wide. */
export interface SummaryStream {
  isTTY?: boolean;
  columns?: number;
}

/**
 * The summary options for a stream: its colours (`paletteFor`), its width when it is a terminal,
 * and the failure files among `shownPaths` (the written files as the user should type them).
 */
export function summaryOptionsFor(
  stream: SummaryStream,
  env: Record<string, string | undefined>,
  shownPaths: readonly string[] = [],
): Pick<SummaryOptions, 'palette' | 'columns' | 'failureFile'> {
  const byId = new Map<string, string>();
  for (const p of shownPaths) {
    const m = FAILURE_PATH.exec(p);
    if (m) byId.set(m[1]!, p);
  }
  return {
    palette: paletteFor(stream, env),
    ...(stream.isTTY === true && stream.columns ? { columns: stream.columns } : {}),
    failureFile: (id) => byId.get(id),
  };
}
