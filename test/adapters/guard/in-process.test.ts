import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_PROCESS_ENV } from '../../../src/adapters/load.js';
import { readReport } from '../../../src/io/json-file.js';
import { BUILT_REFERENCE_ENTRY, cli, expectUsageError, tempDir } from '../../helpers/cli.js';

/**
 * The guard of an adapter in process (D-REL-01, D-REL-02), through the command line run in this
 * process: what used to end or crash the whole run (an exit, an abort, a kill of its own process, an
 * error outside any call) or grow it without bound (a huge answer, an endless recovery session) errors
 * the call at hand, the report is written, and the run goes on. What only a real main thread shows
 * (a blocked thread, memory, the exit status) is in `in-process-spawn.test.ts`.
 */

const WHY =
  'in process it cannot end or crash the run, so the call is errored (isolated, without --in-process, its process would have ended)';

/** A module built on the reference whose first `computeChecksum` call runs `body`. */
const misbehaving = (body: string) => `import { referenceAdapter as ref } from ${JSON.stringify(BUILT_REFERENCE_ENTRY)};
let calls = 0;
export default {
  ...ref,
  describe: () => ({ name: 'misbehaving', version: '1' }),
  computeChecksum(packet) {
    calls += 1;
    if (calls === 1) { ${body} }
    return ref.computeChecksum(packet);
  },
};
`;

/** Runs INT-CHECKSUM then WIRE-ROUNDTRIP in process against `source`; the report's entries in short. */
async function runInProcess(source: string, extra: string[] = [], checks = ['INT-CHECKSUM', 'WIRE-ROUNDTRIP']) {
  const dir = tempDir();
  writeFileSync(join(dir, 'adapter.mjs'), source);
  const r = await cli(
    [
      '--adapter',
      './adapter.mjs',
      '--in-process',
      ...checks.flatMap((c) => ['--check', c]),
      '--seed',
      '1',
      '--runs',
      '5',
      '--timeout',
      '60000', // a bound against hanging: nothing here waits for a deadline
      '--out',
      'out',
      ...extra,
    ],
    dir,
  );
  const report = readReport(join(dir, 'out', 'report.json'));
  return {
    r,
    incomplete: report.incomplete,
    checks: report.checks.map((c) => [c.id, c.status, c.status === 'errored' ? c.error.message : undefined]),
  };
}

// The environment of the tests loads adapters in process; these tests say so themselves.
let saved: string | undefined;
beforeAll(() => {
  saved = process.env[IN_PROCESS_ENV];
  delete process.env[IN_PROCESS_ENV];
});
afterAll(() => {
  if (saved !== undefined) process.env[IN_PROCESS_ENV] = saved;
});

describe('an adapter in process cannot end, crash or exhaust the run: the call at hand errors, the report is written, the run goes on', () => {
  const CASES: [string, string, string][] = [
    ['process.exit(0)', 'process.exit(0);', `computeChecksum: the adapter called process.exit(0): ${WHY}`],
    [
      'process.exit caught by the adapter',
      'try { process.exit(0); } catch {}',
      `computeChecksum: the adapter called process.exit(0): ${WHY}`,
    ],
    [
      'process.reallyExit(5)',
      'process.reallyExit(5);',
      `computeChecksum: the adapter called process.reallyExit(5): ${WHY}`,
    ],
    ['process.abort()', 'process.abort();', `computeChecksum: the adapter called process.abort(): ${WHY}`],
    [
      'process.kill of its own process',
      "process.kill(process.pid, 'SIGKILL');",
      `computeChecksum: the adapter called process.kill(process.pid, "SIGKILL"): ${WHY}`,
    ],
    [
      'an error thrown in a timer while the call is pending',
      "setImmediate(() => { throw new Error('boom outside any call'); }); return new Promise(() => {});",
      `computeChecksum: the adapter threw outside any call: boom outside any call: ${WHY}`,
    ],
  ];
  for (const [what, body, message] of CASES) {
    it(`${what}: INT-CHECKSUM errored with what it tried, WIRE-ROUNDTRIP passes, exit 1`, async () => {
      const { r, incomplete, checks } = await runInProcess(misbehaving(body));
      expect(r.code, r.stderr).toBe(1);
      expect(incomplete).toBe(false);
      expect(checks).toEqual([
        ['INT-CHECKSUM', 'errored', message],
        ['WIRE-ROUNDTRIP', 'passed', undefined],
      ]);
    });
  }

  it('an exit at the top of the module is a usage error (one line, exit 2), not the end of the pack', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'adapter.mjs'),
      "process.exit(0);\nexport default { describe: () => ({ name: 'x', version: '1' }) };\n",
    );
    expectUsageError(
      await cli(['--adapter', './adapter.mjs', '--in-process', '--check', 'INT-CHECKSUM', '--no-reports'], dir),
      /^uaix-conformance: cannot load adapter \.\/adapter\.mjs: process\.exit\(0\) was called: an adapter in process cannot end the run$/,
    );
  });

  it('a string of 2 MiB and a verdict of 10 001 findings are refused before the harness copies them', async () => {
    const string = await runInProcess(misbehaving("return 'sha256:' + 'x'.repeat(2 * 1024 * 1024);"));
    expect(string.checks[0]).toEqual([
      'INT-CHECKSUM',
      'errored',
      'computeChecksum: the answer holds a string of more than 1048576 characters (budget answer-string; raise it with --budget answer-string=<n>)',
    ]);
    const findings = await runInProcess(
      misbehaving("return { valid: true, findings: Array.from({ length: 10001 }, () => ({ checkId: 'X' })) };"),
    );
    expect(findings.checks[0]).toEqual([
      'INT-CHECKSUM',
      'errored',
      'computeChecksum: the verdict has more than 10000 findings (budget findings; raise it with --budget findings=<n>)',
    ]);
  });

  it('a huge answer (600 000 members) is refused before the harness copies it: budget answer-values', async () => {
    const { checks } = await runInProcess(
      misbehaving("const o = {}; for (let i = 0; i < 600000; i++) o['k' + i] = i; return o;"),
    );
    expect(checks[0]).toEqual([
      'INT-CHECKSUM',
      'errored',
      'computeChecksum: the answer holds more than 100000 values (budget answer-values; raise it with --budget answer-values=<n>)',
    ]);
  });
});

