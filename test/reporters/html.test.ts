import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { escapeHtmlText } from '../../src/reporters/escape.js';
import { renderHtml } from '../../src/reporters/html.js';
import { HOSTILE, hostileReport, plainReport } from './fixture-report.js';

/** Every element and attribute the page is made of; anything else would be injected markup. */
const TAGS = new Set('html head meta title style body header h1 h2 h3 small span p svg rect ul ol li dl div dt dd nav a section label input main code details summary pre footer'.split(' '));
const ATTRIBUTES = new Set('lang charset http-equiv content name class id href type viewbox preserveaspectratio role aria-label x y width height open'.split(' '));

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
    for (const id of ['ENV-OK', 'ENV-BROKEN', 'ENV-WARN-SHOULD', 'ERR-CRASH', 'ERR-NOPE', 'ERR-OK']) expect(html).toContain(` id="check-${id}">`);
    expect(html).toMatch(/<li class="check failed" id="check-ENV-BROKEN">.*?Spec: 001 §Rules, rule 10/s);
    expect(html).toMatch(/<li class="check skipped" id="check-ERR-NOPE">.*?Skipped: adapter does not implement validateError/s);
  });

  it('gives every failure its counterexample, the answer and a copyable replay command', () => {
    const entry = /<li class="check failed" id="check-ENV-BROKEN">([\s\S]*?)<\/li>/.exec(html)![1]!;
    expect(entry).toContain('<details open>');
    expect(entry).toContain('Counterexample (shrunk)');
    expect(entry).toContain('The adapter answered');
    expect(entry).toContain(escapeHtmlText(`npx uaix-conformance --adapter './my adapter' --check ENV-BROKEN --seed 1 --runs 20 --replay 3:1:0`));
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
    expect(renderHtml(r)).toContain('<dt>Shard</dt><dd>2 of 4: a partial report, merge the shards for the whole run</dd>');
    expect(html).not.toContain('<dt>Shard</dt>');
  });

  it('is deterministic: the same report renders to the same bytes', () => {
    expect(renderHtml(hostileReport())).toBe(html);
  });
});

describe('renderHtml and the check statements', () => {
  it("shows each check's statement of the seed clause under its title, escaped", () => {
    const report = plainReport(2);
    report.checks[0] = { ...report.checks[0]!, statement: 'An envelope whose `expires_at` is at or before now is invalid <b>(001 §7)</b>.' };
    const html = renderHtml(report);
    expect(html).toContain('<p class="statement">An envelope whose `expires_at` is at or before now is invalid &lt;b&gt;(001 §7)&lt;/b&gt;.</p>');
    expect(renderHtml(plainReport(2))).not.toContain('class="statement"');
  });
});
