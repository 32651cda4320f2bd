import { createHash } from 'node:crypto';
import { problemOf, type CheckReport, type ErroredCheck, type FailedCheck, type Report } from '../model/report.js';
import { displayJson, displayText, escapeHtmlAttr as attr, escapeHtmlText as text } from './escape.js';
import { REPORT_CSS } from './html-style.js';
import { ratioText, verdictOf } from '../model/verdict.js';
import type { FileReporter } from './reporter.js';

/** Longest shown form of one value; the full value is always in report.json. */
const MAX_VALUE_CHARS = 20_000;
const STATUSES = ['passed', 'failed', 'errored', 'skipped'] as const;
const LABEL = { passed: 'PASS', failed: 'FAIL', errored: 'ERROR', skipped: 'SKIP' } as const;

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
  const c: Counts = { passed: 0, failed: 0, errored: 0, skipped: 0 };
  for (const k of checks) if (k.status in c) c[k.status] += 1;
  return c;
}

/** A stacked bar of status counts, drawn in SVG so it needs no inline style (the CSP forbids it). */
function bar(counts: Counts, label: string): string {
  const total = STATUSES.reduce((t, s) => t + counts[s], 0);
  let x = 0;
  const rects = STATUSES.filter((s) => counts[s] > 0).map((s) => {
    const w = (counts[s] / total) * 100;
    const r = `<rect class="${s}" x="${x.toFixed(3)}" y="0" width="${w.toFixed(3)}" height="1"><title>${counts[s]} ${s}</title></rect>`;
    x += w;
    return r;
  });
  return `<svg class="bar" viewBox="0 0 100 1" preserveAspectRatio="none" role="img" aria-label="${attr(label)}">${rects.join('')}</svg>`;
}

function legend(counts: Counts): string {
  return `<ul class="legend">${STATUSES.map((s) => `<li class="${s}">${counts[s]} ${s}</li>`).join('')}</ul>`;
}

function anchor(id: string): string {
  return `check-${id}`;
}

function valueBlock(title: string, value: unknown): string {
  return `<h3>${text(title)}</h3><pre>${text(displayJson(value, MAX_VALUE_CHARS))}</pre>`;
}

function evidence(c: CheckReport): string {
  const tags = Object.entries(c.evidence.tags);
  const list = tags.length ? `<pre>${text(tags.map(([t, n]) => `${n}\t${t}`).join('\n'))}</pre>` : '<p>No evidence tags.</p>';
  return `<details><summary>Evidence: ${c.evidence.cases} cases${tags.length ? `, ${tags.length} tags` : ''}</summary>${list}</details>`;
}

function failureDetails(c: FailedCheck): string {
  const f = c.failure;
  return (
    `<details open><summary>Counterexample and replay</summary>` +
    `<p class="message">${text(displayText(f.message, MAX_VALUE_CHARS))}</p>` +
    valueBlock('Counterexample (shrunk)', f.counterexample) +
    `<div class="pair"><div>${valueBlock('Expected', f.expected)}</div><div>${valueBlock('The adapter answered', f.actual)}</div></div>` +
    `<h3>Replay</h3><pre><code>${text(displayText(f.replay, MAX_VALUE_CHARS))}</code></pre>` +
    (f.flaky ? valueBlock('Flaky: run again, the counterexample was answered differently', f.flaky) : '') +
    (f.shrinkCut !== undefined ? `<p class="message">Not fully shrunk: ${text(displayText(f.shrinkCut, MAX_VALUE_CHARS))}</p>` : '') +
    `<p class="ref">check seed ${f.seed}, path ${text(f.path || '(none)')}, ${f.shrinks} shrinks</p></details>`
  );
}

function errorDetails(c: ErroredCheck): string {
  const e = c.error;
  return (
    `<details open><summary>What the adapter could not answer</summary>` +
    `<p class="message">${text(displayText(e.message, MAX_VALUE_CHARS))}</p>` +
    (e.input !== undefined ? valueBlock('Input', e.input) : '') +
    (e.evidence !== undefined ? valueBlock('Evidence', e.evidence) : '') +
    `</details>`
  );
}

function checkItem(c: CheckReport): string {
  const facts = [`Spec: ${c.specRef}`, `${c.runs} case${c.runs === 1 ? '' : 's'}`, `requires ${c.requires.join(', ') || 'nothing'}`];
  if (c.decisions.length) facts.splice(1, 0, `decisions ${c.decisions.join(', ')}`);
  let body = '';
  if (c.status === 'failed') body = failureDetails(c);
  else if (c.status === 'errored') body = errorDetails(c);
  else if (c.status === 'skipped') body = `<p class="ref">Skipped: ${text(c.skipReason ?? 'not run')}</p>`;
  else body = evidence(c);
  return (
    `<li class="check ${attr(c.status)}" id="${attr(anchor(c.id))}">` +
    `<div class="row"><span class="status ${attr(c.status)}">${text(LABEL[c.status] ?? c.status)}</span><code>${text(c.id)}</code>` +
    `<span class="sev">${text(c.severity)}</span><span>${text(c.title)}</span></div>` +
    (c.statement !== undefined ? `<p class="statement">${text(c.statement)}</p>` : '') +
    `<p class="ref">${text(facts.join(' · '))}</p>${body}</li>`
  );
}