/** A recovery policy: `start` and `observe` answer with `answer()`. */
const policy = (answer: string, observeFirst = '') => `let n = 0;
const answer = () => (${answer});
export default {
  describe: () => ({ name: 'policy', version: '1', capabilityLevel: 'L7' }),
  recovery: {
    start: () => answer(),
    async observe() { ${observeFirst} return answer(); },
  },
};
`;

/** A policy that never completes: each answer sets a timer and asks for 250 readbacks. */
const ENDLESS = policy(
  "[{ type: 'wait', request_id: 'w' + n++, ms: 1000 }, ...Array.from({ length: 250 }, () => ({ type: 'fetch', request_id: 'f' + n++, url: 'https://repo.example.com/v1/state' }))]",
);

describe('a recovery session is held to the session budgets, in process and isolated', () => {
  for (const where of ['in process', 'isolated'] as const) {
    it(`${where}: a policy that never completes errors at the session-values budget, with the budget named`, async () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'endless.mjs'), ENDLESS);
      const r = await cli(
        [
          '--adapter',
          './endless.mjs',
          ...(where === 'in process' ? ['--in-process'] : []),
          '--check',
          'REC-ISOLATED-NOOP',
          '--seed',
          '1',
          '--runs',
          '2',
          '--out',
          'out',
        ],
        dir,
      );
      expect(r.code, r.stderr).toBe(1);
      const c = readReport(join(dir, 'out', 'report.json')).checks[0]!;
      expect([c.status, c.status === 'errored' && c.error.message]).toEqual([
        'errored',
        "recovery.observe: the session's answers hold more than 50000 values (budget session-values; raise it with --budget session-values=<n>)",
      ]);
    });
  }

  it('session-calls and session-ms bind as set: a policy that answers slowly, and the reference under a tight call budget', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'slow.mjs'),
      policy("[{ type: 'wait', request_id: 'w' + n++, ms: 1000 }]", 'await new Promise((r) => setTimeout(r, 30));'),
    );
    const run = async (adapter: string, budget: string) => {
      await cli(
        [
          '--adapter',
          adapter,
          '--in-process',
          '--check',
          'REC-ISOLATED-NOOP',
          '--seed',
          '1',
          '--runs',
          '1',
          '--budget',
          budget,
          '--out',
          'out',
        ],
        dir,
      );
      const c = readReport(join(dir, 'out', 'report.json')).checks[0]!;
      return c.status === 'errored' ? c.error.message : c.status;
    };
    expect(await run('./slow.mjs', 'session-ms=100')).toBe(
      'recovery.observe: the session ran more than 100 ms (budget session-ms; raise it with --budget session-ms=<n>)',
    );
    expect(await run('reference', 'session-calls=2')).toBe(
      'recovery.observe: the session made more than 2 calls (budget session-calls; raise it with --budget session-calls=<n>)',
    );
  });
});

describe('--budget on the command line', () => {
  it('names the budget it does not know, with the closest one, and refuses a value that is not a whole number from 1', async () => {
    expectUsageError(
      await cli(['--adapter', 'reference', '--budget', 'answer-value=10', '--no-reports']),
      /^uaix-conformance: --budget: no budget named "answer-value" \(did you mean "answer-values"\?\) \(budgets: answer-bytes, .*memory\)$/,
    );
    expectUsageError(
      await cli(['--adapter', 'reference', '--budget', 'memory=0', '--no-reports']),
      /^uaix-conformance: --budget memory must be between 1 and \d+, got 0$/,
    );
    expectUsageError(
      await cli(['--adapter', 'reference', '--budget', 'memory', '--no-reports']),
      /^uaix-conformance: --budget takes <name>=<n> \(names: answer-bytes, .*\), got "memory"$/,
    );
  });

  it('a run over its memory budget stops as a signal stops it: the report of what finished, incomplete, one line naming the budget, exit 1', async () => {
    const dir = tempDir();
    const r = await cli(
      [
        '--adapter',
        'reference',
        '--in-process',
        '--suite',
        'recovery',
        '--runs',
        '1000',
        '--seed',
        '1',
        '--budget',
        'memory=1',
        '--out',
        'out',
      ],
      dir,
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /^uaix-conformance: the run was stopped: the pack's process held \d+ MiB, which is more than 1 MiB \(budget memory; raise it with --budget memory=<n>\); the report of what finished is marked incomplete$/m,
    );
    expect(readReport(join(dir, 'out', 'report.json')).incomplete).toBe(true);
  });
});
