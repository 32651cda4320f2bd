import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../../src/api/catalog.js';
import { BIN, tempDir } from '../../helpers/cli.js';

/** util-linux `script` runs a command under a pseudo-terminal: the only way to see what a user sees. */
const SCRIPT = ['/usr/bin/script', '/bin/script'].find(existsSync);
const N = packCatalog().select({ suites: ['envelope'] }).length;

function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Runs the built CLI with stdout and stderr on a pty, CI unset; returns everything the terminal received. */
function onTerminal(args: string[], extraEnv: Record<string, string> = {}): string {
  const command = [process.execPath, BIN, ...args].map(shellQuote).join(' ');
  const env: Record<string, string | undefined> = { ...process.env, TERM: 'xterm', ...extraEnv };
  delete env.CI;
  delete env.FORCE_COLOR;
  const r = spawnSync(SCRIPT!, ['-qfec', command, '/dev/null'], {
    cwd: tempDir(),
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return r.stdout;
}

/**
 * The progress line on a real terminal: the built CLI finds out by itself that both its outputs are
 * terminals. When it stays silent (--quiet, CI, stdout piped) is tested in-process (test/cli/reports.test.ts).
 */
describe.skipIf(!SCRIPT)('the progress line on a real terminal (util-linux script)', () => {
  const args = ['--adapter', 'reference', '--suite', 'envelope', '--runs', '5', '--seed', '3', '--no-reports'];

  it('draws checks done, failures and the running check in place, then clears itself', () => {
    const screen = onTerminal(args, { NO_COLOR: '1' });
    expect(screen).toMatch(
      new RegExp(`\\r\\x1b\\[2K[█░]{16} 0/${N} checks · no failures · 0:\\d\\d · ENV-VALID-ACCEPTED`),
    );
    expect(screen).toMatch(new RegExp(`\\r\\x1b\\[2K█{16} ${N}/${N} checks · no failures`));
    expect(screen).toMatch(new RegExp(`\\x1b\\[2K\\r?\\n?${N} checks: ${N} passed`));
  });

  it('lists every check as it finishes with --verbose', () => {
    const screen = onTerminal([...args, '--verbose'], { NO_COLOR: '1' });
    expect(screen).toMatch(/\x1b\[2KPASS ENV-EXPIRED \(5 cases, \d+ ms\)/);
    for (const c of packCatalog().select({ suites: ['envelope'] }))
      expect(screen).toMatch(new RegExp(`\\x1b\\[2KPASS ${c.id} \\(`));
  });

  it('colours the statuses on a terminal by itself, and not with NO_COLOR', () => {
    const green = '\x1b[32m';
    expect(onTerminal([...args, '--verbose'])).toContain(`${green}PASS\x1b[39m ENV-EXPIRED (`);
    expect(onTerminal(args, { NO_COLOR: '1' })).not.toContain(green);
  });
});
