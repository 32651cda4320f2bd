import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCK, MANIFEST } from '../../src/io/report-files.js';
import { cli, expectUsageError, readJson, REFERENCE_ENTRY, tempDir } from '../helpers/cli.js';

/** An adapter module that leaves a mark when it is loaded: a refused run must not even load it. */
const MARKING = `import { writeFileSync } from 'node:fs';\nwriteFileSync(new URL('./loaded', import.meta.url), 'yes');\nexport default { describe: () => ({ name: 'marking', version: '1' }) };\n`;
/** Isolation is not the point here: the adapter runs in the pack's process (faster). */
const QUICK = ['--check', 'ENV-SEED-FIXTURES', '--runs', '1', '--seed', '1', '--in-process'];

/** A folder holding the marking adapter. */
function withMarking(): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'marking.mjs'), MARKING);
  return dir;
}

describe('run: the output folder is checked before the run starts', () => {
  it('--out that is a file: one line, exit 2, the adapter never loaded', async () => {
    const dir = withMarking();
    writeFileSync(join(dir, 'out'), 'a file');
    const r = await cli(['--adapter', './marking.mjs', ...QUICK, '--out', 'out'], dir);
    expectUsageError(r, /^uaix-conformance: the output folder .*out is a file, not a folder \(choose another --out\)$/);
    expect(existsSync(join(dir, 'loaded'))).toBe(false);
    expect(r.stdout).toBe('');
  });

  it('a FIFO named report.json is refused at once, never opened (the run would hang on it)', async () => {
    const dir = withMarking();
    mkdirSync(join(dir, 'out'));
    execFileSync('mkfifo', [join(dir, 'out', 'report.json')]);
    expectUsageError(
      await cli(['--adapter', './marking.mjs', ...QUICK, '--out', 'out'], dir),
      /out\/report\.json is a FIFO, where a report file goes: refusing to write there/,
    );
    expect(existsSync(join(dir, 'loaded'))).toBe(false);
  });

  it("the user's own junit.xml and summary.md, and a report.json with our format we did not write, are refused; --force replaces them", async () => {
    for (const [name, content] of [
      ['junit.xml', '<mine/>'],
      ['summary.md', '# notes'],
      ['report.json', '{"format":"uaix-conformance-report/1"}'],
    ] as const) {
      const dir = withMarking();
      mkdirSync(join(dir, 'out'));
      writeFileSync(join(dir, 'out', name), content);
      expectUsageError(
        await cli(['--adapter', './marking.mjs', ...QUICK, '--out', 'out'], dir),
        new RegExp(
          `out/${name.replace('.', '\\.')} was not written by uaix-conformance \\(or was changed since\\): refusing to overwrite it \\(use --force, or choose another --out\\)$`,
        ),
      );
      expect(readFileSync(join(dir, 'out', name), 'utf8')).toBe(content);
      expect(existsSync(join(dir, 'loaded'))).toBe(false);
    }
    const dir = tempDir();
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'out', 'summary.md'), '# notes');
    const forced = await cli(['--adapter', 'reference', ...QUICK, '--out', 'out', '--force'], dir);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toMatch(/^## .* uaix-conformance/);
    expect(readdirSync(join(dir, 'out')).sort()).toEqual([
      MANIFEST,
      'badge.json',
      'junit.xml',
      'report.html',
      'report.json',
      'summary.md',
    ]);
  });

  it('a second run into the same --out while the first runs is refused in one line; the first finishes and leaves no lock', async () => {
    const dir = tempDir();
    // Every call waits on a timer: the run lasts, and it lets this test's own timers run meanwhile
    // (a run of quick in-process calls resolves by microtasks only, and would starve the poll below).
    writeFileSync(
      join(dir, 'slow.mjs'),
      `import { referenceAdapter } from ${JSON.stringify(REFERENCE_ENTRY)};\nexport default { ...referenceAdapter, validateEnvelope: async (p, c) => { await new Promise((r) => setTimeout(r, 5)); return referenceAdapter.validateEnvelope(p, c); } };\n`,
    );
    const args = [
      '--adapter',
      './slow.mjs',
      '--check',
      'ENV-EXPIRED',
      '--runs',
      '60',
      '--seed',
      '1',
      '--out',
      'out',
      '--in-process',
    ];
    const first = cli(args, dir);
    let finished = false;
    void first.then(() => (finished = true));
    // The lock is taken before the adapter loads and held until the reports are written: wait for it.
    while (!existsSync(join(dir, 'out', LOCK)) && !finished) await new Promise((r) => setTimeout(r, 2));
    expect(finished, 'the first run ended before its lock was seen').toBe(false);
    expectUsageError(
      await cli(args, dir),
      /^uaix-conformance: another run of this process is writing into .*out: choose another --out$/,
    );
    const done = await first;
    expect(done.code, done.stderr).toBe(0);
    expect(existsSync(join(dir, 'out', LOCK))).toBe(false);
    expect(readJson(join(dir, 'out', 'report.json')).summary.passed).toBe(1);
  });

  it("another process's live lock refuses the run; a dead process's lock is taken over", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'out', LOCK), JSON.stringify({ pid: process.ppid, token: 'theirs' }));
    expectUsageError(
      await cli(['--adapter', 'reference', ...QUICK, '--out', 'out'], dir),
      new RegExp(
        `^uaix-conformance: another uaix-conformance run \\(pid ${process.ppid}\\) is writing into .*out: wait for it to end, or choose another --out$`,
      ),
    );
    writeFileSync(join(dir, 'out', LOCK), JSON.stringify({ pid: 99_999_999, token: 'dead' }));
    const r = await cli(['--adapter', 'reference', ...QUICK, '--out', 'out'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dir, 'out', LOCK))).toBe(false);
  });

  it('an adapter that cannot be loaded releases the lock (the next run is not refused)', async () => {
    const dir = tempDir();
    expect((await cli(['--adapter', './missing.mjs', ...QUICK, '--out', 'out'], dir)).code).toBe(2);
    expect(existsSync(join(dir, 'out', LOCK))).toBe(false);
    expect((await cli(['--adapter', 'reference', ...QUICK, '--out', 'out'], dir)).code).toBe(0);
  });
});

