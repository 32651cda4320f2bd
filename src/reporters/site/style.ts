/**
 * The stylesheet of the site's pages: report.html's (`REPORT_CSS`, so both look alike) plus the
 * matrix, the history table and the filters. Each page's Content-Security-Policy allows exactly its
 * stylesheet by hash; the suite filters' rules depend on the suites, so the index page's sheet is
 * built per site (`filterCss`).
 */
import { REPORT_CSS } from '../html-style.js';
import type { CellStatus } from './model.js';

export const SITE_CSS = `${REPORT_CSS}
:root { --expected: #8250df; }
@media (prefers-color-scheme: dark) { :root { --expected: #a371f7; } }
body { max-width: 90rem; }
h4 { font-size: .95rem; margin: .8rem 0 .2rem; }
.lede { color: var(--muted); margin: .2rem 0 .6rem; }
.status.expected { background: var(--expected); }
.status.absent { background: transparent; color: var(--muted); border: 1px solid var(--line); }
.bar .expected, .legend .expected::before { fill: var(--expected); background: var(--expected); }
.cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(17rem, 1fr)); gap: .6rem; margin: .6rem 0 1rem; padding: 0; list-style: none; }
.card { border: 1px solid var(--line); border-radius: 6px; padding: .5rem .7rem; min-width: 0; }
.card h3 { margin: 0 0 .2rem; font-size: 1rem; }
.chip { display: inline-block; font-weight: 600; font-size: .85rem; padding: .05rem .45rem; border-radius: 4px; border-left: 5px solid var(--skipped); background: var(--panel); }
.chip.pass { border-color: var(--passed); } .chip.fail { border-color: var(--failed); } .chip.warn { border-color: var(--warn); }
.filters { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; margin: .8rem 0; }
.filters fieldset { border: 1px solid var(--line); border-radius: 6px; padding: .2rem .6rem .4rem; margin: 0; min-width: 0; }
.filters legend { color: var(--muted); font-size: .85rem; padding: 0 .3rem; }
.filters label { display: inline-flex; gap: .25rem; align-items: center; margin-right: .7rem; cursor: pointer; font-size: .9rem; }
.group { margin: 1.2rem 0 2rem; padding-top: .6rem; border-top: 3px double var(--line); }
.group-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: .2rem 1rem; }
.apart { border: 1px solid var(--warn); border-radius: 6px; padding: .4rem .8rem; margin: .6rem 0; }
.apart p { margin: .2rem 0; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; font-size: .9rem; }
.matrix, .trend { width: 100%; }
th, td { border-bottom: 1px solid var(--line); padding: .25rem .4rem; text-align: left; vertical-align: top; }
thead th { position: sticky; top: 0; background: var(--bg); font-weight: 600; }
thead th small, .trend tbody th small { display: block; font-weight: 400; color: var(--muted); font-size: .78rem; }
.suite-row th, .suite-row td { background: var(--panel); font-weight: 600; }
.suite-row .bar { height: 6px; margin-top: .2rem; }
tr.check th { font-weight: 400; }
.matrix th, .matrix td, .trend th, .trend td { overflow-wrap: normal; }
.matrix tbody th code, .suite-row th { white-space: nowrap; }
.matrix code { font-size: 12px; }
tr.check th .title { display: block; color: var(--muted); font-size: .8rem; }
td.cell { text-align: center; }
td.cell a { text-decoration: none; }
td.cell .status { min-width: 3.2rem; }
.trend td .bar { height: 6px; margin-top: .2rem; }
tr.regressed th { box-shadow: inset 4px 0 0 var(--failed); }
.changes { margin: 0; padding-left: 1rem; }
.changes .regressed { color: var(--failed); font-weight: 600; }
.changes .fixed { color: var(--passed); }
.decisions ul { padding-left: 1.2rem; }
.run-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: .2rem .6rem; }
.in-build { border-left: 3px solid var(--warn); padding-left: .6rem; }
@media (max-width: 40rem) { tr.check th .title { display: none; } .matrix code { font-size: 11px; } .matrix tbody th code, .matrix .suite-row th { white-space: normal; } .matrix thead th { overflow-wrap: anywhere; } thead th { font-size: .8rem; } thead th small + small { display: none; } th, td { padding: .2rem .25rem; } td.cell .status { min-width: 2.6rem; font-size: .68rem; } }
`;

/** The rules that make the suite and status radio buttons filter the matrix rows: CSS only, `:has()`. */
export function filterCss(suiteCount: number, statuses: readonly CellStatus[]): string {
  const rules: string[] = [];
  for (let i = 0; i < suiteCount; i += 1)
    rules.push(`body:has(#fs-${i}:checked) .matrix tbody:not(.s-${i}) { display: none; }`);
  for (const s of statuses) rules.push(`body:has(#ft-${s}:checked) .matrix tr.check:not(.has-${s}) { display: none; }`);
  return `${SITE_CSS}${rules.join('\n')}\n`;
}