function suiteSection(suite: string, checks: readonly CheckReport[]): string {
  const counts = countStatuses(checks);
  return (
    `<section class="suite" id="${attr(`suite-${suite}`)}"><div class="suite-head"><h2>${text(suite)}</h2>` +
    `<span>${counts.passed}/${checks.length - counts.skipped} passed</span></div>` +
    `${bar(counts, `${suite}: ${STATUSES.map((s) => `${counts[s]} ${s}`).join(', ')}`)}${legend(counts)}` +
    `<ol class="checks">${checks.map(checkItem).join('')}</ol></section>`
  );
}

function problems(report: Readonly<Report>): string {
  const bad = report.checks.filter((c) => c.status === 'failed' || c.status === 'errored');
  if (bad.length === 0) return '';
  const items = bad.map((c) => {
    const message = problemOf(c) ?? '';
    return `<li><a href="#${attr(anchor(c.id))}"><code>${text(c.id)}</code></a> ${text(LABEL[c.status] ?? c.status)} [${text(c.severity)}]: ${text(displayText(message, 300))}</li>`;
  });
  return `<section class="problems" aria-label="Failures and errors"><h2>Failures and errors (${bad.length})</h2><ul>${items.join('')}</ul></section>`;
}

function meta(report: Readonly<Report>): string {
  const r = report.run;
  const sel = [...r.selection.suites.map((s) => `suite ${s}`), ...r.selection.checks.map((c) => `check ${c}`)].join(', ') || 'every check';
  const rows: [string, string][] = [
    ['Adapter', `${report.adapter.spec}${report.adapter.capabilityLevel ? ` (claims ${report.adapter.capabilityLevel})` : ''}`],
    ['Tool', `${report.tool.name} ${report.tool.version}`],
    ['Seed', String(r.seed)],
    ['Cases per check', String(r.runs)],
    ['Per-call timeout', `${r.timeoutMs} ms`],
    ["Validators' clock", r.now],
    ['Selection', sel],
    ['Catalog', r.catalogHash],
    ['Started', r.startedAt],
    ['Duration', `${(r.durationMs / 1000).toFixed(1)} s`],
  ];
  if (r.shard) rows.unshift(['Shard', `${r.shard.index} of ${r.shard.count}: a partial report, merge the shards for the whole run`]);
  return `<dl class="meta">${rows.map(([k, v]) => `<div><dt>${text(k)}</dt><dd>${text(v)}</dd></div>`).join('')}</dl>`;
}

/** `report.html`: one self-contained page (no script, no network) rendered from the report model. */
export function renderHtml(report: Readonly<Report>): string {
  const v = verdictOf(report);
  const who = `${report.adapter.name} ${report.adapter.version}`;
  const suites = [...new Set(report.checks.map((c) => c.suite))];
  const counts = countStatuses(report.checks);
  const summaryLabel = `${STATUSES.map((s) => `${counts[s]} ${s}`).join(', ')}`;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(REPORT_CSS))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">',
    `<title>${text(`uaix-conformance: ${who}: ${ratioText(report)}`)}</title>`,
    `<style>${REPORT_CSS}</style></head><body>`,
    `<header><h1>Conformance report for <span>${text(report.adapter.name)}</span> <small>${text(report.adapter.version)}</small></h1>`,
    `<p class="verdict ${v.state}">${text(`${v.state.toUpperCase()}: ${v.text}`)} · ${text(ratioText(report))}</p>`,
    `${bar(counts, `all suites: ${summaryLabel}`)}${legend(counts)}${meta(report)}</header>`,
    `<nav aria-label="Suites"><ul class="suites">${suites
      .map((s) => {
        const c = countStatuses(report.checks.filter((k) => k.suite === s));
        return `<li><a href="#${attr(`suite-${s}`)}">${text(s)}</a> ${c.passed}/${c.passed + c.failed + c.errored} passed${c.skipped ? `, ${c.skipped} skipped` : ''}${bar(c, s)}</li>`;
      })
      .join('')}</ul></nav>`,
    problems(report),
    '<label class="filter"><input type="checkbox" id="only-problems"> Show only failed and errored checks</label>',
    `<main>${suites.map((s) => suiteSection(s, report.checks.filter((c) => c.suite === s))).join('')}</main>`,
    `<footer>Generated by ${text(report.tool.name)} ${text(report.tool.version)} (${text(report.format)}). Every value from the adapter or a counterexample is shown as text; the full values are in report.json.</footer>`,
    '</body></html>',
    '',
  ].join('\n');
}

/** The HTML report as a file reporter. */
export const htmlReporter: FileReporter = { name: 'html', file: 'report.html', render: renderHtml };
