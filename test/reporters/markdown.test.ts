import { describe, expect, it } from 'vitest';
import { MARKDOWN_BUDGET, renderMarkdown } from '../../src/reporters/markdown.js';
import { gatedReport, hostileReport, plainReport } from './fixture-report.js';

/** The text of a Markdown document outside fenced code blocks and code spans: where markup is live. */
function liveText(md: string): string {
  let out = '';
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})/.exec(lines[i]!);
    if (open) {
      // Skip to the closing fence: a line of at least as many backticks and nothing else.
      const close = new RegExp(`^${open[1]}\`*\\s*$`);
      i += 1;
      while (i < lines.length && !close.test(lines[i]!)) i += 1;
      continue;
    }
    out += `${lines[i]!.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, '')}\n`;
  }
  return out;
}

describe('renderMarkdown', () => {
  const md = renderMarkdown(hostileReport());

  it('opens with the verdict, the ratio and the seed, then a table of suites', () => {
    expect(md.split('\n')[0]).toMatch(/^## ❌ uaix-conformance: `evil /);
    expect(md).toContain(
      '**FAIL: 2 MUST checks failed or errored** · 2/5 passed, 1 skipped · seed 1 · 20 cases per check',
    );
    expect(md).toContain('| envelope | 1 | 2 | 0 | 0 |');
    expect(md).toContain('| error | 1 | 0 | 1 | 1 |');
    expect(md).toContain('| **Total** | 2 | 2 | 1 | 1 |');
  });

  it('gives each failure its spec reference, counterexample, answer and replay command in code blocks', () => {
    const block = md.slice(
      md.indexOf('<code>ENV-BROKEN</code>'),
      md.indexOf('\n</details>\n', md.indexOf('<code>ENV-BROKEN</code>')),
    );
    expect(block).toContain('Spec: 001 §Rules, rule 10');
    expect(block).toMatch(/Counterexample \(shrunk\)\n\n```json\n\{/);
    expect(block).toMatch(/The adapter answered\n\n```json\n/);
    expect(block).toContain(
      "```sh\nnpx uaix-conformance --adapter './my adapter' --check ENV-BROKEN --seed 1 --runs 20 --replay 3:1:0\n```",
    );
    expect(md).toContain('<code>ERR-CRASH</code>');
    expect(md).toContain('- adapter does not implement validateError: `ERR-NOPE`');
  });

  it('keeps every adapter-controlled value out of live Markdown: no tag, handler or mention outside code', () => {
    const live = liveText(md);
    expect(live).not.toMatch(/<(?!\/?(details|summary|code|sub)>)/);
    expect(live).not.toMatch(/onerror|onload|javascript:|__xss/);
  });

  it('cannot be broken out of by backticks in a value', () => {
    const r = plainReport(2, ['ENV-C1']);
    r.checks[1]!.failure!.message = 'one\n```\n<img src=x onerror=alert(1)> @octocat\n````';
    const live = liveText(renderMarkdown(r));
    expect(live).not.toContain('onerror');
    expect(live).not.toContain('@octocat');
  });

  it('stays under the pull-request comment limit, listing late failures one line each, then counting them', () => {
    const r = plainReport(
      300,
      Array.from({ length: 250 }, (_, i) => `ENV-C${i}`),
    );
    const out = renderMarkdown(r);
    expect(out.length).toBeLessThanOrEqual(MARKDOWN_BUDGET);
    expect(out).toContain('<details><summary>❌ <code>ENV-C0</code>');
    expect(out).toMatch(/^- ❌ `ENV-C\d+` MUST: replay with `npx uaix-conformance/m);
    expect(out).toMatch(/… and \d+ more: see report\.html\./);
    const small = renderMarkdown(r, 5_000);
    expect(small.length).toBeLessThanOrEqual(5_000);
  });

  it('says when everything passed and lists no failures', () => {
    const out = renderMarkdown(plainReport(4));
    expect(out.split('\n')[0]).toBe('## ✅ uaix-conformance: `plain 1.0.0`');
    expect(out).toContain('**PASS: all 4 checks that ran passed** · 4/4 passed');
    expect(out).not.toContain('### Failures');
  });
});

describe('renderMarkdown of a gated run (--expect)', () => {
  const report = gatedReport();
  const md = renderMarkdown(report);

  it('counts expected failures and skips apart: "N failed (M expected)", in the head line and the table', () => {
    const x = {
      failed: report.checks.filter((c) => c.status === 'failed' && c.expectation?.result === 'expected').length,
      skipped: report.checks.filter((c) => c.status === 'skipped' && c.expectation?.result === 'expected').length,
    };
    const s = report.summary;
    expect(md).toContain(
      ` · ${s.passed} passed, ${s.failed} failed (${x.failed} expected), ${s.errored} errored, ${s.skipped} skipped (${x.skipped} expected) · seed`,
    );
    expect(md).toContain('| envelope | 1 | 2 (1 expected) | 0 | 0 |');
    expect(md).toContain('| **Total** | 2 | 2 (1 expected) | 1 | 1 (1 expected) |');
  });

  it('states the gate, puts unexpected passes and stale entries first, and lists the expected ones with reason, issue link and expiry', () => {
    expect(md).toContain('### ❌ Gate FAILED: `expectations.json`\n\n2 expected, 1 new MUST failures, 3 stale.');
    expect(md).toContain('**⚠️ Expectations to update (3)**');
    expect(md).toMatch(
      /^- ⚠️ `ENV-OK` unexpected pass: expected to fail, but it passed; entry ENV-OK \(fail: was broken in 0\.9\)$/m,
    );
    expect(md).toMatch(/^- ⚠️ `ERR-OK` stale expectation: expired on 2026-01-31, and the check passed; /m);
    expect(md).toMatch(
      /^- ❌ `ENV-BROKEN` MUST expected failure: expiry is not implemented .* · \[https:\/\/example\.org\/issues\/7\]\(https:\/\/example\.org\/issues\/7\) · expires 2026-12-31$/m,
    );
    // An issue that is not an http(s) URL is never a link.
    expect(md).toMatch(/^- ➖ `ERR-NOPE` MUST expected skip: no error validator yet · `javascript:window.__xss=11`$/m);
    // The file's reasons are the user's words, shown as escaped text: no tag is live (a backslash-escaped `<` is text).
    const live = liveText(md).replace(/\\[\\`*_[\]<>|~&]/g, '');
    expect(live).not.toMatch(/<(?!\/?(details|summary|code|sub)>)/);
    expect(live).not.toMatch(/javascript:/);
  });

  it('keeps expected failures out of the failures section and expected skips out of the skipped list', () => {
    const failures = md.slice(md.indexOf('### Failures and errors, not expected'));
    expect(md).toContain(
      `### Failures and errors, not expected (${report.checks.filter((c) => (c.status === 'failed' || c.status === 'errored') && c.expectation?.result !== 'expected').length})`,
    );
    expect(failures).not.toContain('<code>ENV-BROKEN</code>');
    expect(failures).toContain('<code>ERR-CRASH</code>');
    expect(md).not.toContain('Skipped checks');
  });

  it('is unchanged by the gate fields when there is no gate', () => {
    expect(renderMarkdown(hostileReport())).not.toMatch(/Gate|expected\)/);
  });
});