describe("run: the output folder is the run's while it runs (D-REL-04)", () => {
  it('files an adapter writes where reports go during the run are moved aside and named; the reports are written; nothing else is touched', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'out'));
    writeFileSync(join(dir, 'out', 'notes.txt'), 'mine');
    // On its first call the adapter writes a green junit.xml, a manifest that lists the user's notes,
    // a FIFO where summary.md goes (opening it would hang), and a failure file of its own.
    writeFileSync(
      join(dir, 'writer.mjs'),
      `import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { referenceAdapter } from ${JSON.stringify(REFERENCE_ENTRY)};
const out = ${JSON.stringify(join(dir, 'out'))};
let done = false;
export default {
  ...referenceAdapter,
  describe: () => ({ name: 'writer', version: '1' }),
  validateEnvelope(p, c) {
    if (!done) {
      done = true;
      writeFileSync(out + '/junit.xml', '<testsuites tests="1" failures="0"/>');
      writeFileSync(out + '/${MANIFEST}', JSON.stringify({ format: 'uaix-conformance-output/1', files: [{ name: 'notes.txt', sha256: 'x', bytes: 4 }] }));
      execFileSync('mkfifo', [out + '/summary.md']);
      mkdirSync(out + '/failures', { recursive: true });
      writeFileSync(out + '/failures/ENV-SEED-FIXTURES.json', '{}');
    }
    return referenceAdapter.validateEnvelope(p, c);
  },
};
`,
    );
    const r = await cli(['--adapter', './writer.mjs', ...QUICK, '--out', 'out'], dir);
    expect(r.code, r.stderr).toBe(0);
    const moved = r.stderr.split('\n').filter((l) => l.includes('appeared in the output folder during the run'));
    expect(moved.sort()).toEqual(
      [
        [MANIFEST, `${MANIFEST}.foreign`],
        ['junit.xml', 'junit.xml.foreign'],
        ['summary.md', 'summary.md.foreign'],
        ['failures/ENV-SEED-FIXTURES.json', 'failures/ENV-SEED-FIXTURES.json.foreign'],
      ]
        .map(
          ([name, to]) =>
            `uaix-conformance: out/${name} appeared in the output folder during the run and was not written by uaix-conformance: moved to out/${to}, and this run's file is in its place`,
        )
        .sort(),
    );
    expect(readJson(join(dir, 'out', 'report.json')).summary.passed).toBe(1);
    expect(readFileSync(join(dir, 'out', 'junit.xml'), 'utf8')).toMatch(/ENV-SEED-FIXTURES/);
    expect(readFileSync(join(dir, 'out', 'junit.xml.foreign'), 'utf8')).toBe('<testsuites tests="1" failures="0"/>');
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toMatch(/uaix-conformance/);
    expect(readFileSync(join(dir, 'out', 'notes.txt'), 'utf8')).toBe('mine');
    expect(readJson(join(dir, 'out', MANIFEST)).files.map((f: { name: string }) => f.name)).not.toContain('notes.txt');
    expect(existsSync(join(dir, 'out', LOCK))).toBe(false);
  });
});
