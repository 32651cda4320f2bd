import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { escapeHtmlText } from '../../src/reporters/escape.js';
import { renderHtml } from '../../src/reporters/html.js';
import { filterCss, REPORT_CSS } from '../../src/reporters/html-style.js';
import { problemOf, summarize } from '../../src/model/report.js';
import { GATED_ENTRIES, gatedReport, HOSTILE, hostileReport, plainReport } from './fixture-report.js';

/** Every element and attribute the page is made of; anything else would be injected markup. */
const TAGS = new Set(
  'html head meta title style body header h1 h2 h3 small span p svg rect ul ol li dl div dt dd nav a section label input main code details summary pre footer fieldset legend strong'.split(
    ' ',
  ),
);
const ATTRIBUTES = new Set(
  'lang charset http-equiv content name class id href type viewbox preserveaspectratio role aria-label x y width height open for checked rel'.split(
    ' ',
  ),
);

function tags(html: string): { tag: string; attrs: string[] }[] {
  return [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)\b([^>]*)>/g)].map((m) => ({
    tag: m[1]!.toLowerCase(),
    // Values are always double-quoted and escaped, so a quote inside one cannot occur.
    attrs: [...m[2]!.matchAll(/\s*([^\s=/>"]+)(?:="[^"]*")?/g)].map((a) => a[1]!.toLowerCase()),
  }));
}

describe('renderHtml', () => {
  const html = renderHtml(hostileReport());

  it('is made only of the elements and attributes of the template, whatever the adapter said', () => {
    const found = tags(html);
    expect(found.filter((t) => !TAGS.has(t.tag)).map((t) => t.tag)).toEqual([]);
    expect(found.flatMap((t) => t.attrs).filter((a) => !ATTRIBUTES.has(a))).toEqual([]);
    expect(html).not.toMatch(/<script|<img|<iframe/i);
    // Links only point inside the page.
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!).filter((h) => !h.startsWith('#'))).toEqual([]);
  });

  it('shows every hostile payload as text', () => {
    const body = html.slice(html.indexOf('<body>'));
    for (const payload of HOSTILE.slice(0, 13)) {
      expect(body).not.toContain(payload);
      // Counterexamples are shown as JSON, so quotes inside them appear as \" before escaping.
      expect(body).toContain(escapeHtmlText(JSON.stringify(payload).slice(1, -1)));
    }
    expect(body).toContain('\\u202Eevil\\u202C');
  });

  it('forbids scripts and every load with a CSP whose only allowance is the hash of its own stylesheet', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!.replace(/&#39;/g, "'");
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'none'");
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    expect(html.indexOf('Content-Security-Policy')).toBeLessThan(html.indexOf('<style>'));
    expect(html.match(/<style>/g)).toHaveLength(1);
  });

  it('has a section with a status bar per suite and an entry per check', () => {
    expect(html).toContain('<section class="suite" id="suite-envelope">');
    expect(html).toContain('<section class="suite" id="suite-error">');
    expect(html.match(/<svg class="bar"/g)).toHaveLength(1 + 2 + 2);
    for (const id of ['ENV-OK', 'ENV-BROKEN', 'ENV-WARN-SHOULD', 'ERR-CRASH', 'ERR-NOPE', 'ERR-OK'])
      expect(html).toContain(` id="check-${id}">`);
    expect(html).toMatch(/<li class="check failed" id="check-ENV-BROKEN">.*?Spec: 001 §Rules, rule 10/s);
    expect(html).toMatch(
      /<li class="check skipped" id="check-ERR-NOPE">.*?Skipped: adapter does not implement validateError/s,
    );
  });

  it('gives every failure its counterexample, the answer and a copyable replay command', () => {
    const entry = /<li class="check failed" id="check-ENV-BROKEN">([\s\S]*?)<\/li>/.exec(html)![1]!;
    expect(entry).toContain('<details open>');
    expect(entry).toContain('Counterexample (shrunk)');
    expect(entry).toContain('The adapter answered');
    expect(entry).toContain(
      escapeHtmlText(
        `npx uaix-conformance --adapter './my adapter' --check ENV-BROKEN --seed 1 --runs 20 --replay 3:1:0`,
      ),
    );
    expect(html).toMatch(/<a href="#check-ENV-BROKEN"><code>ENV-BROKEN<\/code><\/a> FAIL \[MUST\]/);
  });

  it('states the verdict at the top: a MUST failure fails, a SHOULD failure only warns', () => {
    expect(html).toContain('<p class="verdict fail">FAIL: 2 MUST checks failed or errored · 2/5 passed, 1 skipped</p>');
    const onlyShould = plainReport(4, ['ENV-C1']);
    onlyShould.checks[1]!.severity = 'SHOULD';
    onlyShould.summary.mustFailed = 0;
    expect(renderHtml(onlyShould)).toContain('<p class="verdict warn">WARN: 1 SHOULD check failed or errored');
    expect(renderHtml(plainReport(3))).toContain('<p class="verdict pass">PASS: all 3 checks that ran passed');
  });

  it('cuts values over 20 000 characters and points at report.json', () => {
    const r = plainReport(2, ['ENV-C1']);
    r.checks[1]!.failure!.counterexample = 'y'.repeat(50_000);
    const out = renderHtml(r);
    expect(out).toContain('more characters (see report.json)');
    expect(out.length).toBeLessThan(40_000);
  });

  it("says when it shows one shard's part of a run", () => {
    const r = plainReport(2);
    r.run.shard = { index: 2, count: 4 };
    expect(renderHtml(r)).toContain(
      '<dt>Shard</dt><dd>2 of 4: a partial report, merge the shards for the whole run</dd>',
    );
    expect(html).not.toContain('<dt>Shard</dt>');
  });

  it('is deterministic: the same report renders to the same bytes', () => {
    expect(renderHtml(hostileReport())).toBe(html);
  });
});

