/**
 * The stylesheet of report.html. Kept apart from the markup so that html.ts stays readable; the
 * page's Content-Security-Policy allows exactly this text by its hash and nothing else.
 */
export const REPORT_CSS = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #fff; --panel: #f6f8fa; --line: #d1d9e0;
  --passed: #1a7f37; --failed: #cf222e; --errored: #bc4c00; --skipped: #8c959f; --not-judged: #8250df; --warn: #9a6700; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --panel: #151b23; --line: #3d444d;
  --passed: #3fb950; --failed: #f85149; --errored: #db6d28; --skipped: #6e7681; --not-judged: #ab7df8; --warn: #d29922; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 72rem; padding: 1rem; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); overflow-wrap: anywhere; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; } h2 { font-size: 1.2rem; margin: 0; } h3 { font-size: .95rem; margin: .8rem 0 .2rem; }
a { color: inherit; }
code, pre { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .5rem .7rem; margin: 0; max-height: 28rem; overflow: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.verdict { font-size: 1.1rem; font-weight: 600; padding: .5rem .8rem; border-radius: 6px; border-left: 6px solid; background: var(--panel); margin: .5rem 0; }
.verdict.pass { border-color: var(--passed); } .verdict.fail { border-color: var(--failed); }
.verdict.warn { border-color: var(--warn); } .verdict.incomplete, .verdict.empty { border-color: var(--skipped); }
.bar { display: block; width: 100%; height: 12px; border-radius: 3px; background: var(--panel); }
.bar .passed, .legend .passed::before { fill: var(--passed); background: var(--passed); }
.bar .failed, .legend .failed::before { fill: var(--failed); background: var(--failed); }
.bar .errored, .legend .errored::before { fill: var(--errored); background: var(--errored); }
.bar .skipped, .legend .skipped::before { fill: var(--skipped); background: var(--skipped); }
.bar .not-judged, .legend .not-judged::before { fill: var(--not-judged); background: var(--not-judged); }
.legend { display: flex; flex-wrap: wrap; gap: .2rem 1rem; margin: .3rem 0 0; padding: 0; list-style: none; color: var(--muted); font-size: .9rem; }
.legend li::before { content: ""; display: inline-block; width: .7em; height: .7em; border-radius: 2px; margin-right: .3em; }
.meta { display: grid; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); gap: .3rem 1rem; margin: .8rem 0; font-size: .9rem; }
.meta div { min-width: 0; } .meta dt { color: var(--muted); } .meta dd { margin: 0; }
.suites { display: grid; grid-template-columns: repeat(auto-fill, minmax(15rem, 1fr)); gap: .6rem; margin: 1rem 0; padding: 0; list-style: none; }
.suites li { border: 1px solid var(--line); border-radius: 6px; padding: .5rem .7rem; }
.problems { border: 1px solid var(--failed); border-radius: 6px; padding: .5rem .8rem; margin: 1rem 0; }
.problems ul { margin: .3rem 0; padding-left: 1.2rem; }
.problems .links { display: flex; flex-wrap: wrap; gap: .1rem 1rem; list-style: none; padding: 0; margin: .2rem 0 .4rem; }
.gate { border: 1px solid var(--line); border-radius: 6px; padding: .5rem .8rem; margin: 1rem 0; }
.gate.failed { border-color: var(--failed); }
.gate ul { margin: .3rem 0; padding-left: 1.2rem; }
.gate li.attention, p.expectation.attention { color: var(--warn); font-weight: 600; }
.xtag { display: inline-block; font-weight: 700; font-size: .7rem; padding: .05rem .3rem; border-radius: 4px; border: 2px solid; }
.xtag.expected { border-color: var(--skipped); color: var(--muted); }
.xtag.attention { border-color: var(--warn); color: var(--warn); }
.check.expected .status { opacity: .55; }
.check.attention { border-left: 4px solid var(--warn); padding-left: .5rem; }
.expectation { font-size: .9rem; margin: .25rem 0 0; padding: .2rem .5rem; background: var(--panel); border-radius: 4px; }
.env { margin: 1rem 0; }
.filters { display: flex; flex-wrap: wrap; gap: .5rem 1rem; margin: 1rem 0 .5rem; }
.filters fieldset { display: flex; flex-wrap: wrap; gap: .2rem .8rem; border: 1px solid var(--line); border-radius: 6px; margin: 0; padding: .3rem .7rem .5rem; min-width: 0; }
.filters legend { color: var(--muted); font-size: .85rem; padding: 0 .3rem; }
.filters .opt { display: inline-flex; gap: .3rem; align-items: center; }
.filters label { cursor: pointer; }
body:has(#only-problems:checked) .check:not(.failed, .errored), body:has(#only-problems:checked) .check.expected { display: none; }
body:has(#f-passed:checked) .check:not(.passed) { display: none; }
body:has(#f-skipped:checked) .check:not(.skipped), body:has(#f-skipped:checked) .check.expected { display: none; }
body:has(#f-not-judged:checked) .check:not(.not-judged), body:has(#f-not-judged:checked) .check.expected { display: none; }
body:has(#f-expected:checked) .check:not(.expected) { display: none; }
body:has(#f-attention:checked) .check:not(.attention) { display: none; }
section.suite { margin: 1.5rem 0; }
.suite-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: .2rem 1rem; margin-bottom: .4rem; }
.checks { list-style: none; margin: .5rem 0 0; padding: 0; border-top: 1px solid var(--line); }
.check { border-bottom: 1px solid var(--line); padding: .45rem 0; }
.row { display: flex; flex-wrap: wrap; align-items: baseline; gap: .2rem .6rem; }
.status { display: inline-block; min-width: 3.6rem; text-align: center; font-weight: 700; font-size: .75rem; padding: .05rem .3rem; border-radius: 4px; color: #fff; }
.status.passed { background: var(--passed); } .status.failed { background: var(--failed); }
.status.errored { background: var(--errored); } .status.skipped { background: var(--skipped); }
.status.not-judged { background: var(--not-judged); }
.sev { font-size: .75rem; border: 1px solid var(--line); border-radius: 4px; padding: 0 .3rem; color: var(--muted); }
.ref { color: var(--muted); font-size: .85rem; margin: .15rem 0 0; }
.statement { font-size: .9rem; margin: .2rem 0 0; }
details { margin: .35rem 0 0; } summary { cursor: pointer; color: var(--muted); font-size: .9rem; }
.message { font-weight: 600; margin: .4rem 0; }
mark.focus { background: #fff8c5; color: #1f2328; font-weight: 700; border-radius: 2px; }
@media (prefers-color-scheme: dark) { mark.focus { background: #bb800926; color: #f0d890; } }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: .6rem; }
.pair > div { min-width: 0; }
@media (max-width: 40rem) { body { padding: .6rem; } h1 { font-size: 1.2rem; } .meta { grid-template-columns: 1fr 1fr; } .pair { grid-template-columns: 1fr; } .status { min-width: 3rem; } }
footer { color: var(--muted); font-size: .85rem; margin: 2rem 0 1rem; }
`;

/**
 * The suite filter's rules for a page of `suites` suites: unticking suite k hides the k-th suite
 * section. By position, never by name, so that no text of a report ever reaches the stylesheet.
 */
export function filterCss(suites: number): string {
  return Array.from(
    { length: suites },
    (_, i) =>
      `body:has(#f-suite-${i + 1}:not(:checked)) main > section.suite:nth-of-type(${i + 1}) { display: none; }\n`,
  ).join('');
}
