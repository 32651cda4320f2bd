import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/contract/errors.js';
import { EXIT } from '../../src/cli/exit.js';
import { errorExit, main } from '../../src/cli/main.js';
import { TOOL } from '../../src/io/package.js';
import { cli, expectUsageError } from '../helpers/cli.js';

const INTERNAL =
  /^uaix-conformance: internal error: this is a bug in uaix-conformance, please report it with the command you ran\n/;

describe('main: from what a command threw to an exit code, in one place', () => {
  it("a UsageError is the user's mistake: exit 2 and its message on one line", () => {
    expect(errorExit(new UsageError('--runs must be an integer, got "x"'))).toEqual({
      code: EXIT.usage,
      stderr: 'uaix-conformance: --runs must be an integer, got "x"\n',
    });
    expect(EXIT.usage).toBe(2);
  });

  it('any other error is a bug of the pack: exit 3, said as such, with the stack', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    const { code, stderr } = errorExit(bug);
    expect(code).toBe(EXIT.internal);
    expect(EXIT.internal).toBe(3);
    expect(stderr).toMatch(INTERNAL);
    expect(stderr).toContain(`\n${bug.stack}\n`);
    expect(stderr).toMatch(/\n\s+at /);
  });

  it('an error without a stack shows its name and message; a thrown non-error shows the value', () => {
    const bare = new RangeError('out of range');
    bare.stack = undefined;
    expect(errorExit(bare).stderr).toMatch(/\nRangeError: out of range\n$/);
    expect(errorExit('a string')).toEqual({
      code: EXIT.internal,
      stderr: expect.stringMatching(/\nthrown value: a string\n$/),
    });
    expect(errorExit(undefined).stderr).toMatch(/\nthrown value: undefined\n$/);
  });

  it('a thrown value that throws again when shown is still exit 3, never a crash of main', () => {
    const hostile = {
      toString: () => {
        throw new Error('no');
      },
    };
    expect(errorExit(hostile)).toEqual({
      code: EXIT.internal,
      stderr: expect.stringMatching(/\nthrown value that cannot be shown\n$/),
    });
    expect(errorExit(Object.create(null)).code).toBe(EXIT.internal);
  });

  it('main maps an error thrown inside a command the same way: exit 3 with the stack, on stderr', async () => {
    // A command whose output stream breaks: not the user's mistake, so not a usage error.
    const out = {
      write: () => {
        throw new Error('EPIPE: the output went away');
      },
    } as unknown as NodeJS.WritableStream;
    let err = '';
    const code = await main(['list'], {
      out,
      err: new Writable({ write: (c, _e, done) => ((err += c.toString()), done()) }),
    });
    expect(code).toBe(EXIT.internal);
    expect(err).toMatch(INTERNAL);
    expect(err).toMatch(/Error: EPIPE: the output went away\n\s+at /);
  });
});

describe('main: dispatching to a command', () => {
  const COMMANDS = ['run', 'list', 'explain', 'replay', 'fixtures', 'diff', 'merge', 'site', 'gate', 'init', 'doctor'];

  it('an unknown command is a usage error that names every command', async () => {
    const r = await cli(['frobnicate']);
    expectUsageError(r, /^uaix-conformance: unknown command "frobnicate" \(commands: (.*)\)$/);
    expect(/\(commands: (.*)\)/.exec(r.stderr)![1]!.split(', ')).toEqual(COMMANDS);
  });

  it('options without a command, or "run", start a run', async () => {
    expectUsageError(await cli(['--runs', '3']), /^uaix-conformance: missing --adapter/);
    expectUsageError(await cli(['run', '--runs', '3']), /^uaix-conformance: missing --adapter/);
  });

  it('--help prints the usage of every command on stdout, --version the version; exit 0', async () => {
    const help = await cli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stderr).toBe('');
    for (const c of COMMANDS.filter((c) => c !== 'run'))
      expect(help.stdout).toMatch(new RegExp(`^  uaix-conformance ${c} `, 'm'));
    expect(await cli(['--version'])).toEqual({ code: 0, stdout: `${TOOL.version}\n`, stderr: '' });
  });
});
