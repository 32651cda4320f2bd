import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, configChoice, findConfig } from '../../src/cli/config.js';
import { RUN_OPTIONS } from '../../src/cli/options.js';
import { BROKEN_EXPIRY, cli, expectUsageError, readJson, tempDir } from '../helpers/cli.js';

const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'schemas', 'config.schema.json'), 'utf8'));

/** A project folder with a config file at its top and a `ci/` folder below it to run from. */
function project(config: unknown, name = 'uaix-conformance.config.json'): { top: string; below: string } {
  const top = tempDir();
  const below = join(top, 'ci', 'job');
  mkdirSync(below, { recursive: true });
  writeFileSync(join(top, name), typeof config === 'string' ? config : JSON.stringify(config));
  return { top, below };
}

describe('the config file', () => {
  it('is found upward from the current folder; its paths are relative to its own folder; the header names it', async () => {
    const { top, below } = project({ adapter: './bad.mjs', check: ['ENV-EXPIRED'], runs: 10, seed: 3, out: 'reports' });
    writeFileSync(join(top, 'bad.mjs'), BROKEN_EXPIRY);
    const r = await cli([], below);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(
      /^uaix-conformance \S+: seed 3, 10 runs, 1 check, adapter \.\.\/\.\.\/bad\.mjs, config \.\.\/\.\.\/uaix-conformance\.config\.json$/,
    );
    const report = readJson(join(top, 'reports', 'report.json'));
    expect(report.run).toMatchObject({ seed: 3, runs: 10, selection: { checks: ['ENV-EXPIRED'] } });
    expect(report.adapter.spec).toBe('../../bad.mjs');
    expect(report.checks.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      ['ENV-EXPIRED', 'failed'],
    ]);
  });

  it('flags win over the file, the adapter included (any of the three ways of naming it)', async () => {
    const { top } = project({ adapter: './bad.mjs', check: 'ENV-EXPIRED', runs: 10, seed: 3, 'no-reports': true });
    writeFileSync(join(top, 'bad.mjs'), BROKEN_EXPIRY);
    const r = await cli(['--adapter', 'reference', '--runs', '7', '--check', 'ENV-SEED-FIXTURES'], top);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr.split('\n')[0]).toMatch(
      /seed 3, 7 runs, \d+ checks?, adapter reference, config uaix-conformance\.config\.json$/,
    );
    expect(r.stdout).not.toContain('ENV-EXPIRED');
  });

  it('the header names the file a folder adapter resolved to, and a config folder named reference stays a folder', async () => {
    const { top, below } = project({
      adapter: './reference',
      check: 'ENV-EXPIRED',
      runs: 5,
      seed: 1,
      'no-reports': true,
    });
    mkdirSync(join(top, 'reference'));
    writeFileSync(join(top, 'reference', 'index.mjs'), BROKEN_EXPIRY);
    const r = await cli([], below);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr.split('\n')[0]).toMatch(
      /, adapter \.\.\/\.\.\/reference \(\.\.\/\.\.\/reference\/index\.mjs\), config /,
    );
    const here = await cli(
      [
        '--no-config',
        '--adapter',
        './reference',
        '--check',
        'ENV-EXPIRED',
        '--runs',
        '5',
        '--seed',
        '1',
        '--no-reports',
      ],
      top,
    );
    expect(here.stderr.split('\n')[0]).toMatch(/, adapter \.\/reference \(reference\/index\.mjs\)$/);
  });

  it('an .mjs config exports the options, or a function returning them', async () => {
    const { top } = project(
      "export default async () => ({ adapter: 'reference', check: ['ENV-EXPIRED'], runs: 5, seed: 1, 'no-reports': true });\n",
      'uaix-conformance.config.mjs',
    );
    const r = await cli([], top);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/seed 1, 5 runs, 1 check, adapter reference, config uaix-conformance\.config\.mjs\n/);
  });

  it('--no-config ignores it, --config names another file', async () => {
    const { top } = project({ adapter: 'reference', check: 'ENV-EXPIRED', runs: 5, seed: 1, 'no-reports': true });
    expectUsageError(await cli(['--no-config'], top), /^uaix-conformance: missing --adapter/);
    writeFileSync(
      join(top, 'other.json'),
      JSON.stringify({ adapter: 'reference', check: 'WIRE-ROUNDTRIP', runs: 5, seed: 2, 'no-reports': true }),
    );
    const r = await cli(['--config', 'other.json'], top);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/seed 2, 5 runs, 1 check, adapter reference, config other\.json\n/);
  });

  it('doctor reads the adapter from it; commands that take no config say so', async () => {
    const { top } = project({ adapter: 'reference', runs: 5 });
    const r = await cli(['doctor'], top);
    expect(r.code, r.stderr).toBe(0);
    expectUsageError(
      await cli(['list', '--config', 'x.json'], top),
      /^uaix-conformance: --config: the list command reads no config file/,
    );
  });

  it('help and version do not read it (a broken file never hides them)', async () => {
    const { top } = project('{ not json');
    expect((await cli(['--version'], top)).code).toBe(0);
    expect((await cli(['--help'], top)).code).toBe(0);
    expect((await cli(['--config', 'x.json', '--version'], top)).code).toBe(0);
  });

  it('a broken, misspelt or mistyped file is one usage line naming the file and the problem', async () => {
    expectUsageError(
      await cli([], project('{ "adapter": ').top),
      /^uaix-conformance: config uaix-conformance\.config\.json is not valid JSON/,
    );
    expectUsageError(
      await cli([], project({ adapter: 'reference', rusn: 5 }).top),
      /^uaix-conformance: config uaix-conformance\.config\.json: unknown option "rusn" \(did you mean "runs"\?\)$/,
    );
    expectUsageError(
      await cli([], project({ adapter: 'reference', runs: '5' }).top),
      /^uaix-conformance: config uaix-conformance\.config\.json: \/runs: must be integer$/,
    );
    expectUsageError(await cli([], project({ adapter: 'reference', runs: 0 }).top), /\/runs: must be >= 1$/);
    expectUsageError(await cli([], project({ adapter: 'reference', force: true }).top), /unknown option "force"/);
    expectUsageError(await cli([], project([1, 2]).top), /expected an object of options/);
    expectUsageError(
      await cli(
        [],
        project('export default { runs: 5 };\nthrow new Error("boom");\n', 'uaix-conformance.config.mjs').top,
      ),
      /^uaix-conformance: config uaix-conformance\.config\.mjs: boom$/,
    );
    const both = project({ runs: 5 });
    writeFileSync(join(both.top, 'uaix-conformance.config.mjs'), 'export default {};\n');
    expectUsageError(
      await cli([], both.below),
      /^uaix-conformance: two config files in .*: uaix-conformance\.config\.json and uaix-conformance\.config\.mjs \(keep one\)$/,
    );
    expectUsageError(await cli(['--config'], tempDir()), /^uaix-conformance: --config needs a file/);
    expectUsageError(
      await cli(['--config', 'missing.json'], tempDir()),
      /^uaix-conformance: config missing\.json: no such file$/,
    );
    expectUsageError(await cli(['--config', 'config.yaml'], tempDir()), /expected a \.json or \.mjs file$/);
  });

  it('the shipped schema lists exactly the options a file may set, each typed as its flag takes it', () => {
    expect(
      Object.keys(schema.properties)
        .filter((k) => k !== '$schema')
        .sort(),
    ).toEqual([...CONFIG_KEYS].sort());
    for (const key of CONFIG_KEYS) {
      const option = RUN_OPTIONS[key as keyof typeof RUN_OPTIONS];
      const type = schema.properties[key].type ?? 'list';
      if (option.type === 'boolean') expect(type, key).toBe('boolean');
      else if ('multiple' in option) expect(type, key).toBe('list');
      else expect(['string', 'integer'], key).toContain(type);
    }
    const validate = new Ajv2020({ strict: true }).compile(schema);
    expect(
      validate({
        $schema: './node_modules/uaix-conformance/schemas/config.schema.json',
        adapter: './my-impl',
        suite: ['envelope', 'error'],
        runs: 200,
        quiet: true,
      }),
    ).toBe(true);
    expect(validate({ suite: [] })).toBe(false);
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### A config file'));
    const example = JSON.parse(/```json\n([\s\S]*?)```/.exec(section)![1]!);
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
  });

  it('is looked for up to the root of the file system, and not found is no error', () => {
    const dir = tempDir();
    expect(findConfig(dir)).toBeUndefined();
  });

  it('--config and --no-config are taken out before any --, and nothing after it', () => {
    expect(configChoice(['--config=a.json', '--runs', '5'])).toEqual({ choice: 'a.json', rest: ['--runs', '5'] });
    expect(configChoice(['--no-config', '--', '--config', 'x'])).toEqual({
      choice: false,
      rest: ['--', '--config', 'x'],
    });
  });
});