describe('renderHtml and the check statements', () => {
  it("shows each check's statement of the seed clause under its title, escaped", () => {
    const report = plainReport(2);
    report.checks[0] = {
      ...report.checks[0]!,
      statement: 'An envelope whose `expires_at` is at or before now is invalid <b>(001 §7)</b>.',
    };
    const html = renderHtml(report);
    expect(html).toContain(
      '<p class="statement">An envelope whose `expires_at` is at or before now is invalid &lt;b&gt;(001 §7)&lt;/b&gt;.</p>',
    );
    expect(renderHtml(plainReport(2))).not.toContain('class="statement"');
  });
});

describe('renderHtml of a gated run (--expect)', () => {
  const report = gatedReport();
  const html = renderHtml(report);
  const entry = (id: string) =>
    /<li class="check[^"]*" id="check-[^"]+">[\s\S]*?(?=<li class="check|<\/ol>)/g.exec(
      html.slice(html.indexOf(`id="check-${id}"`) - 60),
    )![0];

  it("is still made only of the template, with the file's reasons shown as text", () => {
    const found = tags(html);
    expect(found.filter((t) => !TAGS.has(t.tag)).map((t) => t.tag)).toEqual([]);
    expect(found.flatMap((t) => t.attrs).filter((a) => !ATTRIBUTES.has(a))).toEqual([]);
    expect(html.slice(html.indexOf('<body>'))).not.toContain(GATED_ENTRIES[0]!.reason);
  });

  it('shows an expected failure as expected, with its reason, issue link and expiry', () => {
    const broken = entry('ENV-BROKEN');
    expect(broken).toMatch(
      /^<li class="check failed expected" id="check-ENV-BROKEN"><div class="row"><span class="status failed">FAIL<\/span><span class="xtag expected">EXPECTED<\/span>/,
    );
    expect(broken).toContain(
      `<strong>Expected failure.</strong> Entry: <code>ENV-BROKEN</code> fail: ${escapeHtmlText(GATED_ENTRIES[0]!.reason)} · <a href="https://example.org/issues/7" rel="noreferrer">https://example.org/issues/7</a> · expires 2026-12-31`,
    );
    expect(entry('ERR-NOPE')).toMatch(/^<li class="check skipped expected"/);
    // Only an http(s) issue becomes a link: the file's javascript: "issue" stays text.
    expect([...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!).filter((h) => !h.startsWith('#'))).toEqual([
      'https://example.org/issues/7',
      'https://example.org/issues/7',
    ]);
    expect(html).not.toContain('href="javascript:');
  });

  it('makes unexpected passes and stale entries stand out, in the gate section and on the check', () => {
    expect(entry('ENV-OK')).toMatch(
      /^<li class="check passed attention" id="check-ENV-OK">.*<span class="xtag attention">UNEXPECTED PASS<\/span>/s,
    );
    expect(entry('ENV-OK')).toContain(
      '<strong>Unexpected pass.</strong> expected to fail, but it passed (this entry fails the gate unless --allow-stale).',
    );
    expect(entry('ERR-OK')).toContain('<span class="xtag attention">STALE ENTRY</span>');
    const gate = html.slice(
      html.indexOf('<section class="gate'),
      html.indexOf('</section>', html.indexOf('<section class="gate')),
    );
    expect(gate).toContain(
      '<p class="verdict fail">Gate FAILED against expectations.json: 2 expected, 1 new failures, 3 stale</p>',
    );
    const attention = report.checks
      .filter((c) => c.expectation && c.expectation.result !== 'expected')
      .map((c) => c.id);
    expect(gate).toContain(`<h3>Needs attention (${attention.length})</h3>`);
    for (const id of attention) expect(gate).toMatch(new RegExp(`<li class="attention"><a href="#check-${id}">`));
  });

  it('counts expected results in the legend and leaves them out of the failures list', () => {
    expect(html).toContain('<li class="failed">2 failed (1 expected)</li>');
    expect(html).toContain('<li class="skipped">1 skipped (1 expected)</li>');
    const problems = html.slice(
      html.indexOf('<section class="problems"'),
      html.indexOf('</section>', html.indexOf('<section class="problems"')),
    );
    expect(problems).not.toContain('#check-ENV-BROKEN');
    expect(problems).toContain('#check-ERR-CRASH');
  });

  it('offers the expected and needs-attention filters only when the run was gated', () => {
    expect(html).toContain('<input type="radio" name="status" id="f-expected">');
    expect(renderHtml(hostileReport())).not.toContain('id="f-expected"');
  });
});

