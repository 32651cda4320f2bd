import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, cli, tempDir } from '../cli/run-cli.js';

const BROKEN = fileURLToPath(new URL('../vitest-helper/fixture/broken-adapter.ts', import.meta.url));
const FILES = ['report.json', 'junit.xml', 'report.html', 'summary.md', 'badge.json'];
/** util-linux `script` runs a command under a pseudo-terminal: the only way to see what a user sees. */
const SCRIPT = ['/usr/bin/script', '/bin/script'].find(existsSync);

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Runs the CLI with stdout and stderr on a pty; returns everything the terminal received. */
function onTerminal(args: string[], env: Record<string, string | undefined>): string {
  const command = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
  const childEnv = { ...process.env, ...env };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete childEnv[k];
  const r = spawnSync(SCRIPT!, ['-qfec', command, '/dev/null'], { cwd: tempDir(), env: childEnv, encoding: 'utf8', timeout: 120_000 });
  return r.stdout;
}

describe('the CLI writes the published reports next to report.json', () => {
  it('writes report.json, junit.xml, report.html, summary.md and badge.json, in that order', () => {
    const dir = tempDir();
    const r = cli(['--adapter', 'reference', '--suite', 'envelope', '--runs', '5', '--seed', '3', '--out', 'out'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`reports: ${FILES.map((f) => join('out', f)).join(', ')}`);
    for (const f of FILES) expect(existsSync(join(dir, 'out', f))).toBe(true);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'badge.json'), 'utf8'))).toEqual({ schemaVersion: 1, label: 'uaix conformance', message: '16/16 passed', color: 'brightgreen' });
    expect(readFileSync(join(dir, 'out', 'report.html'), 'utf8')).toMatch(/^<!doctype html>/);
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toMatch(/^## ✅ uaix-conformance: `uaix-conformance reference 0\.1\.0`/);
    // Not a terminal, and CI is set: no progress line.
    expect(r.stderr).not.toMatch(/\r|\x1b\[/);
  });

  it("shows a broken adapter's failures with their replay commands in every published format", () => {
    const dir = tempDir();
    const r = cli(['--adapter', BROKEN, '--check', 'ENV-EXPIRED,ENV-VALID-ACCEPTED', '--runs', '10', '--seed', '3', '--out', 'out'], dir);
    expect(r.code).toBe(1);
    const report = JSON.parse(readFileSync(join(dir, 'out', 'report.json'), 'utf8'));
    const replay: string = report.checks.find((c: { id: string }) => c.id === 'ENV-EXPIRED').failure.replay;
    const html = readFileSync(join(dir, 'out', 'report.html'), 'utf8');
    expect(html).toContain('<li class="check failed" id="check-ENV-EXPIRED">');
    expect(html).toContain(replay.replace(/'/g, '&#39;'));
    expect(readFileSync(join(dir, 'out', 'summary.md'), 'utf8')).toContain(`\`\`\`sh\n${replay}\n\`\`\``);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'badge.json'), 'utf8'))).toMatchObject({ message: '1/2 passed', color: 'red' });
  });
});

describe.skipIf(!SCRIPT)('the progress line on a real terminal (util-linux script)', () => {
  const args = ['--adapter', 'reference', '--suite', 'envelope', '--runs', '5', '--seed', '3', '--no-reports'];

  it('draws checks done, failures and the running check in place, then clears itself', () => {
    const screen = onTerminal(args, { CI: undefined, TERM: 'xterm' });
    expect(screen).toMatch(/\r\x1b\[2K[█░]{16} 0\/16 checks · no failures · 0:\d\d · ENV-VALID-ACCEPTED/);
    expect(screen).toMatch(/\r\x1b\[2K█{16} 16\/16 checks · no failures/);
    expect(screen).toMatch(/\x1b\[2K\r?\n?16 checks: 16 passed/);
  });

  it('lists every check as it finishes with --verbose', () => {
    const screen = onTerminal([...args, '--verbose'], { CI: undefined, TERM: 'xterm' });
    expect(screen).toMatch(/\x1b\[2KPASS ENV-EXPIRED \(5 cases, \d+ ms\)/);
  });

  it('stays silent with --quiet, when CI is set, and when stdout is not the terminal', () => {
    expect(onTerminal([...args, '--quiet'], { CI: undefined, TERM: 'xterm' })).not.toContain('\x1b[2K');
    expect(onTerminal(args, { CI: 'true', TERM: 'xterm' })).not.toContain('\x1b[2K');
    const piped = spawnSync(SCRIPT!, ['-qfec', `${[process.execPath, BIN, ...args].map(shellQuote).join(' ')} > /dev/null`, '/dev/null'], { cwd: tempDir(), env: { ...process.env, CI: '', TERM: 'xterm' }, encoding: 'utf8', timeout: 120_000 });
    expect(piped.stdout).toContain('uaix-conformance 0.1.0: seed 3');
    expect(piped.stdout).not.toContain('\x1b[2K');
  });
});
