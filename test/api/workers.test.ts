import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAdapter } from '../../src/adapters/load.js';
import { buildAdapter } from '../../src/adapters/process/process-adapter.js';
import { packCatalog, stampOf, toolStamp } from '../../src/api/catalog.js';
import { runPack } from '../../src/api/run.js';
import { assembleEntry, Board, runPooled, tuneJitForPool, unitsOf } from '../../src/api/workers.js';
import type { Adapter } from '../../src/contract/adapter.js';
import type { CheckDefinition } from '../../src/engine/check.js';
import { parseShard } from '../../src/engine/chunks.js';
import { createHarness, DEFAULT_NOW, describeAdapter } from '../../src/engine/harness.js';
import { runCheck, runChecks } from '../../src/engine/runner.js';
import { schemaValidator } from '../../src/io/json-file.js';
import type { CheckReport, Report } from '../../src/model/report.js';
import { bundledSpec } from '../../src/spec/index.js';
import { cli, expectUsageError, readJson, BUILT_REFERENCE_ENTRY, tempDir, withoutTiming } from '../helpers/cli.js';

/**
 * `--workers N` (src/api/workers.ts): the same report.json for every N, timings aside. The test
 * process loads adapters in process (vitest.config.ts), so the pool's worker threads do too, each
 * its own instance; adapters that must know which thread they run in are told by a global that only
 * this thread sets.
 */

const MAIN_MARK = '__uaixWorkersTestMainThread';
(globalThis as Record<string, unknown>)[MAIN_MARK] = true;

/** Module source: true in this (the test's) thread, false in a pool's worker thread. */
const IN_TEST_THREAD = `globalThis[${JSON.stringify(MAIN_MARK)}] === true`;

/** The serial reports of the full pack, by seed: what the pooled runs are compared with. */
const serial = new Map<number, Report>();

/** A report's JSON without timings, parts' timings included. */
function untimed(r: Report): string {
  return withoutTiming(JSON.parse(JSON.stringify(r, (k, v) => (k === 'durationMs' ? undefined : v))));
}

/** The catalog's checks with these ids, in the order given. */
function checksById(ids: string[]): CheckDefinition[] {
  const all = packCatalog().checks;
  return ids.map((id) => all.find((c) => c.id === id)!);
}

/**
 * An adapter module over the reference whose first call in this thread waits until `mark` exists
 * (a worker thread's instance writes it), so that the worker surely runs the units after it; every
 * answer is the reference's but `computeChecksum`'s, which `checksum` gives.
 */
function gatedModule(mark: string, checksum: string): string {
  return `import { existsSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { referenceAdapter } from ${JSON.stringify(BUILT_REFERENCE_ENTRY)};
const here = ${IN_TEST_THREAD};
let open = !here;
async function gate() {
  for (let i = 0; !open && i < 1200 && !existsSync(${JSON.stringify(mark)}); i++) await new Promise((r) => setTimeout(r, 25));
  open = true;
}
export default {
  ...referenceAdapter,
  describe: () => ({ name: 'gated', version: '1' }),
  async validateEnvelope(p, c) { await gate(); return referenceAdapter.validateEnvelope(p, c); },
  async computeChecksum(packet) {
    if (!here) writeFileSync(${JSON.stringify(mark)}, 'called');
    ${checksum}
  },
};
`;
}

/** A checksum that is always wrong: INT-CHECKSUM fails on every case and shrinks. */
const WRONG_CHECKSUM = `return 'sha256:' + createHash('sha256').update(JSON.stringify(packet) + 'x').digest('hex');`;

/** The chunked run of the failure tests: an envelope check and INT-CHECKSUM, 10 cases in chunks of 4. */
const CHUNKED = { ids: ['ENV-VALID-ACCEPTED', 'INT-CHECKSUM'], runs: 10, chunkRuns: 4 };
const STAMP = toolStamp(stampOf(checksById(CHUNKED.ids), bundledSpec(), CHUNKED.chunkRuns));

/** Engine options of the chunked run against `adapter`. */
function chunkedRun(adapter: Adapter) {
  return {
    checks: checksById(CHUNKED.ids),
    adapter,
    adapterSpec: './adapter',
    seed: 7,
    runs: CHUNKED.runs,
    chunkRuns: CHUNKED.chunkRuns,
    timeoutMs: 60_000,
    spec: bundledSpec(),
  };
}

