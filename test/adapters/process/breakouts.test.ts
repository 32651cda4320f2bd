import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createProcessAdapter,
  createUasVerifyCommandAdapter,
  processControl,
} from '../../../src/adapters/process/index.js';
import { measureJsonText } from '../../../src/contract/budgets.js';
import { runChecks } from '../../../src/api/run.js';
import { readReport } from '../../../src/io/json-file.js';
import { uasSuite } from '../../../suites/uas/index.js';
import { BIN, cli, expectUsageError, tempDir } from '../../helpers/cli.js';
import { alive } from '../isolated/gallery.js';
import { HOSTILE, hostile, runHostile } from './gallery.js';
import { probes } from './probes.js';

const passed = (id: string) => ({ id, status: 'passed' });
const bin = process.env.UAIX_TEST_BIN ?? BIN;
const pidsIn = (file: string) => readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number);

describe('out of process: what used to be absorbed, hang or linger', () => {
  it.concurrent('a response to an id never sent, in the same write as a right answer while nothing is pending, errors the next call with the evidence', async () => {
    const r = await runHostile('stray-id');
    expect(r.checks[1]).toEqual({
      id: 'PROBE-ECHO',
      status: 'errored',
      message: expect.stringMatching(
        /^toKeyless: the adapter answered id \d+, which no pending request carries \(while no request was pending, after the previous answer\)$/,
      ),
      evidence: {
        kind: 'wrong-id',
        method: 'toKeyless',
        line: expect.stringContaining('"result":"nobody asked"'),
        stderrTail: '',
        restarts: 0,
      },
    });
    // The next checks run on a restarted process.
    expect(r.checks.slice(2).map((c) => c.status)).toEqual(['passed', 'passed']);
  });

  it.concurrent('a describe that lists a method named then: the start does not hang (bounded by the start timeout), and the run passes', async () => {
    const t0 = performance.now();
    const adapter = await createProcessAdapter(hostile('then-method'), { timeoutMs: 2000, closeGraceMs: 300 });
    try {
      expect(performance.now() - t0).toBeLessThan(10_000 + 10_000); // the start timeout, plus slack
      expect(Object.hasOwn(adapter, 'then')).toBe(false);
      const report = await runChecks({ checks: probes, adapter, seed: 7, runs: 3, timeoutMs: 2000 });
      expect(report.checks.map((c) => ({ id: c.id, status: c.status }))).toEqual(probes.map((p) => passed(p.id)));
    } finally {
      await processControl(adapter)!.close();
    }
  });

  it.concurrent('an answer nested 100 000 levels deep is refused before it is parsed (budget answer-depth), its request alone errors', async () => {
    const t0 = performance.now();
    const r = await runHostile('deep');
    expect(r.checks[1]).toEqual({
      id: 'PROBE-ECHO',
      status: 'errored',
      message:
        'toKeyless: the answer is nested more than 256 levels deep (budget answer-depth; raise it with --budget answer-depth=<n>)',
      evidence: {
        kind: 'over-budget',
        method: 'toKeyless',
        line: expect.any(String),
        lineBytes: expect.any(Number),
        stderrTail: '',
        restarts: 0,
      },
    });
    expect(r.checks.map((c) => c.status)).toEqual(['passed', 'errored', 'passed', 'passed']);
    expect(performance.now() - t0).toBeLessThan(4 * 2000 + 10_000);
    expect(measureJsonText('{"a":"[[[[","b":[[1]]}').depth).toBe(3);
  });

  it.concurrent('a grandchild that left the process group holding the pipes: the CLI writes its report and exits, within 2 x close grace + 10 s of the report', async () => {
    const dir = tempDir();
    const grandchildren = join(dir, 'grandchildren');
    writeFileSync(grandchildren, '');
    const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', HOSTILE_GRANDCHILD_FILE: grandchildren };
    const child = spawn(
      process.execPath,
      [
        bin,
        '--adapter-cmd',
        `${process.execPath} ${join(HOSTILE, 'setsid-grandchild.mjs')}`,
        '--check',
        'WIRE-ROUNDTRIP',
        '--seed',
        '1',
        '--runs',
        '3',
        '--timeout',
        '2000',
        '--out',
        'out',
      ],
      { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (b) => (stderr += b));
    child.stdout.resume();
    const exited = new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    // From the moment the report is written, the CLI has the close grace (2 s) twice, plus slack, to exit.
    const reportFile = join(dir, 'out', 'report.json');
    while (!existsSync(reportFile) && child.exitCode === null) await new Promise((r) => setTimeout(r, 50));
    const t0 = Date.now();
    const code = await exited;
    const pids = pidsIn(grandchildren);
    try {
      expect(Date.now() - t0).toBeLessThan(2 * 2000 + 10_000);
      expect([0, 1], stderr).toContain(code);
      expect(readReport(join(dir, 'out', 'report.json')).checks).toHaveLength(1);
      // The grandchild left the group; it no longer holds the pack (contain.test.ts shows it does not outlive it either).
      expect(pids.length).toBeGreaterThan(0);
    } finally {
      for (const pid of pids) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it.concurrent('--uas-verify-cmd: a verifier that exits but leaves a setsid grandchild holding its pipes gives its verdict, no timeout', async () => {
    const dir = tempDir();
    const grandchildren = join(dir, 'grandchildren');
    writeFileSync(grandchildren, '');
    const adapter = createUasVerifyCommandAdapter(
      `${process.execPath} ${join(import.meta.dirname, 'verifiers', 'setsid-grandchild.mjs')} {source} {artifact} ${grandchildren}`,
      { timeoutMs: 5000 },
    );
    const t0 = performance.now();
    try {
      const report = await runChecks({
        checks: uasSuite.filter((c) => c.id === 'VAL-VALID-ACCEPTED'),
        adapter,
        seed: 1,
        runs: 3,
        timeoutMs: 5000,
      });
      expect(report.checks.map((c) => [c.id, c.status])).toEqual([['VAL-VALID-ACCEPTED', 'passed']]);
      // Passed: no case waited for the pipes until its timeout. Bounded by 3 calls per case x 3 cases x --timeout.
      expect(performance.now() - t0).toBeLessThan(3 * 3 * 5000);
    } finally {
      await processControl(adapter)!.close();
      for (const pid of pidsIn(grandchildren)) if (alive(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it.concurrent('--uas-verify-cmd naming a binary that does not exist: one clear line, exit 2', async () => {
    expectUsageError(
      await cli(['--uas-verify-cmd', '/nonexistent/verifier {source} {artifact}', '--no-reports']),
      /^uaix-conformance: the uas-verify command \/nonexistent\/verifier was not found \(no such file\)$/,
    );
    expectUsageError(
      await cli(['--uas-verify-cmd', 'no-such-verifier-uaix {source} {artifact}', '--no-reports']),
      /^uaix-conformance: the uas-verify command no-such-verifier-uaix was not found \(no such file, and not on PATH\)$/,
    );
  });
});
