import { describe, expect, it } from 'vitest';
import { errorExit } from '../../src/cli/main.js';
import { UsageError } from '../../src/contract/errors.js';
import type { Report } from '../../src/model/report.js';
import { displayJson, escapeTerminal } from '../../src/reporters/escape.js';
import { renderReportFiles } from '../../src/reporters/index.js';
import { renderBadge } from '../../src/reporters/badge.js';
import { renderHtml } from '../../src/reporters/html.js';
import { jsonChunks, renderJson } from '../../src/reporters/json.js';
import { renderJunit } from '../../src/reporters/junit.js';
import { renderMarkdown } from '../../src/reporters/markdown.js';
import { renderSummary } from '../../src/reporters/terminal.js';
import { hostileReport } from './fixture-report.js';

/** Sequences a terminal acts on: set the window title, clear the screen, write the clipboard (OSC 52), the one-byte CSI, a bell. */
const TERMINAL_ATTACKS = '\x1b]0;pwned\x07 \x1b[2J\x1b[H \x1b]52;c;ZWNobyBwd25lZA==\x07 \x9b31m \x07 \r\x1b[Kfake line';
/** Bidi and invisible characters: an override, an isolate, a zero-width space, a BOM. */
const INVISIBLES = '\u202Egnp.exe\u202C \u2066x\u2069 a\u200Bb \uFEFF';
/** Every control a terminal acts on (C0 but tab and newline, DEL, C1). */
const RAW_CONTROL = /[\x00-\x08\x0B-\x1F\x7F-\x9F]/;
/** What a page or a file may not carry raw (CR and tab are inert there). */
const RAW_CONTROL_IN_FILES = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]/;
const RAW_INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/;

/** The hostile report with an adapter that writes terminal sequences and bidi characters everywhere it can. */
function report(): Report {
  const r = hostileReport();
  r.adapter = { ...r.adapter, name: `ok${INVISIBLES}${TERMINAL_ATTACKS}`, version: `1${INVISIBLES}` };
  for (const c of r.checks) {
    c.title = `${c.title} ${INVISIBLES}`;
    if (c.status === 'failed') c.failure = { ...c.failure, message: `${TERMINAL_ATTACKS} ${INVISIBLES}` };
    if (c.status === 'errored') c.error = { ...c.error, message: `${TERMINAL_ATTACKS} ${INVISIBLES}` };
  }
  return r;
}

describe('every output escapes what the adapter wrote', () => {
  it('the terminal summary shows control characters as escapes: no title, clear-screen or clipboard sequence reaches the terminal', () => {
    const text = renderSummary(report(), { verbose: true });
    expect(text).not.toMatch(RAW_CONTROL);
    expect(text).not.toMatch(RAW_INVISIBLE);
    expect(text).toContain('\\e]0;pwned\\x07 \\e[2J\\e[H \\e]52;c;ZWNobyBwd25lZA==\\x07 \\u009B31m');
    expect(text).toContain('\\u202Egnp.exe\\u202C');
  });

  it('escapeTerminal names every control, keeps tab and printable text, and marks lone surrogates', () => {
    expect(escapeTerminal('a\tb\nc\rd\x1be\x00f\x7fg\x85h\uD800')).toBe('a\tb\\nc\\rd\\ee\\x00f\\x7Fg\\u0085h\uFFFD');
    expect(escapeTerminal('ünïcödé 𝄞')).toBe('ünïcödé 𝄞');
  });

  it('a usage or internal error quoting the adapter is escaped too', () => {
    const usage = errorExit(new UsageError(`describe failed: ${TERMINAL_ATTACKS}`));
    expect(usage.stderr.trimEnd()).not.toMatch(RAW_CONTROL);
    expect(usage.stderr.trimEnd().split('\n')).toHaveLength(1);
    const internal = errorExit(new Error(`boom ${TERMINAL_ATTACKS}`));
    expect(internal.code).toBe(3);
    expect(internal.stderr.replace(/\n/g, '')).not.toMatch(RAW_CONTROL);
  });

  it('HTML reveals bidi and invisible characters everywhere, the <title> and <h1> included', () => {
    const html = renderHtml(report());
    expect(html).not.toMatch(RAW_INVISIBLE);
    expect(html).not.toMatch(RAW_CONTROL_IN_FILES);
    const title = /<title>(uaix-conformance: [\s\S]*?)<\/title>/.exec(html)![1]!;
    expect(title).toContain('\\u202Egnp.exe\\u202C');
    expect(/<h1>([\s\S]*?)<\/h1>/.exec(html)![1]).toContain('\\u202Egnp.exe\\u202C');
  });

  it('Markdown reveals them in the heading, the <summary> lines and the tables too; junit.xml as well', () => {
    const md = renderMarkdown(report());
    expect(md).not.toMatch(RAW_INVISIBLE);
    expect(md).not.toMatch(RAW_CONTROL_IN_FILES);
    expect(md.split('\n')[0]).toContain('\\u202Egnp.exe\\u202C');
    const junit = renderJunit(report());
    expect(junit).not.toMatch(RAW_INVISIBLE);
    expect(junit).not.toMatch(RAW_CONTROL_IN_FILES);
  });
});

describe('reports are bounded and report.json is streamed', () => {
  it('a counterexample of 3 million characters shared by two findings: every rendered format stays bounded, report.json is chunks equal to JSON.stringify', () => {
    const huge = 'x'.repeat(3_000_000);
    const r = hostileReport();
    const failed = r.checks.find((c) => c.status === 'failed')!;
    if (failed.status !== 'failed') throw new Error('fixture');
    failed.failure = { ...failed.failure, counterexample: { a: huge, b: huge }, actual: huge, message: huge };
    for (const f of renderReportFiles(r).filter((x) => x.name !== 'report.json')) {
      expect(typeof f.content === 'string' ? f.content.length : 0, f.name).toBeLessThan(200_000);
    }
    expect(renderHtml(r)).toMatch(/\n… 29\d{5} more characters \(see report\.json\)/);
    const chunks = [...jsonChunks(r)];
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(1_200_000);
    expect(`${chunks.join('')}\n`).toBe(`${JSON.stringify(r, null, 2)}\n`);
    expect(renderJson(r)).toBe(`${JSON.stringify(r, null, 2)}\n`);
  });

  it('displayJson says how many characters it left out, and never splits a surrogate pair', () => {
    const shown = displayJson({ s: '😀'.repeat(100) }, 20);
    expect(shown).toMatch(/\n… \d+ more characters \(see report\.json\)$/);
    expect(shown).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(displayJson(undefined)).toBe('undefined');
    expect(displayJson({ a: 1 })).toBe('{\n  "a": 1\n}');
  });

  it('a patched Object.prototype.toJSON cannot change report.json or badge.json', () => {
    const r = hostileReport();
    const expected = renderJson(r);
    const badge = renderBadge(r);
    (Object.prototype as { toJSON?: () => unknown }).toJSON = () => 'corrupted';
    try {
      expect(renderJson(r)).toBe(expected);
      expect(renderBadge(r)).toBe(badge);
    } finally {
      delete (Object.prototype as { toJSON?: () => unknown }).toJSON;
    }
  });
});
