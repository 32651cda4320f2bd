import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STARTERS, starterFiles } from '../../src/cli/commands/init.js';
import { cli, expectUsageError, tempDir } from '../helpers/cli.js';

/** A run of the pack that judges nothing: every check skipped, none failed or errored. */
function expectAllSkipped(r: { code: number | null; stdout: string; stderr: string }, code = 4): void {
  expect(r.code, r.stderr).toBe(code);
  expect(r.stdout).toMatch(/(\d+) checks: 0 passed, 0 failed, 0 errored, \1 skipped/);
}

describe('uaix-conformance init', () => {
  it('writes the TypeScript starter by default, with its README and the command to run', async () => {
    const dir = tempDir();
    const r = await cli(['init'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dir, 'adapter.ts'))).toBe(true);
    expect(readFileSync(join(dir, 'README.md'), 'utf8').trim().split('\n')).toHaveLength(3);
    expect(r.stdout).toContain('npx uaix-conformance --adapter ./adapter.ts');
  });

  it('writes into a named folder, creating it, and says to cd there first', async () => {
    const dir = tempDir();
    const r = await cli(['init', '--lang', 'rust', 'impl/rs'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(dir, 'impl/rs/src/main.rs'))).toBe(true);
    expect(r.stdout).toMatch(/cd impl\/rs\n {2}cargo build --release\n/);
  });

  it('never overwrites a file: one line, exit 2, and nothing written', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'adapter.py'), '# mine\n');
    expectUsageError(await cli(['init', '--lang', 'python'], dir), /adapter\.py already exists; init never overwrites/);
    expect(readFileSync(join(dir, 'adapter.py'), 'utf8')).toBe('# mine\n');
    expect(existsSync(join(dir, 'README.md'))).toBe(false);
  });

  it('refuses an unknown language with the closest one', async () => {
    expectUsageError(await cli(['init', '--lang', 'pyhton']), /unknown --lang "pyhton" \(did you mean "python"\?/);
  });

  it('has --help with its options and an example', async () => {
    const r = await cli(['init', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--lang <lang>[\s\S]*Example:\n {2}uaix-conformance init --lang python/);
  });

  it('ships a starter for every language it offers, each with a three-line README that names the run command', () => {
    for (const lang of Object.keys(STARTERS)) {
      const files = starterFiles(lang);
      expect(files, lang).toContain('README.md');
      const readme = readFileSync(join(import.meta.dirname, '../../templates', lang, 'README.md'), 'utf8');
      expect(readme.trim().split('\n'), lang).toHaveLength(3);
      expect(readme, lang).toContain(STARTERS[lang]!.run.replace('npx uaix-conformance ', ''));
    }
  });

  for (const lang of ['ts', 'js'] as const) {
    it(`the ${lang} starter loads, and the pack skips every check cleanly`, async () => {
      const dir = tempDir();
      expect((await cli(['init', '--lang', lang], dir)).code).toBe(0);
      const file = lang === 'ts' ? './adapter.ts' : './adapter.mjs';
      expectAllSkipped(
        await cli(['--adapter', file, '--in-process', '--seed', '1', '--runs', '1', '--no-reports'], dir),
      );
      expectAllSkipped(
        await cli(
          ['--adapter', file, '--in-process', '--seed', '1', '--runs', '1', '--no-reports', '--allow-empty'],
          dir,
        ),
        0,
      );
    });
  }

  const python = spawnSync('python3', ['--version']).status === 0;
  it.skipIf(!python)('the python starter answers describe, and the pack skips every check cleanly', async () => {
    const dir = tempDir();
    expect((await cli(['init', '--lang', 'python'], dir)).code).toBe(0);
    const r = await cli(['--adapter-cmd', 'python3 adapter.py', '--seed', '1', '--runs', '1', '--no-reports'], dir);
    expectAllSkipped(r);
    expect(r.stderr).toMatch(/nothing was judged/);
    const doctor = await cli(['doctor', '--adapter-cmd', 'python3 adapter.py'], dir);
    expect(doctor.code, doctor.stdout).toBe(0);
    expect(doctor.stdout).toMatch(/implements no member yet[\s\S]*all is well/);
  });
});

describe('uaix-conformance init: the HTTP service starters', () => {
  /** Starts a starter service on a free port; resolves with its URL and a stop function. */
  async function startStarter(command: string[], cwd: string): Promise<{ url: string; stop: () => void }> {
    const child = spawn(command[0]!, [...command.slice(1), '--port', '0'], {
      cwd,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const url = await new Promise<string>((resolve, reject) => {
      let err = '';
      child.stderr!.on('data', (c: Buffer) => {
        err += c.toString();
        const m = /listening on (http:\/\/\S+)/.exec(err);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the service exited (${code}): ${err}`)));
    });
    return { url, stop: () => child.kill() };
  }

  const python = spawnSync('python3', ['--version']).status === 0;
  for (const [lang, command] of [
    ['python-http', ['python3', 'server.py']],
    ['node-http', [process.execPath, 'server.mjs']],
  ] as const) {
    it.skipIf(lang === 'python-http' && !python)(
      `the ${lang} starter serves describe over HTTP, and the pack skips every check cleanly`,
      async () => {
        const dir = tempDir();
        const init = await cli(['init', '--lang', lang], dir);
        expect(init.code, init.stderr).toBe(0);
        expect(init.stdout).toMatch(/wrote a .* starter service[\s\S]*# the service: leave it running/);
        const service = await startStarter([...command], dir);
        try {
          const r = await cli(['--adapter-url', service.url, '--seed', '1', '--runs', '1', '--no-reports'], dir);
          expectAllSkipped(r);
          const doctor = await cli(['doctor', '--adapter-url', service.url], dir);
          expect(doctor.code, doctor.stdout).toBe(0);
          expect(doctor.stdout).toMatch(/implements no member yet[\s\S]*all is well/);
        } finally {
          service.stop();
        }
      },
    );
  }
});
