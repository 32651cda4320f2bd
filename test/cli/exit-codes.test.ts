import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT, exitCodeOf } from '../../src/cli/exit.js';
import { unknownMembers } from '../../src/cli/members.js';
import { schemaValidator } from '../../src/io/json-file.js';
import { closestName, editDistance } from '../../src/model/names.js';
import { cli, readJson, REFERENCE_ENTRY, tempDir } from '../helpers/cli.js';

/** An adapter whose every member is misspelt: every check is skipped. */
const MISSPELT = `export default { describe: () => ({ name: 'typos', version: '1' }),
  validateEnvelop: () => ({ valid: true }), computechecksum: () => 'sha256:' + '0'.repeat(64), _private: 1 };
`;

describe('exit codes: nothing judged is not a success', () => {
  it('a run in which every check was skipped exits 4 with one line saying so, after a warning per misspelt member naming the closest known one', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'typos.mjs'), MISSPELT);
    const r = await cli(
      ['--adapter', './typos.mjs', '--check', 'ENV-*', '--runs', '1', '--seed', '1', '--out', 'out'],
      dir,
    );
    expect(r.code, r.stderr).toBe(EXIT.empty);
    expect(r.code).toBe(4);
    const lines = r.stderr.split('\n');
    expect(lines).toContain(
      'uaix-conformance: warning: the adapter has a member "validateEnvelop" that the contract does not know (did you mean "validateEnvelope"?)',
    );
    expect(lines).toContain(
      'uaix-conformance: warning: the adapter has a member "computechecksum" that the contract does not know (did you mean "computeChecksum"?)',
    );
    expect(r.stderr).not.toMatch(/_private/);
    const empty = lines.filter((l) => l.includes('nothing was judged'));
    expect(empty).toHaveLength(1);
    expect(empty[0]).toMatch(
      /^uaix-conformance: nothing was judged: all \d+ selected checks were skipped: \d+ of them because the adapter does not implement \w+; exit 4 \(pass --allow-empty to accept a run that judges nothing\)$/,
    );
    const report = readJson(join(dir, 'out', 'report.json'));
    expect(report.summary.skipped).toBe(report.summary.total);
    expect(schemaValidator('report')(report)).toBe(true);
  });

  it('--allow-empty makes the same run exit 0, with no nothing-judged line', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'typos.mjs'), MISSPELT);
    const r = await cli(
      [
        '--adapter',
        './typos.mjs',
        '--check',
        'ENV-*',
        '--runs',
        '1',
        '--seed',
        '1',
        '--no-reports',
        '--allow-empty',
        '--in-process',
      ],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toMatch(/nothing was judged/);
  });

  it('a run that judged some checks and skipped others is judged by those it ran (no warning for a well-named adapter)', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'partial.mjs'),
      `import { referenceAdapter } from ${JSON.stringify(REFERENCE_ENTRY)};\nexport default { describe: () => ({ name: 'partial', version: '1' }), validateEnvelope: referenceAdapter.validateEnvelope };\n`,
    );
    const r = await cli(
      [
        '--adapter',
        './partial.mjs',
        '--check',
        'ENV-EXPIRED',
        '--check',
        'WIRE-ROUNDTRIP',
        '--runs',
        '5',
        '--seed',
        '1',
        '--no-reports',
        '--in-process',
      ],
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/2 checks: 1 passed, 0 failed, 0 errored, 1 skipped/);
    expect(r.stderr).not.toMatch(/warning|nothing was judged/);
  });

  it('the table: interrupted and MUST failures exit 1 before emptiness is looked at; a gate decides alone', () => {
    const base = {
      incomplete: false,
      summary: { total: 3, passed: 0, failed: 0, errored: 0, skipped: 3, mustFailed: 0 },
    } as never;
    expect(exitCodeOf(base)).toBe(EXIT.empty);
    expect(exitCodeOf(base, undefined, { allowEmpty: true })).toBe(EXIT.ok);
    expect(exitCodeOf({ ...(base as object), incomplete: true } as never)).toBe(EXIT.failed);
    expect(exitCodeOf(base, { ok: true } as never)).toBe(EXIT.ok);
    expect(
      exitCodeOf({
        incomplete: false,
        summary: { total: 0, passed: 0, failed: 0, errored: 0, skipped: 0, mustFailed: 0 },
      } as never),
    ).toBe(EXIT.empty);
    expect(new Set(Object.values(EXIT)).size).toBe(Object.values(EXIT).length);
  });
});

describe('unknown adapter members', () => {
  it('names the closest contract member, inside recovery too, and never reads through a throwing Proxy', () => {
    const policy = { start: () => [], observ: () => [] };
    expect(
      unknownMembers({
        describe: () => ({ name: 'x', version: '1' }),
        verifyUAS: () => ({ valid: true }),
        recovery: policy,
      } as never),
    ).toEqual([
      { name: 'verifyUAS', closest: 'verifyUas' },
      { name: 'recovery.observ', closest: 'recovery.observe' },
    ]);
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('no keys');
        },
      },
    );
    expect(unknownMembers(hostile as never)).toEqual([]);
  });

  it('edit distance and the closest name', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
    expect(closestName('toKeyles', ['fromKeyless', 'toKeyless'])).toBe('toKeyless');
    expect(closestName('VALIDATEERROR', ['validateEnvelope', 'validateError'])).toBe('validateError');
    expect(closestName('x', [])).toBeUndefined();
  });
});
