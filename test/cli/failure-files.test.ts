import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { compactPath } from '../../src/engine/path.js';
import { MANIFEST } from '../../src/io/report-files.js';
import { BROKEN_EXPIRY, cli, expectUsageError, readJson, tempDir } from '../helpers/cli.js';

/**
 * The failing input where the implementer works (issue 14 item 3): each failure's counterexample on
 * the terminal, cut to a screen with the changed member marked, and in `failures/<CHECK-ID>.json`,
 * a file of the report set that the next run retires.
 */
const validateFailureFile = new Ajv2020({ strict: true }).compile(
  JSON.parse(readFileSync(new URL('../../schemas/failure.schema.json', import.meta.url), 'utf8')),
);
const SGR = /\x1b\[\d+m/;
/** One check the expiry-blind adapter fails, few cases: what every run here needs. */
const QUICK = ['--check', 'ENV-EXPIRED', '--seed', '4', '--runs', '20'];

/** A folder with the expiry-blind adapter as `bad.mjs`. */
function withBrokenAdapter(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'bad.mjs'), BROKEN_EXPIRY);
  return dir;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Colour decided by the stream alone: neither variable set. */
function neutralColourEnv(): void {
  vi.stubEnv('NO_COLOR', undefined);
  vi.stubEnv('FORCE_COLOR', undefined);
  vi.stubEnv('TERM', 'xterm-256color');
}

describe('a failing run', () => {
  let dir: string;
  let run: Awaited<ReturnType<typeof cli>>;
  let report: any;
  beforeAll(async () => {
    dir = withBrokenAdapter();
    run = await cli(['--adapter', './bad.mjs', ...QUICK, '--out', 'out'], dir);
    report = readJson(join(dir, 'out', 'report.json'));
  });

  it('writes one schema-valid failure file per failed check, holding what report.json says of the failure', () => {
    expect(run.code, run.stderr).toBe(1);
    const failed = report.checks.filter((c: any) => c.status === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const c of failed) {
      const file = readJson(join(dir, 'out', 'failures', `${c.id}.json`));
      expect(validateFailureFile(file), JSON.stringify(validateFailureFile.errors)).toBe(true);
      expect(file).toMatchObject({
        format: 'uaix-conformance-failure/1',
        check: { id: c.id, title: c.title, suite: c.suite, severity: c.severity, specRef: c.specRef },
        message: c.failure.message,
        seed: report.run.seed,
        runs: report.run.runs,
        path: compactPath(c.failure.path),
        replay: c.failure.replay,
        focus: c.failure.focus,
        tool: report.tool,
        catalogHash: report.run.catalogHash,
      });
      expect(file.counterexample).toEqual(c.failure.counterexample);
      expect(file.expected).toEqual(c.failure.expected);
      expect(file.actual).toEqual(c.failure.actual);
    }
  });

  it('is a regression case the tests of an adapter can load: the reference answers expected, the broken adapter actual', async () => {
    const file = readJson(join(dir, 'out', 'failures', 'ENV-EXPIRED.json'));
    const { packet, now } = file.counterexample;
    expect(await referenceAdapter.validateEnvelope!(packet, { now })).toMatchObject(file.expected);
    const bad = (await import(pathToFileURL(join(dir, 'bad.mjs')).href)).default;
    expect(await bad.validateEnvelope(packet, { now })).toEqual(file.actual);
  });

  it('lists the failure files in the manifest, and no other file in failures/', () => {
    const manifest = readJson(join(dir, 'out', MANIFEST));
    const failed = report.checks.filter((c: any) => c.status === 'failed').map((c: any) => `failures/${c.id}.json`);
    expect(manifest.files.map((f: any) => f.name).filter((n: string) => n.startsWith('failures/'))).toEqual(failed);
  });

  it('knows which member the mutation changed: a JSON Pointer into the counterexample', () => {
    const c = report.checks.find((x: any) => x.id === 'ENV-EXPIRED');
    expect(c.failure.focus).toBe('/packet/delivery/expires_at');
    expect(c.failure.counterexample.packet.delivery.expires_at).toEqual(expect.any(String));
  });

  it('shows the counterexample on the terminal with the failure file, the changed member marked, expected and actual', () => {
    const c = report.checks.find((x: any) => x.id === 'ENV-EXPIRED');
    expect(run.stdout).toContain(
      `     counterexample (whole case: ${join('out', 'failures', 'ENV-EXPIRED.json')}), > /packet/delivery/expires_at changed:\n`,
    );
    const marked = run.stdout.split('\n').filter((l) => l.startsWith('       > '));
    expect(marked).toEqual([
      `       >       "expires_at": ${JSON.stringify(c.failure.counterexample.packet.delivery.expires_at)},`,
    ]);
    expect(run.stdout).toContain(
      `     expected: ${JSON.stringify(c.failure.expected)}\n     actual:   ${JSON.stringify(c.failure.actual)}\n     replay: ${c.failure.replay}\n`,
    );
    expect(run.stdout).not.toMatch(SGR);
  });

  it('names the failure files as their folder and count on the reports line', () => {
    const n = report.checks.filter((c: any) => c.status === 'failed').length;
    expect(run.stderr).toContain(`${join('out', 'failures')}/ (${n} failure file${n === 1 ? '' : 's'})`);
  });

  it('retires the failure files when the next run into the folder passes', async () => {
    const again = await cli(['--adapter', 'reference', ...QUICK, '--out', 'out'], dir);
    expect(again.code, again.stderr).toBe(0);
    expect(existsSync(join(dir, 'out', 'failures'))).toBe(false);
    expect(readJson(join(dir, 'out', MANIFEST)).files.map((f: any) => f.name)).not.toContain(
      'failures/ENV-EXPIRED.json',
    );
  });
});

