import { REPORT_FILES } from '../model/report-files.js';
import { createHash } from 'node:crypto';
import { counted } from '../model/words.js';
import { entryText, expectationLine, expectedCounts } from '../model/gate.js';
import {
  problemOf,
  type CheckExpectation,
  type CheckReport,
  type ErroredCheck,
  type Expectation,
  type FailedCheck,
  type Report,
} from '../model/report.js';
import { caseHtml } from './case-html.js';
import { displayJson, displayText, escapeHtmlAttr as attr, escapeHtmlText as text } from './escape.js';
import { filterCss, REPORT_CSS } from './html-style.js';
import { statusBar } from './status-bar.js';
import { ratioText, verdictOf } from '../model/verdict.js';
import type { FileReporter } from './reporter.js';

/** Longest shown form of one value; the full value is always in report.json. */
const MAX_VALUE_CHARS = 20_000;
const STATUSES = ['passed', 'failed', 'errored', 'skipped', 'not-judged'] as const;
const LABEL = {
  passed: 'PASS',
  failed: 'FAIL',
  errored: 'ERROR',
  skipped: 'SKIP',
  'not-judged': 'NOT JUDGED',
} as const;

/** The statuses a summary names: `not-judged` only when some check is (a report without any reads as before). */
const named = (counts: Counts) => STATUSES.filter((s) => s !== 'not-judged' || counts[s] > 0);

/** A status in words: `not-judged` as `not judged`. */
const inWords = (s: (typeof STATUSES)[number]): string => s.replace('-', ' ');

/**
 * The page may load nothing, run nothing and submit nothing: the only thing allowed is the one
 * stylesheet, by hash. Even if some adapter text escaped its escaping, a script could not run.
 */
function contentSecurityPolicy(css: string): string {
  const hash = createHash('sha256').update(css, 'utf8').digest('base64');
  return `default-src 'none'; style-src 'sha256-${hash}'; script-src 'none'; img-src 'none'; base-uri 'none'; form-action 'none'`;
}

type Counts = Record<(typeof STATUSES)[number], number>;

function countStatuses(checks: readonly CheckReport[]): Counts {
  const c: Counts = { passed: 0, failed: 0, errored: 0, skipped: 0, 'not-judged': 0 };
  for (const k of checks) if (k.status in c) c[k.status] += 1;
  return c;
}

/** The report's bar of `counts`, in status order. */
function bar(counts: Counts, label: string): string {
  return statusBar(counts, STATUSES, label);
}

/** The status counts under a bar; `expected` says how many of them the gate expected. */
function legend(counts: Counts, expected: Partial<Counts> = {}): string {
  return `<ul class="legend">${named(counts)
    .map((s) => `<li class="${s}">${counts[s]} ${inWords(s)}${expected[s] ? ` (${expected[s]} expected)` : ''}</li>`)
    .join('')}</ul>`;
}

/** An issue reference: a link when it is an http(s) URL (nothing else may become a link), text otherwise. */
function issueRef(issue: string): string {
  return /^https?:\/\//i.test(issue) ? `<a href="${attr(issue)}" rel="noreferrer">${text(issue)}</a>` : text(issue);
}

/** An entry of the expectations file: its pattern, outcome, reason, issue link and expiry. */
function entryFacts(e: Expectation): string {
  return `<code>${text(e.check)}</code> ${text(e.outcome)}: ${text(e.reason)}${e.issue ? ` · ${issueRef(e.issue)}` : ''}${e.expires ? ` · expires ${text(e.expires)}` : ''}`;
}

/** The classes a check's entry adds: `expected` (the entry explains it) or `attention` (an unexpected pass or a stale entry). */
function expectationClass(x: CheckExpectation | undefined): string {
  return x ? (x.result === 'expected' ? ' expected' : ' attention') : '';
}

/** The tag beside a check's status, when an entry matched it. */
function expectationTag(c: CheckReport): string {
  const x = c.expectation;
  if (!x) return '';
  const label =
    x.result === 'expected' ? 'EXPECTED' : x.result === 'unexpected-pass' ? 'UNEXPECTED PASS' : 'STALE ENTRY';
  return `<span class="xtag${expectationClass(x)}">${label}</span>`;
}

