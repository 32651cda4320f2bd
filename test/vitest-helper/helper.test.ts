import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Catalog } from '../../src/engine/catalog.js';
import type { Report } from '../../src/model/report.js';
import { runChecks } from '../../src/api/run.js';
import { describeOutcome, parseReplay } from '../../src/vitest.js';
import { allChecks } from '../../suites/index.js';
import { acceptsEverything } from './fixture/broken-adapter.js';
import { compactPath } from '../../src/engine/path.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, 'test/vitest-helper/fixture/vitest.config.ts');
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');

interface Assertion {
  title: string;
  status: string;
  failureMessages: string[];
}

/** Runs the fixture pack file in a child vitest, as an implementer's project would, and reads its JSON report. */
function runFixture(env: Record<string, string> = {}, args: string[] = []): Assertion[] {
  const out = join(mkdtempSync(join(tmpdir(), 'uaix-vitest-')), 'results.json');
  const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('UAIX_') && !k.startsWith('VITEST')));
  const r = spawnSync(process.execPath, [VITEST, 'run', '--config', CONFIG, '--reporter=json', `--outputFile=${out}`, ...args], { cwd: ROOT, env: { ...cleanEnv, ...env }, encoding: 'utf8', timeout: 240_000 });
  if (!existsSync(out)) throw new Error(`the child vitest wrote no report (exit ${r.status}):\n${r.stderr}`);
  const json = JSON.parse(readFileSync(out, 'utf8')) as { testResults: { assertionResults: Assertion[] }[] };
  return json.testResults.flatMap((f) => f.assertionResults);
}

const idOf = (a: Assertion) => a.title.slice(0, a.title.indexOf(':'));

describe('definePackTests in an implementer project (a child vitest on a broken adapter)', () => {
  let results: Assertion[];
  let cli: Report;

  beforeAll(async () => {
    results = runFixture();
    // What the CLI's runner finds for the same adapter, seed and runs.
    const envelope = new Catalog(allChecks).select({ suites: ['envelope'] });
    cli = await runChecks({ checks: envelope, adapter: acceptsEverything, adapterSpec: './broken-adapter.ts', seed: 5, runs: 10 });
  }, 300_000);

  it('registers exactly one test per check id of the selection', () => {
    expect(results.map(idOf)).toEqual(cli.checks.map((c) => c.id));
  });

  it('fails exactly the checks the CLI fails, and passes the others', () => {
    const byId = Object.fromEntries(results.map((a) => [idOf(a), a.status]));
    const expected = Object.fromEntries(cli.checks.map((c) => [c.id, c.status === 'failed' || c.status === 'errored' ? 'failed' : c.status]));
    expect(byId).toEqual(expected);
    expect(Object.values(byId)).toContain('failed');
    expect(byId['ENV-VALID-ACCEPTED']).toBe('passed');
  });

  it("names the CLI's own counterexample and replay command in each failure, and a vitest replay", () => {
    for (const c of cli.checks.filter((k) => k.status === 'failed')) {
      const message = results.find((a) => idOf(a) === c.id)!.failureMessages.join('\n');
      expect(message).toContain(`replay with the CLI: ${c.failure!.replay}`);
      expect(message).toContain(`UAIX_SEED=5 UAIX_RUNS=10 UAIX_REPLAY=${c.id}@${compactPath(c.failure!.path)} npx vitest run -t ${c.id}:`);
      expect(message).toContain(`counterexample: ${JSON.stringify(c.failure!.counterexample, null, 2).split('\n')[0]}`);
    }
  });

  it('replays one failure from its UAIX_REPLAY line: the same counterexample, first try', () => {
    const failed = cli.checks.find((c) => c.status === 'failed')!;
    const replayed = runFixture({ UAIX_SEED: '5', UAIX_RUNS: '10', UAIX_REPLAY: `${failed.id}@${compactPath(failed.failure!.path)}` }, ['-t', `${failed.id}:`]);
    const ran = replayed.filter((a) => a.status !== 'skipped' && a.status !== 'pending');
    expect(ran.map(idOf)).toEqual([failed.id]);
    expect(ran[0]!.status).toBe('failed');
    const shown = JSON.stringify(failed.failure!.counterexample, null, 2);
    expect(ran[0]!.failureMessages.join('\n')).toContain(shown.slice(0, 200));
  }, 300_000);
});

describe('parseReplay and describeOutcome', () => {
  it('reads <ID>@<path> and refuses anything else', () => {
    expect(parseReplay('ENV-EXPIRED@12:0:3')).toEqual({ id: 'ENV-EXPIRED', path: '12:0:3' });
    expect(parseReplay(undefined)).toBeUndefined();
    expect(() => parseReplay('ENV-EXPIRED:12')).toThrow(/UAIX_REPLAY must look like/);
  });

  it('describes an errored check with its input', () => {
    const text = describeOutcome(
      { id: 'ERR-X', title: 't', suite: 'error', severity: 'MUST', specRef: '002 §1', requires: [], decisions: [], status: 'errored', runs: 1, evidence: { cases: 1, tags: {} }, error: { message: 'validateError timed out', input: { a: 1 } }, durationMs: 1 },
      1,
      10,
    );
    expect(text).toBe('ERR-X errored (MUST, 002 §1): validateError timed out\ninput: {\n  "a": 1\n}');
  });
});

describe('the package export', () => {
  it('maps uaix-conformance/vitest to the built helper', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { types: string; default: string }> };
    expect(pkg.exports['./vitest']).toEqual({ types: './dist/src/vitest.d.ts', default: './dist/src/vitest.js' });
  });

  it.runIf(existsSync(join(ROOT, 'dist/src/vitest.js')))('resolves by package name (self-reference) once built', () => {
    const resolved = execFileSync(process.execPath, ['--input-type=module', '-e', "process.stdout.write(import.meta.resolve('uaix-conformance/vitest'))"], { cwd: ROOT, encoding: 'utf8' });
    expect(resolved.endsWith('/dist/src/vitest.js')).toBe(true);
  });
});
