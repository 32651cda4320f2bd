import { describe, expect, it } from 'vitest';
import { type CheckReport, REPORT_FORMAT, type Report, summarize } from '../../src/model/report.js';
import { renderHtml } from '../../src/reporters/html.js';
import { MESSAGE_CHARS, renderSummary, wrapMessage } from '../../src/reporters/terminal.js';

/** A report of `checks`. */
function reportOf(checks: CheckReport[]): Report {
  return {
    format: REPORT_FORMAT,
    tool: { name: 'uaix-conformance', version: '0.0.0' },
    adapter: { name: 'x', version: '1', spec: './x.mjs' },
    run: {
      seed: 7,
      runs: 20,
      timeoutMs: 1000,
      now: '2026-01-01T00:00:00Z',
      selection: { suites: [], checks: [] },
      catalogHash: `sha256:${'0'.repeat(64)}`,
      startedAt: '2026-01-01T00:00:00.000Z',
      durationMs: 1,
    },
    incomplete: false,
    checks,
    summary: summarize(checks),
  };
}

const base = {
  title: 'A title',
  suite: 'envelope',
  severity: 'MUST',
  specRef: '001',
  requires: [],
  decisions: [],
  runs: 1,
  evidence: { cases: 1, tags: {} },
  durationMs: 1,
} as const;

/** A 200-character correlation id ending in a newline, as a mutation writes it in its note. */
const LONG_ID = `${'c'.repeat(199)}\n`;
const failed: CheckReport = {
  ...base,
  id: 'ENV-CORRELATION-ID',
  status: 'failed',
  failure: {
    reason: 'accepted',
    params: { note: `/conversation/correlation_id set to ${JSON.stringify(LONG_ID)}` },
    message: `accepted an envelope that breaks the rule: /conversation/correlation_id set to ${JSON.stringify(LONG_ID)} (exponent-number)`,
    counterexample: { packet: { conversation: { correlation_id: LONG_ID }, delivery: { priority: 'normal' } } },
    focus: '/packet/conversation/correlation_id',
    expected: { valid: false },
    actual: { valid: true },
    seed: 1,
    path: '0',
    shrinks: 0,
    replay: 'npx uaix-conformance --adapter ./x.mjs --check ENV-CORRELATION-ID --seed 7 --runs 20 --replay 0',
  },
};
const errored: CheckReport = {
  ...base,
  id: 'INT-CHECKSUM',
  status: 'errored',
  error: {
    message: 'computeChecksum timed out after 1000 ms',
    input: { origin: 'fixture:ack', packet: { profile: 'uai.agent.ack.v1' } },
    path: '41',
    replay: 'npx uaix-conformance --adapter ./x.mjs --check INT-CHECKSUM --seed 7 --runs 20 --replay 41',
  },
};

describe('failures show what decides them', () => {
  it('the terminal wraps a long message, never cuts it: the escaped newline and the hint at its end stay', () => {
    const out = renderSummary(reportOf([failed]));
    const lines = out.split('\n');
    expect(lines.filter((l) => [...l].length > 110)).toEqual([]);
    // The message's lines: a long word is broken where the line ends, so the pieces joined again hold it whole.
    const at = lines.findIndex((l) => l.includes('accepted an envelope'));
    const shown = lines
      .slice(at, at + 4)
      .map((l) => l.slice(5))
      .join('');
    expect(shown).toContain(`"${'c'.repeat(199)}\\n"`);
    expect(shown).toContain('(exponent-number)');
  });

  it('wraps at spaces, breaks a word longer than a line, and says how much a huge message leaves for report.json', () => {
    expect(wrapMessage('alpha beta gamma delta epsilon zeta', 24, '> ')).toEqual([
      'alpha beta gamma delta',
      '> epsilon zeta',
    ]);
    expect(wrapMessage('x'.repeat(45), 20, '')).toEqual(['x'.repeat(20), 'x'.repeat(20), 'x'.repeat(5)]);
    const huge = wrapMessage('y'.repeat(MESSAGE_CHARS + 10), 100, '');
    expect(huge.join('')).toContain('… 10 more characters (see report.json)');
  });

  it('an errored check shows the case that errored and the command that runs it again', () => {
    const out = renderSummary(reportOf([errored]));
    expect(out).toContain('ERR  INT-CHECKSUM [MUST] A title\n     computeChecksum timed out after 1000 ms\n');
    expect(out).toContain('     input: {"origin":"fixture:ack","packet":{"profile":"uai.agent.ack.v1"}}\n');
    expect(out).toContain(`     replay: ${errored.status === 'errored' ? errored.error.replay : ''}\n`);
  });

  it('report.html marks the changed member, as the terminal does, and shows an errored case with its replay', () => {
    const html = renderHtml(reportOf([failed, errored]));
    expect(html).toContain(
      'Counterexample (shrunk): <mark class="focus">/packet/conversation/correlation_id</mark> changed',
    );
    expect(html).toMatch(/<mark class="focus">\s+&quot;correlation_id&quot;: &quot;c{199}\\n&quot;<\/mark>/);
    expect(html).not.toMatch(/<mark class="focus">\s+&quot;priority/);
    expect(html).toContain(
      '<h3>Replay the case that errored</h3><pre><code>npx uaix-conformance --adapter ./x.mjs --check INT-CHECKSUM',
    );
  });
});
