/**
 * The HTML pages of a results site: `index.html` (implementations, the matrices, history) and one
 * page per check. Like report.html: no script, no network, everything from a report shown as
 * escaped text, a Content-Security-Policy that allows only the page's own stylesheet.
 */
import { createHash } from 'node:crypto';
import type { ErroredCheck, FailedCheck, CheckReport } from '../../model/report.js';
import { ratioText, verdictOf } from '../../model/verdict.js';
import { caseHtml } from '../case-html.js';
import { displayJson, displayText, escapeHtmlAttr as attr, escapeHtmlText as text } from '../escape.js';
import {
  CELL_STATUSES,
  badgeFiles,
  cellStatusOf,
  checkPage,
  definitionOf,
  expectationOf,
  newestRun,
  runAnchor,
  suiteCounts,
  type CellStatus,
  type CheckDefinition,
  type HistoryStep,
  type Implementation,
  type Site,
  type SiteGroup,
  type SiteRun,
  type SuiteCounts,
} from './model.js';
import { filterCss, SITE_CSS } from './style.js';
import { statusBar } from '../status-bar.js';

/** Longest shown form of one value; the full value is in the report. */
const MAX_VALUE_CHARS = 20_000;
/** What a cell shows for each status. */
export const CELL_LABEL: Record<CellStatus, string> = {
  passed: 'PASS',
  failed: 'FAIL',
  errored: 'ERROR',
  skipped: 'SKIP',
  'not-judged': 'NOT JUDGED',
  expected: 'EXPECTED',
  absent: '—',
};
/** The statuses a bar draws, in order. */
const BAR_STATUSES = ['passed', 'expected', 'failed', 'errored', 'not-judged', 'skipped'] as const;

/** The page may load nothing and run nothing: only its one stylesheet, by hash. */
function contentSecurityPolicy(css: string): string {
  const hash = createHash('sha256').update(css, 'utf8').digest('base64');
  return `default-src 'none'; style-src 'sha256-${hash}'; script-src 'none'; img-src 'none'; base-uri 'none'; form-action 'none'`;
}

/** A whole page around `body`, with its stylesheet and policy. */
function page(title: string, css: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(css))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="referrer" content="no-referrer">',
    `<title>${text(title)}</title>`,
    `<style>${css}</style></head><body>`,
    body,
    '</body></html>',
    '',
  ].join('\n');
}

/** A suite's bar of cell statuses. */
function bar(n: SuiteCounts, label: string): string {
  return statusBar(n, BAR_STATUSES, label);
}

/**
 * The counts in words, for a bar's accessible label: how many passed of those that ran, then every
 * other status that has a check, e.g. `integrity: 0 of 1 passed, 1 failed, 1 skipped`.
 */
function countsLabel(name: string, n: SuiteCounts): string {
  const others = (
    [
      ['failed', n.failed],
      ['errored', n.errored],
      ['expected to fail', n.expected],
      ['not judged', n['not-judged']],
      ['skipped', n.skipped],
    ] as const
  )
    .filter(([, count]) => count > 0)
    .map(([word, count]) => `${count} ${word}`);
  return `${name}: ${n.passed} of ${n.ran} passed${others.length ? `, ${others.join(', ')}` : ''}`;
}

/** `passed/ran` of counts, with expected failures and skips when any. */
function countsText(n: SuiteCounts): string {
  return `${n.passed}/${n.ran}${n.expected ? `, ${n.expected} expected` : ''}${n['not-judged'] ? `, ${n['not-judged']} not judged` : ''}${n.skipped ? `, ${n.skipped} skipped` : ''}`;
}

/** How a run is named everywhere: implementation name and version. */
function runName(run: SiteRun): string {
  return `${run.report.adapter.name} ${run.report.adapter.version}`;
}

/** The short facts of a run: capability level, adapter kind, start, and shard or interruption. */
function runFacts(run: SiteRun): string[] {
  const r = run.report;
  return [
    r.adapter.capabilityLevel ? `claims ${r.adapter.capabilityLevel}` : 'no level claimed',
    run.kind,
    r.run.startedAt.slice(0, 10),
    ...(r.run.shard ? [`shard ${r.run.shard.index} of ${r.run.shard.count} (partial)`] : []),
    ...(r.incomplete ? ['interrupted'] : []),
  ];
}

