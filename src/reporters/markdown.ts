import { REPORT_FILES } from '../model/report-files.js';
import { problemOf, type CheckReport, type Report } from '../model/report.js';
import { counted } from '../model/words.js';
import {
  displayJson,
  displayText,
  escapeHtmlText,
  escapeMarkdownText as md,
  markdownCode as code,
  markdownFence as fence,
} from './escape.js';
import { entryText, expectationLine, expectedCounts } from '../model/gate.js';
import { ratioText, statusCountsText, verdictOf, type VerdictState } from '../model/verdict.js';
import type { Expectation } from '../model/report.js';
import type { FileReporter } from './reporter.js';

/**
 * GitHub refuses pull-request comments over 65 536 characters; stay under with room for a
 * bot's own header. Past the budget, failures are listed one line each, then only counted.
 */
export const MARKDOWN_BUDGET = 60_000;
const MAX_VALUE_CHARS = 2_000;
const ICON: Record<VerdictState, string> = { pass: '✅', warn: '⚠️', fail: '❌', incomplete: '⏸️', empty: '➖' };
const STATUS_ICON = { passed: '✅', failed: '❌', errored: '💥', skipped: '➖', 'not-judged': '🔲' } as const;

function suiteTable(report: Readonly<Report>): string {
  const suites = [...new Set(report.checks.map((c) => c.suite))];
  // The not-judged column only when some check is: a report without any reads as before.
  const vacuous = report.checks.some((c) => c.status === 'not-judged');
  const row = (name: string, checks: readonly CheckReport[]) => {
    const x = expectedCounts({ ...report, checks: [...checks] });
    const n = (s: 'passed' | 'failed' | 'errored' | 'skipped' | 'not-judged') => {
      const count = checks.filter((c) => c.status === s).length;
      const expected = s === 'passed' ? 0 : x[s];
      return expected > 0 ? `${count} (${expected} expected)` : String(count);
    };
    return `| ${name} | ${n('passed')} | ${n('failed')} | ${n('errored')} | ${n('skipped')} |${vacuous ? ` ${n('not-judged')} |` : ''}`;
  };
  return [
    `| Suite | Passed | Failed | Errored | Skipped |${vacuous ? ' Not judged |' : ''}`,
    `| --- | ---: | ---: | ---: | ---: |${vacuous ? ' ---: |' : ''}`,
    ...suites.map((s) =>
      row(
        md(s),
        report.checks.filter((c) => c.suite === s),
      ),
    ),
    row('**Total**', report.checks),
  ].join('\n');
}

function valueFence(label: string, value: unknown, info: 'json' | 'text' | 'sh'): string {
  const shown = info === 'json' ? displayJson(value, MAX_VALUE_CHARS) : displayText(String(value), MAX_VALUE_CHARS);
  return `${label}\n\n${fence(shown, info)}`;
}

/** One failed or errored check in full: a collapsed block whose summary names it. */
function problemBlock(c: CheckReport): string {
  // Inside <summary> GitHub reads HTML, not Markdown: escape for HTML there.
  const head = `<details><summary>${STATUS_ICON[c.status]} <code>${escapeHtmlText(c.id)}</code> ${escapeHtmlText(c.severity)}: ${escapeHtmlText(c.title)}</summary>`;
  const parts = [`${head}\n`, ...(c.statement !== undefined ? [md(c.statement)] : []), `Spec: ${md(c.specRef)}`];
  if (c.status === 'failed') {
    const f = c.failure;
    parts.push(
      valueFence('Failure', f.message, 'text'),
      valueFence('Counterexample (shrunk)', f.counterexample, 'json'),
      valueFence('Expected', f.expected, 'json'),
      valueFence('The adapter answered', f.actual, 'json'),
      valueFence('Replay', f.replay, 'sh'),
      ...(f.flaky
        ? [valueFence('Flaky: run again, the counterexample was answered differently', f.flaky, 'json')]
        : []),
      ...(f.shrinkCut !== undefined ? [valueFence('Not fully shrunk', f.shrinkCut, 'text')] : []),
    );
  } else if (c.status === 'errored') {
    parts.push(valueFence('Error', c.error.message, 'text'));
    if (c.error.input !== undefined) parts.push(valueFence('Input', c.error.input, 'json'));
  }
  parts.push('</details>');
  return parts.join('\n\n');
}

/** One failed or errored check on one line, for when the full blocks would not fit. */
function problemLine(c: CheckReport): string {
  const replay =
    c.status === 'failed'
      ? `: replay with ${code(c.failure.replay)}`
      : `: ${code(displayText(problemOf(c) ?? '', 200))}`;
  return `- ${STATUS_ICON[c.status]} ${code(c.id)} ${c.severity}${replay}`;
}