describe('--workers', () => {
  it.each([1, 42])('--workers 1 and --workers 2 write the same report.json (seed %i, every suite)', async (seed) => {
    const dir = tempDir();
    const run = (n: number) =>
      cli(
        [
          '--adapter',
          'reference',
          '--seed',
          String(seed),
          '--runs',
          '5',
          '--workers',
          String(n),
          '--out',
          `w${n}`,
          '-q',
        ],
        dir,
      );
    const one = await run(1);
    const two = await run(2);
    expect(two.code, two.stderr).toBe(one.code);
    expect(two.stdout).toBe(one.stdout);
    const [a, b] = [readJson(join(dir, 'w1', 'report.json')), readJson(join(dir, 'w2', 'report.json'))];
    expect(schemaValidator('report')(b)).toBe(true);
    expect(b.checks.map((c: CheckReport) => c.id)).toEqual(packCatalog().checks.map((c) => c.id));
    expect(withoutTiming(b)).toBe(withoutTiming(a));
    serial.set(seed, a);
  });

  it('a check that fails in a worker thread has the counterexample of the serial run, with long checks in chunks', async () => {
    const dir = tempDir();
    const mark = join(dir, 'worker-called');
    // Every checksum wrong: INT-CHECKSUM fails and shrinks.
    writeFileSync(join(dir, 'gated.mjs'), gatedModule(mark, WRONG_CHECKSUM));
    const adapter = await loadAdapter(join(dir, 'gated.mjs'), { inProcess: true });
    // This thread holds the first envelope chunk until the worker has called computeChecksum: the
    // worker runs the envelope's other chunks, then INT-CHECKSUM's first chunk, which fails there.
    const opts = chunkedRun(adapter);
    // Pooled first: this thread's gate opens once, when the worker calls.
    const pooled = await runPooled(opts, STAMP, {
      workers: 2,
      load: { spec: join(dir, 'gated.mjs'), options: { inProcess: true } },
    });
    expect(existsSync(mark)).toBe(true);
    const alone = await runChecks(opts, STAMP);
    expect(alone.checks.map((c) => c.status)).toEqual(['passed', 'failed']);
    expect(untimed(pooled)).toBe(untimed(alone));
  });

  it.each(['1/2', '2/2'])(
    'the units of shard %s, run one by one, assemble into the serial shard entries, parts included',
    async (raw) => {
      const dir = tempDir();
      writeFileSync(
        join(dir, 'wrong.mjs'),
        `import { createHash } from 'node:crypto';\nimport { referenceAdapter } from ${JSON.stringify(BUILT_REFERENCE_ENTRY)};\nexport default { ...referenceAdapter, computeChecksum(packet) { ${WRONG_CHECKSUM} } };\n`,
      );
      const adapter = await loadAdapter(join(dir, 'wrong.mjs'), { inProcess: true });
      const opts = { ...chunkedRun(adapter), shard: parseShard(raw) };
      const alone = await runChecks(opts, STAMP);
      const h = createHarness(adapter, await describeAdapter(adapter), {
        timeoutMs: opts.timeoutMs,
        now: DEFAULT_NOW,
        spec: opts.spec,
      });
      const units = unitsOf(opts.checks, opts);
      const assembled = [];
      for (const [i, check] of opts.checks.entries()) {
        const chunks = units.filter((u) => u.check === i).map((u) => u.chunk);
        if (chunks.length === 0) continue;
        const ended = new Map<number, CheckReport | null>();
        for (const k of chunks) ended.set(k, (await runCheck(check, adapter, h, opts, [k])) ?? null);
        assembled.push(assembleEntry(chunks, ended, true));
      }
      expect(alone.checks.every((c) => c.parts !== undefined)).toBe(true);
      expect(JSON.stringify(assembled, (k, v) => (k === 'durationMs' ? undefined : v))).toBe(
        JSON.stringify(alone.checks, (k, v) => (k === 'durationMs' ? undefined : v)),
      );
    },
  );

  it('the board deals each runner its own segment, then the rest of the others, and passes over chunks after one that did not pass', () => {
    const units = unitsOf(checksById(CHUNKED.ids), CHUNKED);
    const perCheck = Math.ceil(CHUNKED.runs / CHUNKED.chunkRuns);
    expect(units).toEqual(
      CHUNKED.ids.flatMap((_, check) => Array.from({ length: perCheck }, (_, chunk) => ({ check, chunk }))),
    );
    const board = new Board(CHUNKED.ids.length, 1, units.length);
    const [, mid] = board.segment(0);
    expect(board.segment(1)).toEqual([mid, units.length]);
    const claimed: number[] = [];
    claimed.push(board.claim(1, units)!); // the worker's first unit: the head of its segment
    board.settle(units[claimed[0]!]!, { status: 'failed' } as CheckReport);
    for (let i = board.claim(0, units); i !== undefined; i = board.claim(0, units)) claimed.push(i);
    // This thread runs its own segment, then what is left of the worker's, past the units the failed chunk cut.
    const cutAt = units[claimed[0]!]!;
    const expected = [
      mid,
      ...units
        .map((_, i) => i)
        .filter((i) => i !== mid && !(units[i]!.check === cutAt.check && units[i]!.chunk > cutAt.chunk)),
    ];
    expect(claimed).toEqual(expected);
    expect(board.claim(1, units)).toBeUndefined();
  });

  it('an interrupted pool writes the report of what finished, marked incomplete, and counts the checks as they end', async () => {
    const dir = join(tempDir(), 'out');
    const stop = new AbortController();
    const events: string[] = [];
    const ends: number[] = [];
    await runPack({
      adapter: 'reference',
      inProcess: true,
      seed: 1,
      runs: 5,
      workers: 2,
      out: dir,
      signal: stop.signal,
      reporters: [
        {
          name: 'probe',
          onCheckStart: (c) => events.push(`start ${c.id}`),
          onCheckEnd: (r, index) => {
            events.push(`end ${r.id}`);
            ends.push(index);
            if (ends.length === 3) stop.abort();
          },
        },
      ],
    });
    const report = readJson(join(dir, 'report.json'));
    expect(schemaValidator('report')(report)).toBe(true);
    expect(report.incomplete).toBe(true);
    expect(report.checks.length).toBeGreaterThanOrEqual(3);
    expect(report.checks.length).toBeLessThan(packCatalog().checks.length);
    // Each check that finished is the serial run's entry, in catalog order.
    const whole = serial.get(1) ?? (await runPack({ adapter: 'reference', inProcess: true, seed: 1, runs: 5 })).report;
    const entry = (c: CheckReport) => JSON.stringify({ ...c, durationMs: 0 });
    const ids = report.checks.map((c: CheckReport) => c.id);
    expect(ids).toEqual(whole.checks.map((c) => c.id).filter((id) => ids.includes(id)));
    expect(report.checks.map(entry)).toEqual(whole.checks.filter((c) => ids.includes(c.id)).map(entry));
    // The listeners' count goes up by one per check that ended, and every check starts before it ends.
    expect(ends).toEqual(ends.map((_, i) => i));
    for (const id of report.checks.map((c: CheckReport) => c.id))
      expect(events.indexOf(`start ${id}`)).toBeLessThan(events.indexOf(`end ${id}`));
  });

  /** A run of ENV-VALID-ACCEPTED (main thread) and INT-CHECKSUM (the worker thread, whose `computeChecksum` runs `checksum`). */
  async function gatedRun(checksum: string, timeout: string) {
    const dir = tempDir();
    const mark = join(dir, 'worker-called');
    writeFileSync(join(dir, 'gated.mjs'), gatedModule(mark, checksum));
    const r = await cli(
      [
        '--adapter',
        './gated.mjs',
        '--check',
        'ENV-VALID-ACCEPTED,INT-CHECKSUM',
        '--seed',
        '1',
        '--runs',
        '5',
        '--timeout',
        timeout,
        '--workers',
        '2',
        '--out',
        'out',
        '-q',
      ],
      dir,
    );
    const report = readJson(join(dir, 'out', 'report.json'));
    expect(schemaValidator('report')(report)).toBe(true);
    expect(report.incomplete).toBe(false);
    expect(report.checks.map((c: CheckReport) => [c.id, c.status])).toEqual([
      ['ENV-VALID-ACCEPTED', 'passed'],
      ['INT-CHECKSUM', 'errored'],
    ]);
    expect(r.code).toBe(1);
    return report.checks[1].error.message as string;
  }

  it('an adapter in a worker thread that calls process.exit errors the check it was running (the thread lives on), and the run goes on', async () => {
    expect(
      await gatedRun('if (!here) process.exit(3); return referenceAdapter.computeChecksum(packet);', '60000'),
    ).toBe(
      'computeChecksum: the adapter called process.exit(3): in process it cannot end or crash the run, so the call is errored (isolated, without --in-process, its process would have ended)',
    );
  });

  it('a worker thread whose adapter in process never yields is ended after --timeout + 1 s: its check errors, the run goes on', async () => {
    // Blocked for good without burning a core (Atomics.wait on a cell nobody wakes); the main thread's
    // first call waits for the worker thread to start, so the deadline leaves a loaded machine room.
    const block = 'if (!here) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);';
    expect(await gatedRun(`${block} return referenceAdapter.computeChecksum(packet);`, '8000')).toBe(
      'the worker thread running this check was stopped: its adapter in process held the thread for more than 9000 ms (isolated, without --in-process, its process would be killed)',
    );
  });

  it('an adapter whose describe() says instances: "single" runs serially, one instance', async () => {
    const dir = tempDir();
    const log = join(dir, 'instances.log');
    writeFileSync(
      join(dir, 'single.mjs'),
      `import { appendFileSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { referenceAdapter } from ${JSON.stringify(BUILT_REFERENCE_ENTRY)};
appendFileSync(${JSON.stringify(log)}, threadId + '\\n');
export default { ...referenceAdapter, describe: () => ({ name: 'one only', version: '1', instances: 'single' }) };
`,
    );
    const r = await cli(
      [
        '--adapter',
        './single.mjs',
        '--suite',
        'integrity,wire',
        '--seed',
        '1',
        '--runs',
        '5',
        '--workers',
        '2',
        '--out',
        'out',
        '-q',
      ],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(readJson(join(dir, 'out', 'report.json')).checks.length).toBe(
      packCatalog().select({ suites: ['integrity', 'wire'] }).length,
    );
  });

  it('an adapter process that says instances: "single" in its describe result says so to the pack', () => {
    const control = { abort: () => {}, close: async () => {} };
    const described = { name: 'one port', version: '1', protocol: 'uaix-adapter/1', methods: ['computeChecksum'] };
    expect(buildAdapter({ ...described, instances: 'single' }, async () => null, control).describe()).toEqual({
      name: 'one port',
      version: '1',
      instances: 'single',
    });
    expect(buildAdapter(described, async () => null, control).describe()).toEqual({ name: 'one port', version: '1' });
  });

  it('a describe() with another instances value is a usage error', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'many.mjs'),
      `import { referenceAdapter } from ${JSON.stringify(BUILT_REFERENCE_ENTRY)};\nexport default { ...referenceAdapter, describe: () => ({ name: 'x', version: '1', instances: 'many' }) };\n`,
    );
    expectUsageError(
      await cli(['--adapter', './many.mjs', '--check', 'INT-CHECKSUM', '--runs', '1', '--no-reports'], dir),
      /describe\(\) answered with a wrong shape.*instances/,
    );
  });

  it.each([
    ['0', /^uaix-conformance: --workers must be between 1 and 256, got 0$/],
    ['two', /^uaix-conformance: --workers must be an integer, got "two"$/],
  ])('--workers %s is a usage error', async (value, message) => {
    expectUsageError(await cli(['--adapter', 'reference', '--workers', value, '--no-reports']), message);
  });
});

describe('V8 tuning for a pool', () => {
  it('raises the interrupt budget unless the process was started with one of its own', () => {
    expect(tuneJitForPool(['--interrupt-budget=100000'], '')).toBe(false);
    expect(tuneJitForPool(['--interrupt_budget', '100000'], '')).toBe(false);
    expect(tuneJitForPool([], '--max-old-space-size=4096 --interrupt-budget=50000')).toBe(false);
    // Other flags, and names that only start alike, are not an interrupt budget of the user's.
    expect(
      tuneJitForPool(
        ['--max-old-space-size=4096', '--interrupt-budget-for-feedback-allocation=940'],
        '--enable-source-maps',
      ),
    ).toBe(true);
  });
});
