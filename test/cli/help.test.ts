import { describe, expect, it } from 'vitest';
import { COMMAND_HELP, nearName, optionsOf, withSuggestion } from '../../src/cli/usage.js';
import { cli, expectUsageError } from '../helpers/cli.js';

const COMMANDS = ['run', 'list', 'explain', 'replay', 'fixtures', 'diff', 'merge', 'site', 'gate', 'init', 'doctor'];

describe('<command> --help', () => {
  for (const command of COMMANDS) {
    it(`${command} --help prints its options and an example on stdout, exit 0`, async () => {
      for (const flag of ['--help', '-h']) {
        const r = await cli([command, flag]);
        expect(r.code, r.stderr).toBe(0);
        expect(r.stderr).toBe('');
        expect(r.stdout).toBe(`${COMMAND_HELP[command]}\n`);
        expect(r.stdout).toMatch(/Options:\n[\s\S]*-h, --help/);
        expect(r.stdout).toMatch(
          new RegExp(`Examples?:\\n {2}uaix-conformance ${command === 'run' ? '' : `${command} `}`),
        );
      }
    });
  }

  it('a --help after the arguments, or after a subcommand, still asks for help; after -- it does not', async () => {
    expect((await cli(['fixtures', 'export', '--help'])).stdout).toContain('fixtures export');
    expect((await cli(['explain', 'ENV-EXPIRED', '-h'])).code).toBe(0);
    expect((await cli(['explain', '--', '--help'])).code).toBe(2);
  });
});

describe('did you mean', () => {
  it('nearName accepts only near names', () => {
    expect(nearName('sed', ['seed', 'suite'])).toBe('seed');
    expect(nearName('frobnicate', COMMANDS)).toBeUndefined();
    expect(nearName('seed', ['seed'])).toBeUndefined();
    expect(nearName('ENV-EXPIRD', ['ENV-EXPIRED', 'ENV-SEED-FIXTURES'])).toBe('ENV-EXPIRED');
  });

  it('every option a help text names is what a misspelt option is compared with', () => {
    expect(optionsOf('run')).toEqual(expect.arrayContaining(['--seed', '--adapter-cmd', '--allow-empty']));
    expect(optionsOf('init')).toEqual(expect.arrayContaining(['--lang', '--help']));
  });

  it('a misspelt command names the closest one', async () => {
    expectUsageError(
      await cli(['doctr']),
      /^uaix-conformance: unknown command "doctr" \(did you mean "doctor"\? commands: run, /,
    );
    expectUsageError(await cli(['lst']), /did you mean "list"\?/);
  });

  it('a misspelt option names the closest option of its command', async () => {
    expectUsageError(
      await cli(['--adapter', 'reference', '--sed', '1']),
      /Unknown option '--sed' \(did you mean --seed\?\)$/,
    );
    expectUsageError(await cli(['init', '--lnag', 'go']), /Unknown option '--lnag' \(did you mean --lang\?\)$/);
    expectUsageError(await cli(['list', '--jsno']), /Unknown option '--jsno' \(did you mean --json\?\)$/);
    const far = await cli(['list', '--zzzzzzzz']);
    expectUsageError(far, /Unknown option '--zzzzzzzz'/);
    expect(far.stderr).not.toMatch(/did you mean/);
  });

  it('a misspelt suite or check id names the closest one', async () => {
    expectUsageError(
      await cli(['list', '--suite', 'envelop']),
      /unknown suite "envelop" .*\(did you mean "envelope"\?\)$/,
    );
    expectUsageError(
      await cli(['list', '--check', 'ENV-EXPIRD']),
      /no check matches "ENV-EXPIRD" .*\(did you mean "ENV-EXPIRED"\?\)$/,
    );
    expectUsageError(
      await cli(['explain', 'ENV-EXPIRD']),
      /no check ENV-EXPIRD in this catalog .*\(did you mean "ENV-EXPIRED"\?\)$/,
    );
    expectUsageError(
      await cli(['list', '--check', 'ENV-ZZZZZZZZZZZZZZ*']),
      /no check matches "ENV-ZZZZZZZZZZZZZZ\*" \(see: uaix-conformance list\)$/,
    );
  });

  it('leaves other messages alone', () => {
    expect(withSuggestion('--runs must be an integer, got "x"', 'run')).toBe('--runs must be an integer, got "x"');
    expect(withSuggestion("Unknown option '-x'", 'run')).toBe("Unknown option '-x'");
  });
});