/** An issue reference: a Markdown link when it is a plain http(s) URL, code otherwise (never live Markdown). */
function issueRef(issue: string): string {
  return /^https?:\/\/[^\s()<>[\]`]+$/i.test(issue) ? `[${md(issue)}](${issue})` : code(issue);
}

/** An entry's reason, issue and expiry, for one line. */
function entryFacts(e: Expectation): string {
  return `${md(e.reason)}${e.issue ? ` · ${issueRef(e.issue)}` : ''}${e.expires ? ` · expires ${md(e.expires)}` : ''}`;
}

/**
 * The gate of a run with --expect: its verdict; unexpected passes and stale entries first (what the
 * gate needs changed), then the failures and skips it expected, each with reason, issue and expiry.
 */
function gateBlock(report: Readonly<Report>): string {
  const g = report.gate;
  if (!g) return '';
  const attention = report.checks.filter((c) => c.expectation && c.expectation.result !== 'expected');
  const staleOnly = g.stale.filter(
    (s) => !attention.some((c) => JSON.stringify(c.expectation!.entry) === JSON.stringify(s.entry)),
  );
  const lines = [
    `### ${g.ok ? '✅' : '❌'} Gate ${g.ok ? 'PASSED' : 'FAILED'}: ${code(g.file)}`,
    '',
    `${g.expected.length} expected, ${g.newFailures.length} new MUST failures, ${g.stale.length} stale${g.allowStale && g.stale.length ? ' (allowed by --allow-stale)' : ''}${g.untouched.length ? `, ${g.untouched.length} not touched by this run` : ''}.`,
  ];
  if (attention.length || staleOnly.length) {
    lines.push('', `**⚠️ Expectations to update (${attention.length + staleOnly.length})**`, '');
    for (const c of attention) lines.push(`- ⚠️ ${code(c.id)} ${md(expectationLine(c, c.expectation!))}`);
    for (const s of staleOnly) lines.push(`- ⚠️ entry ${code(entryText(s.entry))}: ${md(s.why)}`);
  }
  const expected = report.checks.filter((c) => c.expectation?.result === 'expected');
  if (expected.length) {
    lines.push('', `<details><summary>Expected failures and skips (${expected.length})</summary>`, '');
    for (const c of expected)
      lines.push(
        `- ${STATUS_ICON[c.status]} ${code(c.id)} ${c.severity} expected ${c.status === 'skipped' ? 'skip' : 'failure'}: ${entryFacts(c.expectation!.entry)}`,
      );
    lines.push('', '</details>');
  }
  return lines.join('\n');
}

function skippedBlock(report: Readonly<Report>): string {
  const byReason = new Map<string, string[]>();
  for (const c of report.checks.filter((k) => k.status === 'skipped' && k.expectation?.result !== 'expected')) {
    const reason = c.status === 'skipped' ? c.skipReason : 'skipped';
    byReason.set(reason, [...(byReason.get(reason) ?? []), c.id]);
  }
  if (byReason.size === 0) return '';
  const lines = [...byReason].map(([reason, ids]) => `- ${md(reason)}: ${ids.map((id) => code(id)).join(', ')}`);
  const n = [...byReason.values()].reduce((t, ids) => t + ids.length, 0);
  return [
    `<details><summary>Skipped checks${report.gate ? ', not expected' : ''} (${n})</summary>`,
    '',
    ...lines,
    '',
    '</details>',
  ].join('\n');
}

/** The checks that ran and judged nothing, each with why (not failures: listed apart, as skips are). */
function notJudgedBlock(report: Readonly<Report>): string {
  const vacuous = report.checks.filter((c) => c.status === 'not-judged' && c.expectation?.result !== 'expected');
  if (vacuous.length === 0) return '';
  const lines = vacuous.map(
    (c) =>
      `- ${STATUS_ICON['not-judged']} ${code(c.id)}: ${code(displayText(c.status === 'not-judged' ? c.notJudged.message : '', 300))}`,
  );
  return [
    `<details><summary>Checks that judged nothing${report.gate ? ', not expected' : ''} (${vacuous.length})</summary>`,
    '',
    ...lines,
    '',
    '</details>',
  ].join('\n');
}

/**
 * `summary.md`: for a CI step summary (`cat summary.md >> "$GITHUB_STEP_SUMMARY"`) or a pull-request
 * comment. Every value that came from the adapter or a counterexample sits in a code block or span,
 * where Markdown, HTML and @-mentions stay inert.
 */
export function renderMarkdown(report: Readonly<Report>, budget = MARKDOWN_BUDGET): string {
  const v = verdictOf(report);
  const r = report.run;
  const head = [
    `## ${ICON[v.state]} uaix-conformance: ${code(`${report.adapter.name} ${report.adapter.version}`)}`,
    '',
    `**${v.state.toUpperCase()}: ${md(v.text)}** · ${ratioText(report)}${report.gate ? ` · ${statusCountsText(report)}` : ''} · seed ${r.seed} · ${counted(r.runs, 'case')} per check${r.shard ? ` · shard ${r.shard.index} of ${r.shard.count}` : ''} · ${md(`${report.tool.name} ${report.tool.version}`)}`,
    '',
    suiteTable(report),
    ...(report.gate ? ['', gateBlock(report)] : []),
  ].join('\n');
  const tail = [
    notJudgedBlock(report),
    skippedBlock(report),
    `<sub>Full report: report.html and report.json next to this file. Replay any failure with the command shown.</sub>`,
  ]
    .filter(Boolean)
    .join('\n\n');

  // Failures the gate expected are listed in its block, not here.
  const problems = report.checks.filter(
    (c) => (c.status === 'failed' || c.status === 'errored') && c.expectation?.result !== 'expected',
  );
  const sections: string[] = [head];
  if (problems.length > 0) {
    sections.push(`### Failures and errors${report.gate ? ', not expected' : ''} (${problems.length})`);
    let used = head.length + tail.length + 200;
    let mode: 'full' | 'line' = 'full';
    for (const [i, c] of problems.entries()) {
      let piece = mode === 'full' ? problemBlock(c) : problemLine(c);
      if (mode === 'full' && used + piece.length > budget) {
        mode = 'line';
        piece = problemLine(c);
      }
      if (used + piece.length > budget) {
        sections.push(`… and ${problems.length - i} more: see report.html.`);
        break;
      }
      sections.push(piece);
      used += piece.length + 2;
    }
  }
  sections.push(tail);
  return `${sections.join('\n\n')}\n`;
}

/** The Markdown summary as a file reporter. */
export const markdownReporter: FileReporter = {
  name: 'markdown',
  file: REPORT_FILES.markdown,
  render: (report) => renderMarkdown(report),
};
