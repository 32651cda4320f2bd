import type { Report } from '../model/report.js';
import { escapeTerminal } from './escape.js';
import { evidenceLine } from './evidence.js';

const MARK = { passed: 'PASS', failed: 'FAIL', errored: 'ERR ', skipped: 'SKIP' } as const;

/** Adapter text on one terminal line: whitespace runs as one space, controls escaped, at most `max` characters (a huge message is cut before any work on it). */
function oneLine(s: string, max = 200): string {
  const flat = escapeTerminal(s.slice(0, max * 2).replace(/\s+/g, ' '));
  return flat.length > max || s.length > max * 2 ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The short terminal summary: counts, then every failed or errored check with its replay command. */
export function renderSummary(report: Report, options: { verbose?: boolean } = {}): string {
  const lines: string[] = [];
  for (const c of report.checks) {
    if (options.verbose || c.status === 'failed' || c.status === 'errored') {
      lines.push(`${MARK[c.status]} ${escapeTerminal(c.id)} [${c.severity}] ${oneLine(c.title)}`);
      if (c.status === 'failed') {
        lines.push(`     ${oneLine(c.failure.message)}`);
        lines.push(`     replay: ${escapeTerminal(c.failure.replay)}`);
        const flaky = c.failure.flaky;
        if (flaky) lines.push(`     FLAKY: run again, the counterexample was answered differently (replay ${flaky.differedAt} of ${flaky.replays}: ${flaky.answers[1].outcome})`);
        if (c.failure.shrinkCut !== undefined) lines.push(`     not fully shrunk: ${oneLine(c.failure.shrinkCut)}`);
      }
      if (c.status === 'errored') lines.push(`     ${oneLine(c.error.message)}`);
      if (c.status === 'skipped' && options.verbose) lines.push(`     ${oneLine(c.skipReason)}`);
      if (c.status !== 'skipped') lines.push(`     tried: ${evidenceLine(c.evidence)}`);
    }
  }
  const s = report.summary;
  lines.push(
    `${s.total} checks: ${s.passed} passed, ${s.failed} failed, ${s.errored} errored, ${s.skipped} skipped` +
      ` (seed ${report.run.seed}, ${report.run.runs} runs${report.incomplete ? ', INCOMPLETE: interrupted' : ''})`,
  );
  return `${lines.join('\n')}\n`;
}
