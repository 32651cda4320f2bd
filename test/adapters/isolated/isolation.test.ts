import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadAdapter, closeAdapter, IN_PROCESS_ENV } from '../../../src/adapters/load.js';
import { runChecks } from '../../../src/api/run.js';
import { packCatalog } from '../../../src/api/catalog.js';
import { readReport } from '../../../src/io/json-file.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { brokenExpiry, cli, BUILT_REFERENCE_ENTRY, tempDir, withoutTiming } from '../../helpers/cli.js';
import { alive, writeHostileModule, type Misbehaviour } from './gallery.js';

// These tests are about the default, isolated path: whatever the environment of the test run says.
let saved: string | undefined;
beforeAll(() => {
  saved = process.env[IN_PROCESS_ENV];
  delete process.env[IN_PROCESS_ENV];
});
afterAll(() => {
  if (saved !== undefined) process.env[IN_PROCESS_ENV] = saved;
});

// Loose enough that a loaded 2-core machine answers a correct call in time; the hangs wait it out.
const TIMEOUT = 10_000;
/** A run of two checks: 3 timeouts at most, plus two process starts (tsx from the sources, up to ISOLATE_START_MS each on a loaded machine). */
const BOUND_MS = 3 * TIMEOUT + 2 * 30_000;

/** Runs INT-CHECKSUM and ENV-EXPIRED against the hostile module; the report read back through its schema. */
async function runHostile(kind: Misbehaviour) {
  const dir = tempDir();
  const pids = join(dir, 'pids');
  const file = writeHostileModule(dir, kind, BUILT_REFERENCE_ENTRY, { pids });
  const t0 = performance.now();
  const r = await cli(
    [
      '--adapter',
      `./${file}`,
      '--check',
      'INT-CHECKSUM',
      '--check',
      'WIRE-ROUNDTRIP',
      '--seed',
      '1',
      '--runs',
      '5',
      '--timeout',
      String(TIMEOUT),
      '--out',
      'out',
    ],
    dir,
  );
  const ms = performance.now() - t0;
  expect(existsSync(join(dir, 'out', 'report.json')), r.stderr).toBe(true);
  const report = readReport(join(dir, 'out', 'report.json'));
  const byId = Object.fromEntries(report.checks.map((c) => [c.id, c]));
  const started = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
  return { r, ms, report, checksum: byId['INT-CHECKSUM'] as any, after: byId['WIRE-ROUNDTRIP']!, started };
}

const timeout = (method: string) => ({
  message: `${method}: no answer within 9000 ms; the adapter process was killed`,
  evidence: { kind: 'timeout', command: 'isolated ./KIND.mjs', method, stderrTail: '', restarts: 0 },
});

/** What each misbehaviour comes to: INT-CHECKSUM's error (`KIND` stands for the module's name). */
const EXPECTED: Record<Exclude<Misbehaviour, 'alloc'>, { message: string; evidence?: Record<string, unknown> }> = {
  block: timeout('computeChecksum'),
  never: timeout('computeChecksum'),
  exit: {
    message: 'computeChecksum: the adapter process exited with code 0',
    evidence: {
      kind: 'exit',
      command: 'isolated ./KIND.mjs',
      method: 'computeChecksum',
      exitCode: 0,
      signal: null,
      stderrTail: '',
      restarts: 0,
    },
  },
  crash: {
    message: 'computeChecksum: the adapter process exited with code 1',
    evidence: {
      kind: 'exit',
      command: 'isolated ./KIND.mjs',
      method: 'computeChecksum',
      exitCode: 1,
      signal: null,
      stderrTail: expect.stringContaining('Error: boom outside any call'),
      restarts: 0,
    },
  },
  getter: {
    message:
      'computeChecksum: the adapter answered with protocol error -32603: the answer cannot be serialized: getter refuses',
    evidence: {
      kind: 'protocol-error',
      command: 'isolated ./KIND.mjs',
      method: 'computeChecksum',
      line: expect.stringContaining('-32603'),
      stderrTail: '',
      restarts: 0,
    },
  },
  proxy: {
    message:
      'computeChecksum: the adapter answered with protocol error -32603: the answer cannot be serialized: trap refuses',
    evidence: {
      kind: 'protocol-error',
      command: 'isolated ./KIND.mjs',
      method: 'computeChecksum',
      line: expect.stringContaining('-32603'),
      stderrTail: '',
      restarts: 0,
    },
  },
  unshowable: { message: 'computeChecksum threw: threw a value that cannot be shown (its toJSON and toString throw)' },
  symbol: { message: 'computeChecksum threw: threw a symbol: Symbol(not an error)' },
  fn: { message: 'computeChecksum threw: threw a function: culprit' },
  proto: {
    message: 'computeChecksum: the adapter wrote a message that is not a uaix-adapter/1 response',
    evidence: {
      kind: 'bad-message',
      command: 'isolated ./KIND.mjs',
      method: 'computeChecksum',
      line: '"patched by the adapter"',
      problem: 'response: (root) must be object',
      stderrTail: '',
      restarts: 0,
    },
  },
};