/** What the expectations file says about a check, and what came of it. */
function expectationNote(c: CheckReport): string {
  const x = c.expectation;
  if (!x) return '';
  const head =
    x.result === 'expected'
      ? `Expected ${c.status === 'skipped' ? 'skip' : 'failure'}`
      : x.result === 'unexpected-pass'
        ? 'Unexpected pass'
        : 'Stale expectation';
  const why =
    x.why !== undefined ? ` ${text(x.why)}${x.gating ? ' (this entry fails the gate unless --allow-stale)' : ''}.` : '';
  return `<p class="expectation${expectationClass(x)}"><strong>${head}.</strong>${why} Entry: ${entryFacts(x.entry)}</p>`;
}

function anchor(id: string): string {
  return `check-${id}`;
}

function valueBlock(title: string, value: unknown): string {
  return `<h3>${text(title)}</h3><pre>${text(displayJson(value, MAX_VALUE_CHARS))}</pre>`;
}

function evidence(c: CheckReport): string {
  const tags = Object.entries(c.evidence.tags);
  const list = tags.length
    ? `<pre>${text(tags.map(([t, n]) => `${n}\t${t}`).join('\n'))}</pre>`
    : '<p>No evidence tags.</p>';
  return `<details><summary>Evidence: ${counted(c.evidence.cases, 'case')}${tags.length ? `, ${counted(tags.length, 'tag')}` : ''}</summary>${list}</details>`;
}

function failureDetails(c: FailedCheck): string {
  const f = c.failure;
  return (
    `<details open><summary>Counterexample and replay</summary>` +
    `<p class="message">${text(displayText(f.message, MAX_VALUE_CHARS))}</p>` +
    `<h3>Counterexample (shrunk)${f.focus !== undefined ? `: <mark class="focus">${text(f.focus)}</mark> changed` : ''}</h3><pre>${caseHtml(f.counterexample, f.focus, MAX_VALUE_CHARS)}</pre>` +
    `<div class="pair"><div>${valueBlock('Expected', f.expected)}</div><div>${valueBlock('The adapter answered', f.actual)}</div></div>` +
    `<h3>Replay</h3><pre><code>${text(displayText(f.replay, MAX_VALUE_CHARS))}</code></pre>` +
    (f.flaky ? valueBlock('Flaky: run again, the counterexample was answered differently', f.flaky) : '') +
    (f.shrinkCut !== undefined
      ? `<p class="message">Not fully shrunk: ${text(displayText(f.shrinkCut, MAX_VALUE_CHARS))}</p>`
      : '') +
    `<p class="ref">check seed ${f.seed}, path ${text(f.path || '(none)')}, ${counted(f.shrinks, 'shrink')}</p></details>`
  );
}

function errorDetails(c: ErroredCheck): string {
  const e = c.error;
  return (
    `<details open><summary>What the adapter could not answer</summary>` +
    `<p class="message">${text(displayText(e.message, MAX_VALUE_CHARS))}</p>` +
    (e.input !== undefined ? valueBlock('Input', e.input) : '') +
    (e.replay !== undefined
      ? `<h3>Replay the case that errored</h3><pre><code>${text(displayText(e.replay, MAX_VALUE_CHARS))}</code></pre>`
      : '') +
    (e.evidence !== undefined ? valueBlock('Evidence', e.evidence) : '') +
    (e.seen !== undefined ? valueBlock('What the session did before the fault', e.seen) : '') +
    `</details>`
  );
}