function implementationCard(impl: Implementation): string {
  const run = newestRun(impl);
  const r = run.report;
  const v = verdictOf(r);
  const badge = badgeFiles(impl);
  const versions = [...new Set(impl.runs.map((x) => x.report.adapter.version))];
  return (
    `<li class="card" id="impl-${attr(impl.key)}"><h3>${text(impl.name)} <small>${text(r.adapter.version)}</small></h3>` +
    `<p><span class="chip ${attr(v.state)}">${text(`${v.state.toUpperCase()}: ${ratioText(r)}`)}</span></p>` +
    `<p class="ref">${text(runFacts(run).join(' · '))}</p>` +
    `<p class="ref">adapter <code>${text(displayText(r.adapter.spec, 300))}</code> · pack ${text(r.tool.version)} · seed ${r.run.seed}, ${r.run.runs} cases per check</p>` +
    `<p class="ref">${impl.runs.length} report${impl.runs.length === 1 ? '' : 's'}${versions.length > 1 ? ` (versions ${text(versions.join(', '))})` : ''} · badge <a href="${attr(badge.svg)}">${text(badge.svg)}</a>, <a href="${attr(badge.json)}">${text(badge.json)}</a></p></li>`
  );
}

/** The suite names of every group, in first-seen order: the suite filter's choices. */
function allSuites(site: Site): string[] {
  return [...new Set(site.groups.flatMap((g) => g.suites.map((s) => s.name)))];
}

function filters(suites: readonly string[]): string {
  const suite = [
    `<label><input type="radio" name="suite" id="fs-all" checked> all</label>`,
    ...suites.map((s, i) => `<label><input type="radio" name="suite" id="fs-${i}"> ${text(s)}</label>`),
  ];
  const status = [
    `<label><input type="radio" name="status" id="ft-all" checked> all</label>`,
    ...CELL_STATUSES.filter((s) => s !== 'absent').map(
      (s) => `<label><input type="radio" name="status" id="ft-${s}"> ${s.replace('-', ' ')}</label>`,
    ),
  ];
  return `<section class="filters" aria-label="Filters"><fieldset><legend>Suite</legend>${suite.join('')}</fieldset><fieldset><legend>Rows with a check that is</legend>${status.join('')}</fieldset></section>`;
}

function columnHead(run: SiteRun): string {
  const r = run.report;
  return `<th scope="col"><a href="#impl-${attr(run.implementation)}">${text(r.adapter.name)}</a><small>${text(r.adapter.version)}</small><small>${text(runFacts(run).join(' · '))}</small></th>`;
}

function cell(run: SiteRun, c: CheckReport | undefined): string {
  const s = cellStatusOf(c);
  if (c === undefined)
    return `<td class="cell absent"><span class="status absent" title="not in this report's selection">${CELL_LABEL.absent}</span></td>`;
  return `<td class="cell ${s}"><a href="${attr(`${checkPage(c.id)}#${runAnchor(run)}`)}" title="${attr(`${runName(run)}: ${c.id} ${s}`)}"><span class="status ${s}">${CELL_LABEL[s]}</span></a></td>`;
}

function suiteBody(
  group: SiteGroup,
  suite: SiteGroup['suites'][number],
  index: number,
  byId: readonly Map<string, CheckReport>[],
): string {
  const summary = group.columns.map((run) => {
    const n = suiteCounts(run, suite.name);
    return `<td>${n.total ? `${text(countsText(n))}${bar(n, countsLabel(suite.name, n))}` : '—'}</td>`;
  });
  const rows = suite.checks.map((d) => {
    const statuses = new Set(group.columns.map((_, i) => cellStatusOf(byId[i]!.get(d.id))));
    const has = [...statuses].map((s) => `has-${s}`).join(' ');
    return (
      `<tr class="check ${has}"><th scope="row"><a href="${attr(checkPage(d.id))}"><code>${text(d.id)}</code></a><span class="title">${text(d.title)}</span></th>` +
      `${group.columns.map((run, i) => cell(run, byId[i]!.get(d.id))).join('')}</tr>`
    );
  });
  return `<tbody class="s-${index}"><tr class="suite-row"><th scope="rowgroup">${text(suite.name)} <small>passed</small></th>${summary.join('')}</tr>${rows.join('')}</tbody>`;
}