/** The misbehaviours after which the process is killed (or gone) and a fresh one answers the next check. */
const KILLS = new Set<Misbehaviour>(['block', 'never', 'exit', 'crash', 'proto']);

describe('module adapters run isolated by default: a misbehaving member errors the check at hand, the run goes on, the report is written', () => {
  for (const [kind, want] of Object.entries(EXPECTED) as [
    Exclude<Misbehaviour, 'alloc'>,
    (typeof EXPECTED)['block'],
  ][]) {
    it.concurrent(`${kind}: INT-CHECKSUM errored with its evidence, WIRE-ROUNDTRIP (next) passes, exit 1, no process left, within 3 x --timeout + 2 x start deadline`, async () => {
      const { r, ms, report, checksum, after, started } = await runHostile(kind);
      expect(r.code, r.stderr).toBe(1);
      expect(report.incomplete).toBe(false);
      expect(checksum.status).toBe('errored');
      const evidence = want.evidence ? JSON.parse(JSON.stringify(want.evidence).replaceAll('KIND', kind)) : undefined;
      expect({ message: checksum.error.message, evidence: checksum.error.evidence }).toEqual({
        message: want.message,
        evidence: evidence && {
          ...evidence,
          ...(kind === 'crash' ? { stderrTail: expect.stringContaining('Error: boom outside any call') } : {}),
          ...(evidence.line !== undefined && typeof want.evidence!.line !== 'string'
            ? { line: want.evidence!.line }
            : {}),
        },
      });
      expect(after.status, JSON.stringify((after as { error?: unknown }).error)).toBe('passed');
      expect(ms).toBeLessThan(BOUND_MS);
      // Prototype patching in the adapter never reaches the pack.
      expect(Object.prototype).not.toHaveProperty('toJSON');
      // Every process the adapter ran in is gone (a fault kills it; the end of the run closes the restarted one).
      for (const pid of started) expect(alive(pid), `pid ${pid}`).toBe(false);
      // A fault that kills the process restarts it once, for the next check; an error answer keeps it.
      expect(started.length).toBe(KILLS.has(kind) ? 2 : 1);
    });
  }

  it('runaway allocation: the process dies at its heap limit, the check errors with the out-of-memory evidence, the run goes on', async () => {
    const dir = tempDir();
    const file = writeHostileModule(dir, 'alloc', BUILT_REFERENCE_ENTRY);
    const adapter = await loadAdapter(`./${file}`, { cwd: dir, timeoutMs: 60_000, maxHeapMb: 64 });
    try {
      const checks = packCatalog().select({ checks: ['INT-CHECKSUM', 'WIRE-ROUNDTRIP'] });
      const report = await runChecks({ checks, adapter, seed: 1, runs: 5, timeoutMs: 60_000 });
      const c = report.checks.find((x) => x.id === 'INT-CHECKSUM')!;
      expect(c.status).toBe('errored');
      expect(c.error!.message).toMatch(
        /^computeChecksum: the adapter process (was killed by SIGABRT|exited with code 134)$/,
      );
      expect((c.error!.evidence as { stderrTail: string }).stderrTail).toMatch(/heap out of memory/);
      expect(report.checks.find((x) => x.id === 'WIRE-ROUNDTRIP')!.status).toBe('passed');
    } finally {
      await closeAdapter(adapter);
    }
  });
});

