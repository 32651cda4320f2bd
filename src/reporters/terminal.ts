import type { Report } from '../model/report.js';
import { evidenceLine } from './evidence.js';

const MARK = { passed: 'PASS', failed: 'FAIL', errored: 'ERR ', skipped: 'SKIP' } as const;

function oneLine(s: string, max = 200): string {
  const flat = s.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The short terminal summary: counts, then every failed or errored check with its replay command. */
export function renderSummary(report: Report, options: { verbose?: boolean } = {}): string {
  const lines: string[] = [];
  for (const c of report.checks) {
    if (options.verbose || c.status === 'failed' || c.status === 'errored') {
      lines.push(`${MARK[c.status]} ${c.id} [${c.severity}] ${c.title}`);
      if (c.status === 'failed') {
        lines.push(`     ${oneLine(c.failure.message)}`);
        lines.push(`     replay: ${c.failure.replay}`);
      }
      if (c.status === 'errored') lines.push(`     ${oneLine(c.error.message)}`);
      if (c.status === 'skipped' && options.verbose) lines.push(`     ${c.skipReason}`);
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