describe('the failures/ folder of the output folder', () => {
  it('refuses a failure file the pack did not write, in one line, unless --force', async () => {
    const dir = withBrokenAdapter();
    mkdirSync(join(dir, 'out', 'failures'), { recursive: true });
    writeFileSync(join(dir, 'out', 'failures', 'ENV-EXPIRED.json'), '{"mine": true}\n');
    expectUsageError(
      await cli(['--adapter', './bad.mjs', ...QUICK, '--out', 'out'], dir),
      /failures\/ENV-EXPIRED\.json was not written by uaix-conformance/,
    );
    expect(readJson(join(dir, 'out', 'failures', 'ENV-EXPIRED.json'))).toEqual({ mine: true });
    const forced = await cli(['--adapter', './bad.mjs', ...QUICK, '--out', 'out', '--force'], dir);
    expect(forced.code, forced.stderr).toBe(1);
    expect(readJson(join(dir, 'out', 'failures', 'ENV-EXPIRED.json')).format).toBe('uaix-conformance-failure/1');
  });

  it('keeps a file of the user in it (and so the folder) when it retires the failure files', async () => {
    const dir = withBrokenAdapter();
    expect((await cli(['--adapter', './bad.mjs', ...QUICK, '--out', 'out'], dir)).code).toBe(1);
    writeFileSync(join(dir, 'out', 'failures', 'notes.txt'), 'mine\n');
    expect((await cli(['--adapter', 'reference', ...QUICK, '--out', 'out'], dir)).code).toBe(0);
    expect(existsSync(join(dir, 'out', 'failures', 'ENV-EXPIRED.json'))).toBe(false);
    expect(readFileSync(join(dir, 'out', 'failures', 'notes.txt'), 'utf8')).toBe('mine\n');
  });

  it('refuses a file where the failures folder goes', async () => {
    const dir = withBrokenAdapter();
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'out', 'failures'), 'not a folder\n');
    expectUsageError(
      await cli(['--adapter', './bad.mjs', ...QUICK, '--out', 'out'], dir),
      /failures is not a folder, where the failure files go/,
    );
  });
});

describe('colour in the terminal summary', () => {
  const args = ['--adapter', './bad.mjs', ...QUICK, '--no-reports'];

  it('colours statuses and the changed member on a terminal', async () => {
    neutralColourEnv();
    const r = await cli(args, withBrokenAdapter(), { out: true });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/\x1b\[31mFAIL\x1b\[39m ENV-EXPIRED/);
    expect(r.stdout.split('\n').find((l) => l.includes('"expires_at"'))).toMatch(SGR);
  });

  it('is off with NO_COLOR, even on a terminal', async () => {
    neutralColourEnv();
    vi.stubEnv('NO_COLOR', '1');
    const r = await cli(args, withBrokenAdapter(), { out: true });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('FAIL ENV-EXPIRED');
    expect(r.stdout).not.toMatch(SGR);
  });

  it('is off into a pipe, and on there with FORCE_COLOR', async () => {
    neutralColourEnv();
    const piped = await cli(args, withBrokenAdapter());
    expect(piped.stdout).toContain('FAIL ENV-EXPIRED');
    expect(piped.stdout).not.toMatch(SGR);
    vi.stubEnv('FORCE_COLOR', '1');
    expect((await cli(args, withBrokenAdapter())).stdout).toMatch(/\x1b\[31mFAIL\x1b\[39m ENV-EXPIRED/);
  });
});