/** The boundary note of a group when the site has several: what is not comparable with the others. */
function apartNote(group: SiteGroup, groups: number): string {
  if (groups < 2) return '';
  const list = (ids: readonly string[]) =>
    ids.map((id) => `<a href="${attr(checkPage(id))}"><code>${text(id)}</code></a>`).join(', ');
  return (
    `<div class="apart"><p>Not comparable with the other ${groups - 1} matri${groups === 2 ? 'x' : 'ces'}: these reports were made by another pack version or catalog stamp, so the cases of every check may differ.</p>` +
    (group.onlyHere.length
      ? `<details><summary>${group.onlyHere.length} check${group.onlyHere.length === 1 ? '' : 's'} only here</summary><p>${list(group.onlyHere)}</p></details>`
      : '') +
    (group.definedDifferently.length
      ? `<details><summary>${group.definedDifferently.length} check${group.definedDifferently.length === 1 ? '' : 's'} defined differently elsewhere (severity, spec reference, requirements or statement)</summary><p>${list(group.definedDifferently)}</p></details>`
      : '') +
    '</div>'
  );
}

function matrix(group: SiteGroup, groups: number, suiteIndex: ReadonlyMap<string, number>): string {
  const byId = group.columns.map((c) => new Map(c.report.checks.map((k) => [k.id, k])));
  const older = group.runs.length - group.columns.length;
  return (
    `<section class="group" id="group-${attr(group.key)}"><div class="group-head"><h2>${groups > 1 ? `Matrix ${group.key.slice(1)} of ${groups}` : 'Matrix'}</h2>` +
    `<span class="ref">pack ${text(group.toolVersion)} · catalog <code>${text(group.catalogHash.slice(0, 19))}…</code> · ${group.columns.length} implementation${group.columns.length === 1 ? '' : 's'}${older ? `, ${older} older report${older === 1 ? '' : 's'} in History` : ''}</span></div>` +
    apartNote(group, groups) +
    `<div class="scroll"><table class="matrix"><thead><tr><th scope="col">Check</th>${group.columns.map(columnHead).join('')}</tr></thead>` +
    `${group.suites.map((s) => suiteBody(group, s, suiteIndex.get(s.name)!, byId)).join('')}</table></div></section>`
  );
}

