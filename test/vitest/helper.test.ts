import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FailedCheck, Report } from '../../src/model/report.js';
import { packCatalog } from '../../src/api/catalog.js';
import { runChecks } from '../../src/api/run.js';
import { describeOutcome, parseReplay } from '../../src/vitest.js';
import { acceptsEverything } from './fixture/broken-adapter.js';
import { compactPath } from '../../src/engine/path.js';

const ROOT = resolve(import.meta.dirname, '../..');
const CONFIG = join(ROOT, 'test/vitest/fixture/vitest.config.ts');
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');

interface Assertion {
  title: string;
  fullName: string;
  status: string;
  failureMessages: string[];
}

/** Runs the fixture pack file in a child vitest, as an implementer's project would, and reads its JSON report. */
function runFixture(env: Record<string, string> = {}): Assertion[] {
  const out = join(mkdtempSync(join(tmpdir(), 'uaix-vitest-')), 'results.json');
  const cleanEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('UAIX_') && !k.startsWith('VITEST')),
  );
  const r = spawnSync(process.execPath, [VITEST, 'run', '--config', CONFIG, '--reporter=json', `--outputFile=${out}`], {
    cwd: ROOT,
    env: { ...cleanEnv, ...env },
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (!existsSync(out)) throw new Error(`the child vitest wrote no report (exit ${r.status}):\n${r.stderr}`);
  const json = JSON.parse(readFileSync(out, 'utf8')) as { testResults: { assertionResults: Assertion[] }[] };
  return json.testResults.flatMap((f) => f.assertionResults);
}

/** The `replay in vitest:` line of a failure message, split as a shell would: its variables, and the arguments after `npx vitest`. */
function vitestReplayLine(message: string): { env: Record<string, string>; args: string[] } {
  const line = /^replay in vitest: +(.*)$/m.exec(message)?.[1];
  if (!line) throw new Error(`no vitest replay line in:\n${message}`);
  const words = line.split(/ +/);
  const npx = words.indexOf('npx');
  expect(words.slice(npx, npx + 3)).toEqual(['npx', 'vitest', 'run']);
  return {
    env: Object.fromEntries(words.slice(0, npx).map((w) => w.split(/=(.*)/s).slice(0, 2) as [string, string])),
    args: words.slice(npx + 3),
  };
}

const idOf = (a: Assertion) => a.title.slice(0, a.title.indexOf(':'));

/**
 * One child vitest, started as the replay line of one failure says (its UAIX_* variables), proves
 * both: every other check runs as in a plain run of the file, and the named check replays its one
 * case. The line's `-t <ID>:` filter is checked against the registered names rather than run again.
 */
describe('definePackTests in an implementer project (a child vitest on a broken adapter)', () => {
  let results: Assertion[];
  let cli: Report;
  let replayed: FailedCheck;
  let replayLine: { env: Record<string, string>; args: string[] };

  beforeAll(async () => {
    // What the CLI's runner finds for the same adapter, seed and runs.
    const envelope = packCatalog().select({ suites: ['envelope'] });
    cli = await runChecks({
      checks: envelope,
      adapter: acceptsEverything,
      adapterSpec: './broken-adapter.ts',
      seed: 5,
      runs: 10,
    });
    replayed = cli.checks.find((c): c is FailedCheck => c.status === 'failed')!;
    replayLine = vitestReplayLine(describeOutcome(replayed, 5, 10));
    results = runFixture(replayLine.env);
  }, 300_000);

  it('registers exactly one test per check id of the selection', () => {
    expect(results.map(idOf)).toEqual(cli.checks.map((c) => c.id));
  });

  it('fails exactly the checks the CLI fails, and passes the others', () => {
    const byId = Object.fromEntries(results.map((a) => [idOf(a), a.status]));
    const expected = Object.fromEntries(
      cli.checks.map((c) => [c.id, c.status === 'failed' || c.status === 'errored' ? 'failed' : c.status]),
    );
    expect(byId).toEqual(expected);
    expect(Object.values(byId)).toContain('failed');
    expect(byId['ENV-VALID-ACCEPTED']).toBe('passed');
  });

  it("names the CLI's own counterexample and replay command in each failure, and a vitest replay", () => {
    for (const c of cli.checks.filter((k) => k.status === 'failed')) {
      const message = results.find((a) => idOf(a) === c.id)!.failureMessages.join('\n');
      expect(message).toContain(`replay with the CLI: ${c.failure!.replay}`);
      expect(message).toContain(
        `UAIX_SEED=5 UAIX_RUNS=10 UAIX_REPLAY=${c.id}@${compactPath(c.failure!.path)} npx vitest run -t ${c.id}:`,
      );
      expect(message).toContain(`counterexample: ${JSON.stringify(c.failure!.counterexample, null, 2).split('\n')[0]}`);
    }
  });

  it('replays one failure from its UAIX_REPLAY line: the same counterexample, first try', () => {
    expect(replayLine.env).toEqual({
      UAIX_SEED: '5',
      UAIX_RUNS: '10',
      UAIX_REPLAY: `${replayed.id}@${compactPath(replayed.failure.path)}`,
    });
    const ran = results.find((a) => idOf(a) === replayed.id)!;
    expect(ran.status).toBe('failed');
    const shown = JSON.stringify(replayed.failure.counterexample, null, 2);
    expect(ran.failureMessages.join('\n')).toContain(shown.slice(0, 200));
  });

  it("the line's -t filter selects that check's test and no other", () => {
    expect(replayLine.args).toEqual(['-t', `${replayed.id}:`]);
    // vitest -t matches a pattern against the full test name.
    const pattern = new RegExp(replayLine.args[1]!);
    expect(results.filter((a) => pattern.test(a.fullName)).map(idOf)).toEqual([replayed.id]);
  });
});

describe('parseReplay and describeOutcome', () => {
  it('reads <ID>@<path> and refuses anything else', () => {
    expect(parseReplay('ENV-EXPIRED@12:0:3')).toEqual({ id: 'ENV-EXPIRED', path: '12:0:3' });
    expect(parseReplay(undefined)).toBeUndefined();
    expect(() => parseReplay('ENV-EXPIRED:12')).toThrow(/UAIX_REPLAY must look like/);
  });

  it('describes an errored check with its input', () => {
    const text = describeOutcome(
      {
        id: 'ERR-X',
        title: 't',
        suite: 'error',
        severity: 'MUST',
        specRef: '002 §1',
        requires: [],
        decisions: [],
        status: 'errored',
        runs: 1,
        evidence: { cases: 1, tags: {} },
        error: { message: 'validateError timed out', input: { a: 1 } },
        durationMs: 1,
      },
      1,
      10,
    );
    expect(text).toBe('ERR-X errored (MUST, 002 §1): validateError timed out\ninput: {\n  "a": 1\n}');
  });
});

describe('the package export', () => {
  it('maps uaix-conformance/vitest to the built helper', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; default: string }>;
    };
    expect(pkg.exports['./vitest']).toEqual({ types: './dist/src/vitest.d.ts', default: './dist/src/vitest.js' });
  });

  it.runIf(existsSync(join(ROOT, 'dist/src/vitest.js')))('resolves by package name (self-reference) once built', () => {
    const resolved = execFileSync(
      process.execPath,
      ['--input-type=module', '-e', "process.stdout.write(import.meta.resolve('uaix-conformance/vitest'))"],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(resolved.endsWith('/dist/src/vitest.js')).toBe(true);
  });
});
