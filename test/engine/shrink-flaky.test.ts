import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport } from '../../src/io/json-file.js';
import { cli, expectUsageError, tempDir } from '../helpers/cli.js';
import { packCatalog } from '../../src/api/catalog.js';
import { runChecks } from '../../src/api/run.js';
import { referenceAdapter as ref } from '../../src/adapters/reference.js';
import type { Adapter } from '../../src/contract/adapter.js';
import { MAX_SHRINK_FAULTS } from '../../src/engine/chunk-run.js';
import { schemaValidator } from '../../src/io/json-file.js';
import { renderHtml } from '../../src/reporters/html.js';
import { renderMarkdown } from '../../src/reporters/markdown.js';
import { renderSummary } from '../../src/reporters/terminal.js';

const WRONG = `sha256:${'0'.repeat(64)}`;
const checks = packCatalog().select({ checks: ['INT-CHECKSUM'] });
const validReport = (r: unknown) => {
  const v = schemaValidator('report');
  expect(v(JSON.parse(JSON.stringify(r))), JSON.stringify(v.errors)).toBe(true);
};

describe('shrinking has a budget, for every adapter kind', () => {
  it('first answer wrong, every later call hanging: shrinking stops after 3 faults, within (1 + 3) x --timeout + slack, the case found reported as not fully shrunk', async () => {
    let n = 0;
    const adapter: Adapter = {
      describe: () => ({ name: 'hangs after one', version: '1' }),
      computeChecksum: () => (++n === 1 ? WRONG : new Promise(() => {})),
    };
    const timeoutMs = 300;
    const t0 = performance.now();
    const report = await runChecks({ checks, adapter, seed: 1, runs: 20, timeoutMs });
    expect(performance.now() - t0).toBeLessThan((1 + MAX_SHRINK_FAULTS) * timeoutMs + 10_000);
    const c = report.checks[0]!;
    expect(c.status).toBe('failed');
    expect(c.failure!.shrinkCut).toBe(
      `shrinking stopped after the adapter faulted on ${MAX_SHRINK_FAULTS} smaller cases; this is the smallest failing case found so far`,
    );
    expect(c.failure!.actual).toBe(WRONG);
    validReport(report);
    expect(renderSummary(report)).toContain(`not fully shrunk: ${c.failure!.shrinkCut}`);
    expect(renderMarkdown(report)).toContain('Not fully shrunk');
    expect(renderHtml(report)).toContain('Not fully shrunk: shrinking stopped after the adapter faulted');
  });

  it('a slow wrong adapter: shrinking stops at the time budget (an option, in the run info), within budget + --timeout + slack', async () => {
    const adapter: Adapter = {
      describe: () => ({ name: 'slow and wrong', version: '1' }),
      computeChecksum: () => new Promise((r) => setTimeout(() => r(WRONG), 20)),
    };
    const t0 = performance.now();
    const report = await runChecks({ checks, adapter, seed: 1, runs: 20, timeoutMs: 1000, shrinkBudgetMs: 300 });
    expect(performance.now() - t0).toBeLessThan(300 + 1000 + 10_000);
    expect(report.run.shrinkBudgetMs).toBe(300);
    expect(report.checks[0]!.failure!.shrinkCut).toBe(
      'shrinking stopped after the shrink budget of 300 ms; this is the smallest failing case found so far',
    );
    validReport(report);
  });

  it('a stable wrong answer is shrunk fully: no shrinkCut, no flaky', async () => {
    const report = await runChecks({ checks, adapter: { ...ref, computeChecksum: () => WRONG }, seed: 1, runs: 20 });
    const f = report.checks[0]!.failure!;
    expect([f.shrinkCut, f.flaky, f.shrinks > 0]).toEqual([undefined, undefined, true]);
    expect(report.run.shrinkBudgetMs).toBe(30_000);
  });
});

describe('flakiness is detected: the counterexample is replayed 3 times before it is reported', () => {
  it('an answer that changes is reported as flaky, with both answers', async () => {
    let n = 0;
    const adapter: Adapter = {
      ...ref,
      describe: () => ({ name: 'flaky', version: '1' }),
      computeChecksum: (p: unknown) => (++n % 2 === 1 ? WRONG : ref.computeChecksum!(p)),
    };
    const report = await runChecks({ checks, adapter, seed: 1, runs: 20 });
    const f = report.checks[0]!.failure!;
    expect(f.flaky).toEqual({
      replays: 3,
      differedAt: 1,
      answers: [{ outcome: 'failed', message: f.message, actual: WRONG }, { outcome: 'passed' }],
    });
    validReport(report);
    // Every human-facing report says so.
    expect(renderSummary(report)).toContain(
      'FLAKY: run again, the counterexample was answered differently (replay 1 of 3: passed)',
    );
    expect(renderMarkdown(report)).toContain('Flaky: run again, the counterexample was answered differently');
    expect(renderHtml(report)).toContain('Flaky: run again, the counterexample was answered differently');
  });

  it('the same seed gives the same flaky verdict twice', async () => {
    const make = (): Adapter => {
      let n = 0;
      return { ...ref, computeChecksum: (p: unknown) => (++n % 2 === 1 ? WRONG : ref.computeChecksum!(p)) };
    };
    const a = await runChecks({ checks, adapter: make(), seed: 9, runs: 20 });
    const b = await runChecks({ checks, adapter: make(), seed: 9, runs: 20 });
    expect(JSON.stringify(b.checks[0]!.failure)).toBe(JSON.stringify(a.checks[0]!.failure));
  });
});

describe('--shrink-budget', () => {
  it('is the run option, recorded in the report run info; out of range is a usage error', async () => {
    const dir = tempDir();
    const r = await cli(
      [
        '--adapter',
        'reference',
        '--in-process',
        '--check',
        'INT-CHECKSUM',
        '--seed',
        '1',
        '--runs',
        '2',
        '--shrink-budget',
        '1234',
        '--out',
        'o',
      ],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(readReport(join(dir, 'o', 'report.json')).run.shrinkBudgetMs).toBe(1234);
    expectUsageError(
      await cli(['--adapter', 'reference', '--shrink-budget', '0', '--no-reports'], dir),
      /^uaix-conformance: --shrink-budget must be between 1 and 86400000, got 0$/,
    );
  });
});