function checkItem(c: CheckReport): string {
  const facts = [
    `Spec: ${c.specRef}`,
    `${c.runs} case${c.runs === 1 ? '' : 's'}`,
    `requires ${c.requires.join(', ') || 'nothing'}`,
  ];
  if (c.decisions.length) facts.splice(1, 0, `decisions ${c.decisions.join(', ')}`);
  let body = '';
  if (c.status === 'failed') body = failureDetails(c);
  else if (c.status === 'errored') body = errorDetails(c);
  else if (c.status === 'skipped') body = `<p class="ref">Skipped: ${text(c.skipReason ?? 'not run')}</p>`;
  else if (c.status === 'not-judged')
    body = `<p class="message">Not judged: ${text(displayText(c.notJudged.message, MAX_VALUE_CHARS))}</p>${evidence(c)}`;
  else body = evidence(c);
  return (
    `<li class="check ${attr(c.status)}${expectationClass(c.expectation)}" id="${attr(anchor(c.id))}">` +
    `<div class="row"><span class="status ${attr(c.status)}">${text(LABEL[c.status] ?? c.status)}</span>${expectationTag(c)}<code>${text(c.id)}</code>` +
    `<span class="sev">${text(c.severity)}</span><span>${text(c.title)}</span></div>` +
    (c.statement !== undefined ? `<p class="statement">${text(c.statement)}</p>` : '') +
    expectationNote(c) +
    `<p class="ref">${text(facts.join(' · '))}</p>${body}</li>`
  );
}

function suiteSection(report: Readonly<Report>, suite: string, checks: readonly CheckReport[]): string {
  const counts = countStatuses(checks);
  return (
    `<section class="suite" id="${attr(`suite-${suite}`)}"><div class="suite-head"><h2>${text(suite)}</h2>` +
    `<span>${counts.passed}/${checks.length - counts.skipped} passed</span></div>` +
    `${bar(
      counts,
      `${suite}: ${named(counts)
        .map((s) => `${counts[s]} ${inWords(s)}`)
        .join(', ')}`,
    )}${legend(counts, expectedCounts({ ...report, checks: [...checks] }))}` +
    `<ol class="checks">${checks.map(checkItem).join('')}</ol></section>`
  );
}

/** Failed and errored checks that share one status and message: one adapter fault repeated over many checks. */
interface ProblemGroup {
  status: 'failed' | 'errored';
  message: string;
  checks: CheckReport[];
}