describe('loadAdapter says when the adapter no longer needs this thread to start (onStarted)', () => {
  it('an isolated adapter: once, after its process is started and before it has answered describe', async () => {
    const events: string[] = [];
    const loading = loadAdapter('reference', { onStarted: () => events.push('started') }).then((a) => {
      events.push('loaded');
      return a;
    });
    // The process is started synchronously after the adapter's modules load, long before it can answer.
    await new Promise((r) => setTimeout(r, 0));
    const adapter = await loading;
    try {
      expect(events).toEqual(['started', 'loaded']);
      expect((await adapter.describe()).name).toBeTruthy();
    } finally {
      await closeAdapter(adapter);
    }
  });

  it('an in-process adapter: once, at once', async () => {
    let calls = 0;
    const loading = loadAdapter('reference', { inProcess: true, onStarted: () => (calls += 1) });
    expect(calls).toBe(1);
    await closeAdapter(await loading); // its guard of this thread goes with it
    expect(calls).toBe(1);
  });

  it('an adapter that cannot be loaded: a usage error, and no call when nothing was started', async () => {
    let calls = 0;
    await expect(
      loadAdapter('./no-such-adapter.mjs', { cwd: tempDir(), onStarted: () => (calls += 1) }),
    ).rejects.toThrow(/no-such-adapter/);
    expect(calls).toBe(0);
  });
});

describe('the isolated path reports what the in-process path reports', () => {
  /** Both paths on one seed, reports without their timing fields. */
  async function both(adapter: string, checks: string[], dir: string) {
    const args = [
      '--adapter',
      adapter,
      ...checks.flatMap((c) => ['--check', c]),
      '--seed',
      '11',
      '--runs',
      '25',
      '--timeout',
      '60000',
      '--shrink-budget',
      '600000',
    ];
    const isolated = await cli([...args, '--out', 'isolated'], dir);
    const inProcess = await cli([...args, '--in-process', '--out', 'in-process'], dir);
    expect(isolated.code, `isolated: ${isolated.stderr}\nin process: ${inProcess.stderr}`).toBe(inProcess.code);
    const out = {
      isolated: withoutTiming(readReport(join(dir, 'isolated', 'report.json'))),
      inProcess: withoutTiming(readReport(join(dir, 'in-process', 'report.json'))),
    };
    expect(differences(out.isolated, out.inProcess)).toEqual([]);
    return out;
  }

  /** Where two reports differ: check id and field, with both values cut short (what a failure shows). */
  function differences(a: string, b: string): string[] {
    const x = JSON.parse(a);
    const y = JSON.parse(b);
    const out: string[] = [];
    for (const [i, c] of (x.checks as Record<string, unknown>[]).entries()) {
      for (const key of Object.keys({ ...c, ...y.checks[i] })) {
        const [u, v] = [JSON.stringify(c[key]), JSON.stringify(y.checks[i]?.[key])];
        if (u !== v) out.push(`${String(c.id)}.${key}: ${u?.slice(0, 300)} vs ${v?.slice(0, 300)}`);
      }
    }
    if (JSON.stringify({ ...x, checks: [] }) !== JSON.stringify({ ...y, checks: [] })) out.push('outside the checks');
    return out;
  }

  it.concurrent('the reference on the envelope and error suites: the same report either way', async () => {
    const dir = tempDir();
    const r = await both('reference', ['ENV-*', 'ERR-*'], dir);
    expect(JSON.parse(r.isolated).checks.length).toBeGreaterThan(20);
    expect(r.isolated).toBe(r.inProcess);
  });

  it.concurrent('a failing module: the same verdicts, counterexamples and shrinks either way', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.mjs'), brokenExpiry(BUILT_REFERENCE_ENTRY));
    const r = await both('./bad.mjs', ['ENV-EXPIRED', 'ENV-UTC-Z', 'WIRE-*'], dir);
    expect(JSON.parse(r.isolated).checks.find((c: { id: string }) => c.id === 'ENV-EXPIRED').status).toBe('failed');
    expect(r.isolated).toBe(r.inProcess);
  });

  it.concurrent('--spec-dir overrides reach the isolated reference: codes added to the registry are valid to it, as to the judges', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'spec'));
    // A reference of the bundled spec would refuse these codes and fail ERR-VALID-ACCEPTED (test/suites/error/spec-override.test.ts).
    const codes = [...bundledSpec().error.registry.codes, 'rate_limited', 'timeout'];
    writeFileSync(join(dir, 'spec', 'error.json'), JSON.stringify({ registry: { codes } }));
    const args = [
      '--adapter',
      'reference',
      '--suite',
      'error',
      '--seed',
      '3',
      '--runs',
      '60',
      '--spec-dir',
      'spec',
      '--timeout',
      '60000',
    ];
    const isolated = await cli([...args, '--out', 'isolated'], dir);
    const inProcess = await cli([...args, '--in-process', '--out', 'in-process'], dir);
    expect([isolated.code, inProcess.code], isolated.stderr).toEqual([0, 0]);
    const report = readReport(join(dir, 'isolated', 'report.json'));
    expect(report.checks.filter((c) => c.status !== 'passed').map((c) => c.id)).toEqual([]);
    expect(Object.keys(report.checks.find((c) => c.id === 'ERR-VALID-ACCEPTED')!.evidence.tags)).toEqual(
      expect.arrayContaining(['code:rate_limited', 'code:timeout']),
    );
    expect(withoutTiming(report)).toBe(withoutTiming(readReport(join(dir, 'in-process', 'report.json'))));
  });
});