describe('renderHtml for readers', () => {
  it('has an environment block: pack and stamp, Node, platform, OS, the adapter as named and as it described itself', () => {
    const r = hostileReport();
    const html = renderHtml(r);
    const env = html.slice(
      html.indexOf('<section class="env"'),
      html.indexOf('</section>', html.indexOf('<section class="env"')),
    );
    for (const [k, v] of [
      ['Pack', `${r.tool.name} ${r.tool.version}`],
      ['Catalog stamp', r.run.catalogHash],
      ['Node', r.environment!.node],
      ['Platform', r.environment!.platform],
      ['OS', r.environment!.os],
      ['Adapter', r.adapter.spec],
      ['describe()', `${r.adapter.name} ${r.adapter.version}, claims no capability level`],
    ])
      expect(env).toContain(`<dt>${k}</dt><dd>${escapeHtmlText(v!)}</dd>`);
    const { environment: _e, ...older } = r;
    expect(renderHtml(older)).toContain('<dt>Node</dt><dd>not recorded</dd>');
  });

  it('groups identical errors: one fault on many checks is one entry with a link to each', () => {
    const r = hostileReport();
    const crash = r.checks.find((c) => c.id === 'ERR-CRASH')!;
    const copies = Array.from({ length: 16 }, (_, i) => ({ ...crash, id: `ERR-CRASH${i}` }));
    const html = renderHtml({ ...r, checks: [...r.checks, ...copies], summary: summarize([...r.checks, ...copies]) });
    const problems = html.slice(
      html.indexOf('<section class="problems"'),
      html.indexOf('</section>', html.indexOf('<section class="problems"')),
    );
    const bad = r.checks.filter((c) => c.status === 'failed' || c.status === 'errored').length + copies.length;
    const distinct = new Set(
      [...r.checks, ...copies]
        .filter((c) => c.status === 'failed' || c.status === 'errored')
        .map((c) => `${c.status} ${problemOf(c)}`),
    ).size;
    expect(problems).toContain(`<h2>Failures and errors (${bad}, ${distinct} distinct)</h2>`);
    expect(problems).toContain(`<span class="ref">(${copies.length + 1} checks)</span>`);
    for (const c of [crash, ...copies])
      expect(problems).toContain(`<li><a href="#check-${c.id}"><code>${c.id}</code></a> [MUST]</li>`);
  });

  it('filters by status and by suite with CSS rules by position, never by a name from the report', () => {
    const r = hostileReport();
    const html = renderHtml(r);
    const suites = [...new Set(r.checks.map((c) => c.suite))];
    for (const id of ['f-all', 'only-problems', 'f-passed', 'f-skipped'])
      expect(html).toContain(`<input type="radio" name="status" id="${id}"`);
    suites.forEach((s, i) =>
      expect(html).toContain(
        `<input type="checkbox" id="f-suite-${i + 1}" checked><label for="f-suite-${i + 1}">${escapeHtmlText(s)}</label>`,
      ),
    );
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(css.match(/main > section\.suite:nth-of-type\(\d+\)/g)).toHaveLength(suites.length);
    // The stylesheet is the fixed one plus rules made from the number of suites alone.
    expect(css).toBe(REPORT_CSS + filterCss(suites.length));
  });
});
