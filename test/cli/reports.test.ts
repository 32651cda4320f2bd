import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { release, type } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import { readReport } from '../../src/io/json-file.js';
import { TOOL } from '../../src/io/package.js';
import { REPORT_FORMAT } from '../../src/model/report.js';
import { cli, expectUsageError, readJson, tempDir } from '../helpers/cli.js';

/**
 * The reference with an envelope validator that accepts anything (the vitest helper's fixture adapter),
 * as a module the test runner loads (a `.ts` adapter would go through tsx, another transform of the sources).
 */
const FIXTURE = fileURLToPath(new URL('../vitest/fixture/broken-adapter.ts', import.meta.url));
function brokenIn(dir: string): string {
  writeFileSync(join(dir, 'accepts-everything.mjs'), `export { default } from ${JSON.stringify(FIXTURE)};\n`);
  return './accepts-everything.mjs';
}
const FILES = ['report.json', 'junit.xml', 'report.html', 'summary.md', 'badge.json'];
const ENVELOPE = packCatalog().select({ suites: ['envelope'] });

describe('the CLI writes the published reports next to report.json', () => {
  it('writes report.json, junit.xml, report.html, summary.md and badge.json, in that order', async () => {
    const dir = tempDir();
    const r = await cli(
      ['--adapter', 'reference', '--suite', 'envelope', '--runs', '5', '--seed', '3', '--out', 'out'],
      dir,
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`reports: ${FILES.map((f) => join('out', f)).join(', ')}`);
    for (const f of FILES) expect(existsSync(join(dir, 'out', f))).toBe(true);
    const n = ENVELOPE.length;
    expect(readJson(join(dir, 'out', 'badge.json'))).toEqual({
      schemaVersion: 1,
      label: 'uaix conformance',
      message: `${n}/${n} passed`,
      color: 'brightgreen',
    });
    expect(readFileSync(join(dir, 'out', 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toMatch(
      new RegExp(`^## ✅ uaix-conformance: \`uaix-conformance reference ${TOOL.version.replace(/\./g, '\\.')}\``),
    );
    // Not a terminal: no progress line.
    expect(r.stderr).not.toMatch(/\r|\x1b\[/);
    // Report format 2 records the machine the run ran on; report.html shows it, junit.xml carries the run as properties.
    const report = readReport(join(dir, 'out', 'report.json'));
    expect(report.format).toBe(REPORT_FORMAT);
    expect(report.environment).toEqual({
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      os: `${type()} ${release()}`,
    });
    expect(Object.keys(report).slice(0, 4)).toEqual(['format', 'tool', 'adapter', 'environment']);
    const html = readFileSync(join(dir, 'out', 'report.html'), 'utf8');
    for (const [k, v] of [
      ['Node', process.version],
      ['Catalog stamp', report.run.catalogHash],
      ['Adapter', 'reference'],
      ['Pack', `${TOOL.name} ${TOOL.version}`],
    ])
      expect(html).toContain(`<dt>${k}</dt><dd>${v}</dd>`);
    const junit = readFileSync(join(dir, 'out', 'junit.xml'), 'utf8');
    for (const [k, v] of [
      ['seed', '3'],
      ['runs', '5'],
      ['catalogHash', report.run.catalogHash],
      ['node', process.version],
    ])
      expect(junit).toContain(`<property name="${k}" value="${v}"/>`);
    expect(junit).toContain(`timestamp="${report.run.startedAt}"`);
  });

  it("shows a broken adapter's failures with their replay commands in every published format", async () => {
    const dir = tempDir();
    const checks = ['ENV-EXPIRED', 'ENV-VALID-ACCEPTED'];
    const r = await cli(
      ['--adapter', brokenIn(dir), '--check', checks.join(','), '--runs', '10', '--seed', '3', '--out', 'out'],
      dir,
    );
    expect(r.code).toBe(1);
    const report = readJson(join(dir, 'out', 'report.json'));
    const replay: string = report.checks.find((c: { id: string }) => c.id === 'ENV-EXPIRED').failure.replay;
    const html = readFileSync(join(dir, 'out', 'report.html'), 'utf8');
    expect(html).toContain('<li class="check failed" id="check-ENV-EXPIRED">');
    expect(html).toContain(replay.replace(/'/g, '&#39;'));
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toContain(`\`\`\`sh\n${replay}\n\`\`\``);
    // Accepting everything passes ENV-VALID-ACCEPTED only.
    expect(readJson(join(dir, 'out', 'badge.json'))).toMatchObject({
      message: `1/${checks.length} passed`,
      color: 'red',
    });
  });

  it('never overwrites a report.json the user made', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'reports'));
    writeFileSync(join(dir, 'reports', 'report.json'), '{"mine": true}\n');
    expectUsageError(
      await cli(['--adapter', 'reference', '--check', 'ENV-SEED-FIXTURES', '--runs', '1'], dir),
      /report\.json was not written by uaix-conformance \(or was changed since\): refusing to overwrite it \(use --force, or choose another --out\)$/,
    );
    expect(readFileSync(join(dir, 'reports', 'report.json'), 'utf8')).toBe('{"mine": true}\n');
  });

  it('replaces the report of an earlier run in the same folder', async () => {
    const dir = tempDir();
    const args = ['--adapter', 'reference', '--check', 'ENV-SEED-FIXTURES', '--runs', '1', '--out', 'out'];
    expect((await cli([...args, '--seed', '1'], dir)).code).toBe(0);
    expect((await cli([...args, '--seed', '2'], dir)).code).toBe(0);
    expect(readJson(join(dir, 'out', 'report.json')).run.seed).toBe(2);
  });
});

/**
 * The progress line as the run command wires it: drawn only when stderr and stdout are terminals,
 * CI is unset and --quiet is not given. Here on fake terminals; on a real one: spawn/terminal.test.ts.
 */
describe('the progress line of a run', () => {
  const ARGS = ['--adapter', 'reference', '--suite', 'envelope', '--runs', '5', '--seed', '3', '--no-reports'];
  const saved = { CI: process.env.CI, TERM: process.env.TERM };
  beforeEach(() => {
    delete process.env.CI;
    process.env.TERM = 'xterm';
  });
  afterEach(() => {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  });

  it('is drawn on stderr when both outputs are terminals', async () => {
    const r = await cli(ARGS, tempDir(), { out: true, err: true });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`\\r\\x1b\\[2K[█░]{16} 0/${ENVELOPE.length} checks · no failures`));
    // The progress line is never drawn on stdout (the summary there may be in colour on a terminal).
    expect(r.stdout).not.toMatch(/\r|\x1b\[2K/);
  });

  it('stays silent with --quiet, when CI is set, and when stdout is not a terminal', async () => {
    expect((await cli([...ARGS, '--quiet'], tempDir(), { out: true, err: true })).stderr).not.toContain('\x1b[2K');
    process.env.CI = 'true';
    expect((await cli(ARGS, tempDir(), { out: true, err: true })).stderr).not.toContain('\x1b[2K');
    delete process.env.CI;
    const piped = await cli(ARGS, tempDir(), { out: false, err: true });
    expect(piped.stderr).toContain(`uaix-conformance ${TOOL.version}: seed 3`);
    expect(piped.stderr).not.toContain('\x1b[2K');
  });
});
