import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compactPath } from '../../src/engine/path.js';
import { replayCommand } from '../../src/engine/replay.js';
import { cli, ENTRY, tempDir } from './run-cli.js';

const QUICK = ['--check', 'ENV-SEED-FIXTURES', '--check', 'INT-CHECKSUM', '--runs', '3', '--seed', '1'];

describe('loading adapters as users write them', () => {
  const forms: [string, (dir: string) => string][] = [
    ['an .mjs module exporting the adapter', (d) => (writeFileSync(join(d, 'a.mjs'), `import { referenceAdapter } from ${JSON.stringify(ENTRY)};\nexport default referenceAdapter;\n`), './a.mjs')],
    ['a .js module in a type:module folder, exporting an async factory', (d) => {
      writeFileSync(join(d, 'package.json'), '{"type":"module"}');
      writeFileSync(join(d, 'b.js'), `import { referenceAdapter } from ${JSON.stringify(ENTRY)};\nexport default async () => referenceAdapter;\n`);
      return './b.js';
    }],
    ['a .cjs module', (d) => (writeFileSync(join(d, 'c.cjs'), `module.exports = async () => (await import(${JSON.stringify(ENTRY)})).referenceAdapter;\n`), './c.cjs')],
    ['a .ts module', (d) => (writeFileSync(join(d, 'd.ts'), `import { referenceAdapter } from ${JSON.stringify(ENTRY)};\nconst level: 'L7' = 'L7';\nexport default { ...referenceAdapter, describe: () => ({ name: 'ts adapter', version: '1', capabilityLevel: level }) };\n`), './d.ts')],
    ['a folder with a package.json entry, named without extension', (d) => {
      mkdirSync(join(d, 'impl'));
      writeFileSync(join(d, 'impl', 'package.json'), '{"type":"module","main":"lib/main.js"}');
      mkdirSync(join(d, 'impl', 'lib'));
      writeFileSync(join(d, 'impl', 'lib', 'main.js'), `import { referenceAdapter } from ${JSON.stringify(ENTRY)};\nexport default referenceAdapter;\n`);
      return './impl';
    }],
    ['a folder with an index file', (d) => {
      mkdirSync(join(d, 'idx'));
      writeFileSync(join(d, 'idx', 'index.mjs'), `import { referenceAdapter } from ${JSON.stringify(ENTRY)};\nexport default referenceAdapter;\n`);
      return './idx';
    }],
  ];
  for (const [name, make] of forms) {
    it(name, () => {
      const dir = tempDir();
      const r = cli(['--adapter', make(dir), ...QUICK, '--out', 'out'], dir);
      expect(r.stderr).not.toMatch(/uaix-conformance: /);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/2 checks: 2 passed, 0 failed, 0 errored, 0 skipped \(seed 1, 3 runs\)/);
      expect(JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8')).summary.passed).toBe(2);
    });
  }
});

describe('a failing run', () => {
  const brokenAdapter = `import { referenceAdapter } from ${JSON.stringify(ENTRY)};
export default { ...referenceAdapter, describe: () => ({ name: 'accepts expired', version: '1' }),
  validateEnvelope: (p, c) => referenceAdapter.validateEnvelope(p, { now: '1970-01-01T00:00:00Z' }) };
`;

  it('exits 1, writes report.json and junit.xml, prints a replay command that reproduces the same case', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.mjs'), brokenAdapter);
    const r = cli(['--adapter', './bad.mjs', '--check', 'ENV-EXPIRED', '--check', 'ENV-SEED-FIXTURES', '--seed', '4', '--runs', '25'], dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/seed 4, 25 runs, 2 checks/);
    expect(r.stdout).toMatch(/FAIL ENV-EXPIRED \[MUST\]/);
    const report = JSON.parse(readFileSync(join(dir, 'reports', 'report.json'), 'utf8'));
    const failure = report.checks.find((c: { id: string }) => c.id === 'ENV-EXPIRED').failure;
    expect(failure.replay).toBe(replayCommand('./bad.mjs', 'ENV-EXPIRED', 4, compactPath(failure.path), 25));
    expect(failure.replay.length).toBeLessThan(120);
    expect(readFileSync(join(dir, 'reports', 'junit.xml'), 'utf8')).toMatch(/<failure message="accepted an envelope that breaks the rule/);

    const args = failure.replay.split(' ').slice(2).map((a: string) => a.replace(/^'(.*)'$/, '$1'));
    const again = cli([...args, '--out', 'replayed'], dir);
    expect(again.code).toBe(1);
    const replayed = JSON.parse(readFileSync(join(dir, 'replayed', 'report.json'), 'utf8')).checks[0].failure;
    expect(replayed.counterexample).toEqual(failure.counterexample);
  });

  it('a replay without --out writes no report, so the full report is never replaced', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.mjs'), brokenAdapter);
    const r = cli(['--adapter', './bad.mjs', '--check', 'ENV-EXPIRED', '--seed', '4', '--runs', '25', '--replay', '0'], dir);
    expect(r.code).toBe(1);
    expect(existsSync(join(dir, 'reports'))).toBe(false);
  });
});

describe('list', () => {
  it('prints the catalog, and JSON on request', () => {
    const r = cli(['list', '--suite', 'wire']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/WIRE-ROUNDTRIP +wire +MUST/);
    const json = JSON.parse(cli(['list', '--json', '--check', 'ENV-UTC-Z']).stdout);
    expect(json).toEqual([expect.objectContaining({ id: 'ENV-UTC-Z', suite: 'envelope', severity: 'MUST', specRef: expect.stringMatching(/^001 /) })]);
  });
});

describe('spec overrides', () => {
  it('a user can override a pinned decision from a spec folder', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'spec'));
    const spec = JSON.parse(readFileSync(new URL('../../spec/envelope.json', import.meta.url), 'utf8'));
    spec.policy.humanReviewBlockerTypes = ['authorization'];
    writeFileSync(join(dir, 'spec', 'envelope.json'), JSON.stringify({ policy: spec.policy }));
    const r = cli(['--adapter', 'reference', '--check', 'ENV-HUMAN-REVIEW-BLOCKER', '--runs', '20', '--seed', '3', '--spec-dir', 'spec', '--out', 'o'], dir);
    expect(r.code).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'o', 'report.json'), 'utf8'));
    expect(Object.keys(report.checks[0].evidence.tags)).toEqual(['adversarial', 'family:authorization', 'profile:uai.agent.blocker.v1']);
  });
});
