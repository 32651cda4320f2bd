import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import { compactPath } from '../../src/engine/path.js';
import { replayCommand } from '../../src/engine/replay.js';
import {
  BROKEN_EXPIRY,
  BUILT_ENTRY,
  cli,
  ENTRY,
  expectUsageError,
  readJson,
  REFERENCE_MODULE,
  tempDir,
} from '../helpers/cli.js';

/** Two fast checks, both passed by the reference. */
const QUICK_CHECKS = ['ENV-SEED-FIXTURES', 'INT-CHECKSUM'];
const QUICK = [...QUICK_CHECKS.flatMap((id) => ['--check', id]), '--runs', '3', '--seed', '1'];

describe('run: loading adapters as users write them', () => {
  const forms: [string, (dir: string) => string][] = [
    ['an .mjs module exporting the adapter', (d) => (writeFileSync(join(d, 'a.mjs'), REFERENCE_MODULE), './a.mjs')],
    [
      'a .js module in a type:module folder, exporting an async factory',
      (d) => {
        writeFileSync(join(d, 'package.json'), '{"type":"module"}');
        writeFileSync(
          join(d, 'b.js'),
          `import { referenceAdapter } from ${JSON.stringify(ENTRY)};\nexport default async () => referenceAdapter;\n`,
        );
        return './b.js';
      },
    ],
    [
      'a .cjs module',
      (d) => (
        writeFileSync(
          join(d, 'c.cjs'),
          `module.exports = async () => (await import(${JSON.stringify(ENTRY)})).referenceAdapter;\n`,
        ),
        './c.cjs'
      ),
    ],
    // A TypeScript adapter is compiled by tsx, outside the test runner's own transform: it imports the
    // built package, as an installed one would (and the sources keep one transform for coverage).
    [
      'a .ts module',
      (d) => (
        writeFileSync(
          join(d, 'd.ts'),
          `import { referenceAdapter } from ${JSON.stringify(BUILT_ENTRY)};\nconst level: 'L7' = 'L7';\nexport default { ...referenceAdapter, describe: () => ({ name: 'ts adapter', version: '1', capabilityLevel: level }) };\n`,
        ),
        './d.ts'
      ),
    ],
    [
      'a folder with a package.json entry, named without extension',
      (d) => {
        mkdirSync(join(d, 'impl', 'lib'), { recursive: true });
        writeFileSync(join(d, 'impl', 'package.json'), '{"type":"module","main":"lib/main.js"}');
        writeFileSync(join(d, 'impl', 'lib', 'main.js'), REFERENCE_MODULE);
        return './impl';
      },
    ],
    [
      'a folder with an index file',
      (d) => {
        mkdirSync(join(d, 'idx'));
        writeFileSync(join(d, 'idx', 'index.mjs'), REFERENCE_MODULE);
        return './idx';
      },
    ],
  ];
  for (const [name, make] of forms) {
    it(`${name}: runs it, exit 0, every check passed`, async () => {
      const dir = tempDir();
      const r = await cli(['--adapter', make(dir), ...QUICK, '--out', 'out'], dir);
      expect(r.stderr).not.toMatch(/uaix-conformance: /);
      expect(r.code).toBe(0);
      const n = QUICK_CHECKS.length;
      expect(r.stdout).toMatch(
        new RegExp(`${n} checks: ${n} passed, 0 failed, 0 errored, 0 skipped \\(seed 1, 3 runs\\)`),
      );
      expect(readJson(join(dir, 'out', 'report.json')).summary.passed).toBe(n);
    });
  }
});