describe('--in-process: the same gallery, where a process can survive it, errors the check with a clear message and the report is written', () => {
  const IN_PROCESS: Partial<Record<Misbehaviour, string>> = {
    never: 'computeChecksum timed out: TimeoutError: no answer within 10000 ms',
    getter: 'computeChecksum answered with a value that cannot be read: getter refuses',
    proxy: 'computeChecksum answered with a value that cannot be read: DataCloneError: #<Object> could not be cloned.',
    unshowable: 'computeChecksum threw: threw a value that cannot be shown (its toJSON and toString throw)',
    symbol: 'computeChecksum threw: threw a symbol: Symbol(not an error)',
    fn: 'computeChecksum threw: threw a function: culprit',
    proto: 'computeChecksum changed built-ins the pack relies on (Object.prototype.toJSON); they were restored',
  };
  // One at a time: an in-process adapter patching a prototype shares this process with the other tests.
  for (const [kind, message] of Object.entries(IN_PROCESS) as [Misbehaviour, string][]) {
    it(`${kind}: INT-CHECKSUM errored ("${message.slice(0, 40)}…"), WIRE-ROUNDTRIP passes, exit 1, report.json valid, within 2 x --timeout + 10 s`, async () => {
      const dir = tempDir();
      const file = writeHostileModule(dir, kind, BUILT_REFERENCE_ENTRY);
      const t0 = performance.now();
      const r = await cli(
        [
          '--adapter',
          `./${file}`,
          '--in-process',
          '--check',
          'INT-CHECKSUM',
          '--check',
          'WIRE-ROUNDTRIP',
          '--seed',
          '1',
          '--runs',
          '5',
          '--timeout',
          String(TIMEOUT),
          '--out',
          'out',
        ],
        dir,
      );
      expect(performance.now() - t0).toBeLessThan(2 * TIMEOUT + 10_000);
      expect(r.code, r.stderr).toBe(1);
      const report = readReport(join(dir, 'out', 'report.json'));
      expect(report.checks.map((c) => [c.id, c.status, c.status === 'errored' ? c.error.message : undefined])).toEqual([
        ['INT-CHECKSUM', 'errored', message],
        ['WIRE-ROUNDTRIP', 'passed', undefined],
      ]);
      expect(Object.prototype).not.toHaveProperty('toJSON');
      // The report on disk is what the pack meant to write, not the adapter's toJSON.
      expect(readFileSync(join(dir, 'out', 'report.json'), 'utf8')).not.toContain('patched by the adapter');
    });
  }
});