/** The checks listed in a history cell, each linking to that run's entry on the check's page. */
function changeLinks(ids: readonly string[], run: SiteRun): string {
  return ids
    .map((id) => `<a href="${attr(`${checkPage(id)}#${runAnchor(run)}`)}"><code>${text(id)}</code></a>`)
    .join(', ');
}

function historyRow(step: HistoryStep, suites: readonly string[]): string {
  const { run, diff } = step;
  const changes: string[] = [];
  if (diff) {
    if (diff.catalogChanged)
      changes.push('<li>another catalog stamp: the cases differ, not only the implementation</li>');
    if (diff.regressed.length)
      changes.push(
        `<li class="regressed">${diff.regressed.length} regressed: ${changeLinks(
          diff.regressed.map((e) => e.id),
          run,
        )}</li>`,
      );
    if (diff.fixed.length)
      changes.push(
        `<li class="fixed">${diff.fixed.length} fixed: ${changeLinks(
          diff.fixed.map((e) => e.id),
          run,
        )}</li>`,
      );
    const other = diff.changed.length + diff.new.length + diff.removed.length;
    if (other)
      changes.push(`<li>${other} other change${other === 1 ? '' : 's'} (new, removed or to and from skipped)</li>`);
    if (!changes.length) changes.push('<li>no status changed</li>');
  } else changes.push('<li>first report</li>');
  const cells = suites.map((s) => {
    const n = suiteCounts(run, s);
    return `<td>${n.total ? `${text(countsText(n))}${bar(n, countsLabel(s, n))}` : '—'}</td>`;
  });
  return (
    `<tr class="step${diff?.regressed.length ? ' regressed' : ''}"><th scope="row">${text(run.report.adapter.version)}<small>${text(run.report.run.startedAt)}</small><small>matrix ${text(run.group.slice(1))}</small></th>` +
    `${cells.join('')}<td><ul class="changes">${changes.join('')}</ul></td></tr>`
  );
}

function history(site: Site): string {
  if (site.history.length === 0)
    return '<section class="history"><h2>History</h2><p class="ref">Each implementation has one report: give the site several reports of one implementation (other versions or dates) to see its trend.</p></section>';
  const parts = site.history.map(({ implementation, steps }) => {
    const suites = [...new Set(steps.flatMap((s) => s.run.report.checks.map((c) => c.suite)))];
    return (
      `<h3 id="history-${attr(implementation.key)}">${text(implementation.name)}</h3>` +
      `<div class="scroll"><table class="trend"><thead><tr><th scope="col">Version and start</th>${suites.map((s) => `<th scope="col">${text(s)}<small>passed</small></th>`).join('')}<th scope="col">Since the report before</th></tr></thead>` +
      `<tbody>${steps.map((s) => historyRow(s, suites)).join('')}</tbody></table></div>`
    );
  });
  return `<section class="history"><h2>History</h2><p class="ref">Reports of one implementation, oldest first: passed checks per suite, and the checks that regressed (passed or skipped before, failed or errored now).</p>${parts.join('')}</section>`;
}

/** `index.html`: the implementations, a matrix per comparability group, the filters and history. */
export function renderIndexPage(site: Site): string {
  const suites = allSuites(site);
  const suiteIndex = new Map(suites.map((s, i) => [s, i]));
  const css = filterCss(
    suites.length,
    CELL_STATUSES.filter((s) => s !== 'absent'),
  );
  const tools = [...new Set(site.runs.map((r) => `${r.report.tool.name} ${r.report.tool.version}`))];
  const body = [
    `<header><h1>Conformance results</h1><p class="lede">${site.implementations.length} implementation${site.implementations.length === 1 ? '' : 's'}, ${site.runs.length} report${site.runs.length === 1 ? '' : 's'}, ${site.checkIds.length} checks` +
      `${site.groups.length > 1 ? `, ${site.groups.length} pack builds shown apart` : ''}. Each cell links to that implementation's detail of the check.</p></header>`,
    `<section aria-label="Implementations"><h2>Implementations</h2><ul class="cards">${site.implementations.map(implementationCard).join('')}</ul></section>`,
    filters(suites),
    `<main>${site.groups.map((g) => matrix(g, site.groups.length, suiteIndex)).join('')}${history(site)}</main>`,
    `<footer>Built from reports of ${text(tools.join(', '))}. No script and no network; the data is in index.json. Every value from an adapter is shown as text.</footer>`,
  ].join('\n');
  return page(
    `uaix-conformance results: ${site.implementations.length} implementation${site.implementations.length === 1 ? '' : 's'}`,
    css,
    body,
  );
}

function valueBlock(title: string, value: unknown): string {
  return `<h4>${text(title)}</h4><pre>${text(displayJson(value, MAX_VALUE_CHARS))}</pre>`;
}

function failureBlock(c: FailedCheck): string {
  const f = c.failure;
  return (
    `<p class="message">${text(displayText(f.message, MAX_VALUE_CHARS))}</p>` +
    `<h4>Counterexample (shrunk)${f.focus !== undefined ? `: <mark class="focus">${text(f.focus)}</mark> changed` : ''}</h4><pre>${caseHtml(f.counterexample, f.focus, MAX_VALUE_CHARS)}</pre>` +
    `<div class="pair"><div>${valueBlock('Expected', f.expected)}</div><div>${valueBlock('The adapter answered', f.actual)}</div></div>` +
    `<h4>Replay</h4><pre><code>${text(displayText(f.replay, MAX_VALUE_CHARS))}</code></pre>` +
    (f.flaky ? valueBlock('Flaky: the counterexample was answered differently when run again', f.flaky) : '') +
    (f.shrinkCut !== undefined
      ? `<p class="message">Not fully shrunk: ${text(displayText(f.shrinkCut, MAX_VALUE_CHARS))}</p>`
      : '') +
    `<p class="ref">check seed ${f.seed}, path ${text(displayText(f.path || '(none)', 120))}, ${f.shrinks} shrinks</p>`
  );
}

function errorBlock(c: ErroredCheck): string {
  const e = c.error;
  return (
    `<p class="message">${text(displayText(e.message, MAX_VALUE_CHARS))}</p>` +
    (e.input !== undefined ? valueBlock('Input', e.input) : '') +
    (e.replay !== undefined
      ? `<h4>Replay the case that errored</h4><pre><code>${text(displayText(e.replay, MAX_VALUE_CHARS))}</code></pre>`
      : '') +
    (e.evidence !== undefined ? valueBlock('Evidence', e.evidence) : '') +
    (e.seen !== undefined ? valueBlock('What the session did before the fault', e.seen) : '')
  );
}

/** One run's entry on a check page: its status and, for a failure or error, everything to see and replay it. */
function runEntry(run: SiteRun, c: CheckReport): string {
  const s = cellStatusOf(c);
  const note = expectationOf(c);
  let body = '';
  if (note) {
    const head =
      note.result === 'expected'
        ? 'Expected'
        : note.result === 'unexpected-pass'
          ? 'Expected to fail, but passed'
          : 'Stale expectation';
    const extra = [note.issue, note.expires ? `until ${note.expires}` : undefined, note.why].filter(
      (x): x is string => x !== undefined,
    );
    body += `<p class="ref">${head}: ${text(note.reason)}${extra.length ? ` · ${text(extra.join(' · '))}` : ''}</p>`;
  }
  if (c.status === 'failed') body += failureBlock(c);
  else if (c.status === 'errored') body += errorBlock(c);
  else if (c.status === 'skipped') body += `<p class="ref">Skipped: ${text(c.skipReason)}</p>`;
  else if (c.status === 'not-judged')
    body += `<p class="ref">Not judged: ${text(displayText(c.notJudged.message, MAX_VALUE_CHARS))} (${c.evidence.cases} cases, seed ${run.report.run.seed})</p>`;
  else body += `<p class="ref">${c.evidence.cases} cases passed (seed ${run.report.run.seed})</p>`;
  return (
    `<li class="check ${s}" id="${attr(runAnchor(run))}"><div class="run-head"><span class="status ${s}">${CELL_LABEL[s]}</span>` +
    `<a href="index.html#impl-${attr(run.implementation)}">${text(run.report.adapter.name)}</a> <span>${text(run.report.adapter.version)}</span>` +
    `<span class="ref">${text(runFacts(run).join(' · '))} · report ${text(displayText(run.source, 300))}</span></div>${body}</li>`
  );
}

function definitionFacts(d: CheckDefinition): string {
  return `${d.suite} · ${d.severity} · spec ${d.specRef} · requires ${d.requires.join(', ') || 'nothing'}`;
}

function decisionsBlock(d: CheckDefinition, decisions: ReadonlyMap<string, string>): string {
  if (d.decisions.length === 0)
    return '<section class="decisions"><h2>Decisions</h2><p class="ref">This check relies on no spec decision.</p></section>';
  const items = d.decisions.map(
    (id) => `<li><code>${text(id)}</code>${decisions.has(id) ? `: ${text(decisions.get(id)!)}` : ''}</li>`,
  );
  return `<section class="decisions"><h2>Decisions it relies on</h2><ul>${items.join('')}</ul><p class="ref">Each is written down in full in the pack's docs/spec-decisions.md.</p></section>`;
}

/** The page of one check: its statement, spec reference and decisions, then every run's outcome, by matrix. */
export function renderCheckPage(site: Site, id: string, decisions: ReadonlyMap<string, string>): string {
  const groups = site.groups.filter((g) => g.runs.some((r) => r.report.checks.some((c) => c.id === id)));
  const first = groups[0]!.runs.flatMap((r) => r.report.checks).find((c) => c.id === id)!;
  const d = definitionOf(first);
  const sections = groups.map((g) => {
    const entries = g.runs.flatMap((run) => {
      const c = run.report.checks.find((k) => k.id === id);
      return c ? [runEntry(run, c)] : [];
    });
    const here = definitionOf(g.runs.flatMap((r) => r.report.checks).find((c) => c.id === id)!);
    const differs = JSON.stringify(here) !== JSON.stringify(d);
    return (
      `<section class="suite">${site.groups.length > 1 ? `<div class="suite-head"><h2>Matrix ${text(g.key.slice(1))}</h2><span class="ref">pack ${text(g.toolVersion)} · catalog <code>${text(g.catalogHash.slice(0, 19))}…</code></span></div>` : ''}` +
      (differs
        ? `<div class="in-build"><p class="ref">In this build: ${text(definitionFacts(here))}</p>${here.statement !== undefined ? `<p class="statement">${text(here.statement)}</p>` : ''}</div>`
        : '') +
      `<ol class="checks">${entries.join('')}</ol></section>`
    );
  });
  const body = [
    `<header><p><a href="index.html">All results</a></p><h1><code>${text(d.id)}</code> ${text(d.title)}</h1>`,
    `<p class="ref">${text(definitionFacts(d))}</p>${d.statement !== undefined ? `<p class="statement">${text(d.statement)}</p>` : ''}</header>`,
    decisionsBlock(d, decisions),
    `<main>${sections.join('')}</main>`,
    '<footer>No script and no network. Every value from an adapter or a counterexample is shown as text; the full values are in each report.json.</footer>',
  ].join('\n');
  return page(`uaix-conformance results: ${d.id}`, SITE_CSS, body);
}