describe('run: a failing run', () => {
  const ARGS = [
    '--adapter',
    './bad.mjs',
    '--check',
    'ENV-EXPIRED',
    '--check',
    'ENV-SEED-FIXTURES',
    '--seed',
    '4',
    '--runs',
    '25',
  ];

  it('exits 1, writes report.json and junit.xml, and prints a replay command that reproduces the same case', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.mjs'), BROKEN_EXPIRY);
    const r = await cli(ARGS, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/seed 4, 25 runs, 2 checks/);
    expect(r.stdout).toMatch(/FAIL ENV-EXPIRED \[MUST\]/);
    const report = readJson(join(dir, 'reports', 'report.json'));
    const failure = report.checks.find((c: { id: string }) => c.id === 'ENV-EXPIRED').failure;
    expect(failure.replay).toBe(replayCommand('./bad.mjs', 'ENV-EXPIRED', 4, compactPath(failure.path), 25));
    expect(r.stdout).toContain(`replay: ${failure.replay}`);
    expect(failure.replay.length).toBeLessThan(120);
    expect(readFileSync(join(dir, 'reports', 'junit.xml'), 'utf8')).toMatch(
      /<failure message="accepted an envelope that breaks the rule/,
    );

    // The printed command, as a shell would split it (`npx uaix-conformance` dropped, quotes removed).
    const args = failure.replay
      .split(' ')
      .slice(2)
      .map((a: string) => a.replace(/^'(.*)'$/, '$1'));
    const again = await cli([...args, '--out', 'replayed'], dir);
    expect(again.code).toBe(1);
    const replayed = readJson(join(dir, 'replayed', 'report.json')).checks[0].failure;
    expect(replayed.counterexample).toEqual(failure.counterexample);
  });

  it('a replay without --out writes no report, so the full report is never replaced', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.mjs'), BROKEN_EXPIRY);
    const r = await cli(
      ['--adapter', './bad.mjs', '--check', 'ENV-EXPIRED', '--seed', '4', '--runs', '25', '--replay', '0'],
      dir,
    );
    expect(r.code).toBe(1);
    expect(existsSync(join(dir, 'reports'))).toBe(false);
  });
});

describe('run: spec overrides', () => {
  it('a user can override a decision from a spec folder (--spec-dir, relative to the working folder)', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'spec'));
    // D-ENV-07: expired only after expires_at, not at it.
    writeFileSync(join(dir, 'spec', 'envelope.json'), JSON.stringify({ expiry: 'after' }));
    const r = await cli(
      [
        '--adapter',
        'reference',
        '--check',
        'ENV-EXPIRED',
        '--runs',
        '40',
        '--seed',
        '3',
        '--spec-dir',
        'spec',
        '--out',
        'o',
      ],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    const tags = Object.keys(readJson(join(dir, 'o', 'report.json')).checks[0].evidence.tags);
    expect(tags).toContain('family:just-after');
    expect(tags).not.toContain('family:at-expiry');
  });

  it('refuses, in one line, an override of seed data or a value the decision does not take', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'seed'));
    writeFileSync(join(dir, 'seed', 'envelope.json'), JSON.stringify({ profiles: {} }));
    expectUsageError(
      await cli(['--adapter', 'reference', '--spec-dir', 'seed'], dir),
      /spec\/envelope\.json: "profiles" is not a decision of the pack and cannot be overridden \(the decisions: expiry, undeclaredMembers, checksumScope, utcCase, secretScope\)/,
    );
    mkdirSync(join(dir, 'typo'));
    writeFileSync(join(dir, 'typo', 'envelope.json'), JSON.stringify({ expiry: 'afterwards' }));
    expectUsageError(
      await cli(['--adapter', 'reference', '--spec-dir', 'typo'], dir),
      /spec\/envelope\.json: "expiry" must be one of "at-or-after", "after", got "afterwards"/,
    );
  });
});

describe('run: the selection', () => {
  it('runs the checks a --suite selects, in catalog order, and says how many passed', async () => {
    const dir = tempDir();
    const r = await cli(
      ['--adapter', 'reference', '--suite', 'integrity', '--runs', '2', '--seed', '5', '--out', 'o', '-q'],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    const ids = packCatalog()
      .select({ suites: ['integrity'] })
      .map((c) => c.id);
    expect(readJson(join(dir, 'o', 'report.json')).checks.map((c: { id: string }) => c.id)).toEqual(ids);
    expect(r.stdout).toBe(
      `${ids.length} checks: ${ids.length} passed, 0 failed, 0 errored, 0 skipped (seed 5, 2 runs)\n`,
    );
  });
});
