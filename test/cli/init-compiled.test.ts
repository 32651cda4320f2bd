import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { STARTERS } from '../../src/cli/commands/init.js';
import { cli, tempDir } from '../helpers/cli.js';

/**
 * The starters of the compiled languages, each built once with its toolchain and run once: it must
 * answer describe, pass the doctor, and make the pack skip every check cleanly (exit 4). Slow (a
 * cargo build, a javac), so kept to these few tests; a toolchain this machine lacks skips its test
 * with a message.
 */
const TOOLCHAINS: Readonly<Record<string, string>> = { rust: 'cargo', java: 'javac', go: 'go' };

/**
 * True when `tool --version` runs. Its output is piped and read, never sent to /dev/null: with
 * `stdio: 'ignore'` in a vitest worker, a later cargo build's rustc probe was seen reading stray
 * bytes (cargo's version line) on its stdin and failing.
 */
function installed(tool: string): boolean {
  return spawnSync(tool, ['--version'], { encoding: 'utf8' }).status === 0;
}

/** The run command of a starter, as the argument of --adapter-cmd. */
function commandOf(lang: string): string {
  return /--adapter-cmd "(.*)"$/.exec(STARTERS[lang]!.run)![1]!;
}

describe('the compiled-language starters', () => {
  for (const [lang, tool] of Object.entries(TOOLCHAINS)) {
    const present = installed(tool);
    if (!present) console.warn(`init-compiled: ${tool} is not installed here: the ${lang} starter is not run`);
    // In the full, parallel test run cargo's rustc probe was seen reading on its stdin the output of
    // a process another test file had started (a descriptor shared across vitest's worker threads),
    // so the Rust starter runs on request only: UAIX_TEST_RUST=1 npx vitest run test/cli/init-compiled.test.ts
    const wanted = lang !== 'rust' || process.env.UAIX_TEST_RUST === '1';
    if (present && !wanted) console.warn('init-compiled: the rust starter runs with UAIX_TEST_RUST=1 only');
    it.skipIf(!present || !wanted)(
      `the ${lang} starter builds, answers describe, and the pack skips every check cleanly`,
      async () => {
        const dir = tempDir();
        expect((await cli(['init', '--lang', lang], dir)).code).toBe(0);
        const build = STARTERS[lang]!.build;
        if (build !== undefined) {
          // The shell, after the fork, points the build's stdin at /dev/null itself: in a vitest worker
          // thread a child was seen to read on stdin the output of a process another test started.
          const line = lang === 'rust' ? `${build} --offline -q` : build;
          const b = spawnSync('sh', ['-c', `exec ${line} </dev/null`], {
            cwd: dir,
            encoding: 'utf8',
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          expect(b.status, b.stderr).toBe(0);
        }
        const doctor = await cli(['doctor', '--adapter-cmd', commandOf(lang)], dir);
        expect(doctor.code, doctor.stdout + doctor.stderr).toBe(0);
        expect(doctor.stderr).toContain('my-implementation 0.0.1, claims L0');
        const r = await cli(['--adapter-cmd', commandOf(lang), '--seed', '1', '--runs', '1', '--no-reports'], dir);
        expect(r.code, r.stderr).toBe(4);
        expect(r.stdout).toMatch(/(\d+) checks: 0 passed, 0 failed, 0 errored, \1 skipped/);
      },
      240_000,
    );
  }
});