/** Groups problems by status and message, in the order their first check ran. */
function groupProblems(checks: readonly CheckReport[]): ProblemGroup[] {
  const groups = new Map<string, ProblemGroup>();
  for (const c of checks) {
    if (c.status !== 'failed' && c.status !== 'errored') continue;
    const message = problemOf(c) ?? '';
    const key = `${c.status}\u0000${message}`;
    const g = groups.get(key) ?? { status: c.status, message, checks: [] };
    g.checks.push(c);
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** A link to a check's entry, with its severity. */
function checkLink(c: CheckReport): string {
  return `<a href="#${attr(anchor(c.id))}"><code>${text(c.id)}</code></a> [${text(c.severity)}]`;
}

/** The failures and errors no entry explains, identical ones grouped: one fault on 16 checks is one entry with 16 links. */
function problems(report: Readonly<Report>): string {
  const bad = report.checks.filter(
    (c) => (c.status === 'failed' || c.status === 'errored') && c.expectation?.result !== 'expected',
  );
  if (bad.length === 0) return '';
  const groups = groupProblems(bad);
  const items = groups.map((g) => {
    const message = text(displayText(g.message, 300));
    const c = g.checks[0]!;
    if (g.checks.length === 1)
      return `<li><a href="#${attr(anchor(c.id))}"><code>${text(c.id)}</code></a> ${text(LABEL[g.status])} [${text(c.severity)}]: ${message}</li>`;
    return `<li>${text(LABEL[g.status])}: ${message} <span class="ref">(${g.checks.length} checks)</span><ul class="links">${g.checks.map((k) => `<li>${checkLink(k)}</li>`).join('')}</ul></li>`;
  });
  const distinct = groups.length < bad.length ? `, ${groups.length} distinct` : '';
  return `<section class="problems" aria-label="Failures and errors"><h2>Failures and errors (${bad.length}${distinct})</h2><ul>${items.join('')}</ul></section>`;
}

/** The gate of a run with --expect: its verdict, what needs attention, and the failures it expected. */
function gateSection(report: Readonly<Report>): string {
  const g = report.gate;
  if (!g) return '';
  const attention = report.checks.filter((c) => c.expectation && c.expectation.result !== 'expected');
  const expected = report.checks.filter((c) => c.expectation?.result === 'expected');
  const staleOnly = g.stale.filter(
    (s) => !attention.some((c) => JSON.stringify(c.expectation!.entry) === JSON.stringify(s.entry)),
  );
  const verdict = `Gate ${g.ok ? 'PASSED' : 'FAILED'} against ${g.file}: ${g.expected.length} expected, ${g.newFailures.length} new failures, ${g.stale.length} stale${g.allowStale && g.stale.length ? ' (allowed by --allow-stale)' : ''}${g.untouched.length ? `, ${g.untouched.length} not touched by this run` : ''}`;
  const parts = [`<p class="verdict ${g.ok ? 'pass' : 'fail'}">${text(verdict)}</p>`];
  if (attention.length || staleOnly.length) {
    parts.push(
      `<h3>Needs attention (${attention.length + staleOnly.length})</h3><ul>` +
        attention
          .map((c) => `<li class="attention">${checkLink(c)} ${text(expectationLine(c, c.expectation!))}</li>`)
          .join('') +
        staleOnly.map((s) => `<li class="attention">entry ${text(entryText(s.entry))}: ${text(s.why)}</li>`).join('') +
        '</ul>',
    );
  }
  if (expected.length) {
    parts.push(
      `<h3>Expected (${expected.length})</h3><ul>${expected.map((c) => `<li>${checkLink(c)} ${text(LABEL[c.status])}: ${entryFacts(c.expectation!.entry)}</li>`).join('')}</ul>`,
    );
  }
  return `<section class="gate${g.ok ? '' : ' failed'}" aria-label="Gate"><h2>Expectations</h2>${parts.join('')}</section>`;
}

/** Where the run ran: the pack, its stamp, Node, the OS, the adapter as the user named it and as it described itself. */
function environmentBlock(report: Readonly<Report>): string {
  const e = report.environment;
  const a = report.adapter;
  const rows: [string, string][] = [
    ['Pack', `${report.tool.name} ${report.tool.version}`],
    ['Catalog stamp', report.run.catalogHash],
    ['Node', e?.node ?? 'not recorded'],
    ['Platform', e?.platform ?? 'not recorded'],
    ['OS', e?.os ?? 'not recorded'],
    ['Adapter', a.spec],
    [
      'describe()',
      `${a.name} ${a.version}${a.capabilityLevel ? `, claims ${a.capabilityLevel}` : ', claims no capability level'}`,
    ],
  ];
  const note = e
    ? ''
    : '<p class="ref">This report does not record the machine it ran on (written by an older version, or merged from shards that ran on different machines).</p>';
  return `<section class="env" aria-label="Environment"><h2>Environment</h2><dl class="meta">${rows.map(([k, v]) => `<div><dt>${text(k)}</dt><dd>${text(v)}</dd></div>`).join('')}</dl>${note}</section>`;
}

/** The filters: a status radio group and a checkbox per suite, all CSS (`filterCss`), no script. */
function filters(report: Readonly<Report>, suites: readonly string[]): string {
  const n = (p: (c: CheckReport) => boolean) => report.checks.filter(p).length;
  const problem = (c: CheckReport) =>
    (c.status === 'failed' || c.status === 'errored') && c.expectation?.result !== 'expected';
  const options: [id: string, label: string, count: number][] = [
    ['f-all', 'All', report.checks.length],
    ['only-problems', report.gate ? 'Failed or errored, not expected' : 'Failed or errored', n(problem)],
    ['f-passed', 'Passed', n((c) => c.status === 'passed')],
    ['f-skipped', 'Skipped', n((c) => c.status === 'skipped' && c.expectation?.result !== 'expected')],
  ];
  const vacuous = n((c) => c.status === 'not-judged' && c.expectation?.result !== 'expected');
  if (vacuous > 0) options.push(['f-not-judged', 'Not judged', vacuous]);
  if (report.gate)
    options.push(
      ['f-expected', 'Expected', n((c) => c.expectation?.result === 'expected')],
      ['f-attention', 'Needs attention', n((c) => c.expectation !== undefined && c.expectation.result !== 'expected')],
    );
  const radio = ([id, label, count]: (typeof options)[number]) =>
    `<span class="opt"><input type="radio" name="status" id="${id}"${id === 'f-all' ? ' checked' : ''}><label for="${id}">${text(label)} (${count})</label></span>`;
  const box = (s: string, i: number) =>
    `<span class="opt"><input type="checkbox" id="f-suite-${i + 1}" checked><label for="f-suite-${i + 1}">${text(s)}</label></span>`;
  return `<div class="filters" aria-label="Filters"><fieldset><legend>Status</legend>${options.map(radio).join('')}</fieldset><fieldset><legend>Suites</legend>${suites.map(box).join('')}</fieldset></div>`;
}

function meta(report: Readonly<Report>): string {
  const r = report.run;
  const sel =
    [...r.selection.suites.map((s) => `suite ${s}`), ...r.selection.checks.map((c) => `check ${c}`)].join(', ') ||
    'every check';
  const rows: [string, string][] = [
    ['Seed', String(r.seed)],
    ['Cases per check', String(r.runs)],
    ['Per-call timeout', `${r.timeoutMs} ms`],
    ["Validators' clock", r.now],
    ['Selection', sel],
    ['Started', r.startedAt],
    ['Duration', `${(r.durationMs / 1000).toFixed(1)} s`],
  ];
  if (r.shard)
    rows.unshift([
      'Shard',
      `${r.shard.index} of ${r.shard.count}: a partial report, merge the shards for the whole run`,
    ]);
  return `<dl class="meta">${rows.map(([k, v]) => `<div><dt>${text(k)}</dt><dd>${text(v)}</dd></div>`).join('')}</dl>`;
}

/** `report.html`: one self-contained page (no script, no network) rendered from the report model. */
export function renderHtml(report: Readonly<Report>): string {
  const v = verdictOf(report);
  const who = `${report.adapter.name} ${report.adapter.version}`;
  const suites = [...new Set(report.checks.map((c) => c.suite))];
  const counts = countStatuses(report.checks);
  const summaryLabel = `${named(counts)
    .map((s) => `${counts[s]} ${inWords(s)}`)
    .join(', ')}`;
  const css = REPORT_CSS + filterCss(suites.length);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(css))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">',
    `<title>${text(`uaix-conformance: ${who}: ${ratioText(report)}`)}</title>`,
    `<style>${css}</style></head><body>`,
    `<header><h1>Conformance report for <span>${text(report.adapter.name)}</span> <small>${text(report.adapter.version)}</small></h1>`,
    `<p class="verdict ${v.state}">${text(`${v.state.toUpperCase()}: ${v.text}`)} · ${text(ratioText(report))}</p>`,
    `${bar(counts, `all suites: ${summaryLabel}`)}${legend(counts, expectedCounts(report))}${meta(report)}</header>`,
    `<nav aria-label="Suites"><ul class="suites">${suites
      .map((s) => {
        const c = countStatuses(report.checks.filter((k) => k.suite === s));
        return `<li><a href="#${attr(`suite-${s}`)}">${text(s)}</a> ${c.passed}/${c.passed + c.failed + c.errored + c['not-judged']} passed${c.skipped ? `, ${c.skipped} skipped` : ''}${c['not-judged'] ? `, ${c['not-judged']} not judged` : ''}${bar(c, s)}</li>`;
      })
      .join('')}</ul></nav>`,
    gateSection(report),
    problems(report),
    environmentBlock(report),
    filters(report, suites),
    `<main>${suites
      .map((s) =>
        suiteSection(
          report,
          s,
          report.checks.filter((c) => c.suite === s),
        ),
      )
      .join('')}</main>`,
    `<footer>Generated by ${text(report.tool.name)} ${text(report.tool.version)} (${text(report.format)}). Every value from the adapter or a counterexample is shown as text; the full values are in report.json.</footer>`,
    '</body></html>',
    '',
  ].join('\n');
}

/** The HTML report as a file reporter. */
export const htmlReporter: FileReporter = { name: 'html', file: REPORT_FILES.html, render: renderHtml };
