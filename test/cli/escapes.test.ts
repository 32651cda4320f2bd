import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, readJson, tempDir } from '../helpers/cli.js';

/** Set the window title, clear the screen, write the clipboard (OSC 52), a one-byte CSI, a bell. */
const ATTACK = '\\x1b]0;pwned\\x07\\x1b[2J\\x1b]52;c;cHduZWQ=\\x07\\x9b1m\\x07';
/** Every control a terminal acts on (C0 but tab and newline, DEL, C1). */
const RAW_CONTROL = /[\x00-\x08\x0B-\x1F\x7F-\x9F]/;

describe('run: what the adapter wrote reaches the terminal escaped', () => {
  it('an adapter whose errors and name carry terminal sequences and a bidi override: the summary shows them as escapes, the reports reveal them', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'hostile.mjs'),
      `export default { describe: () => ({ name: 'evil\\u202Etxt.exe${ATTACK}', version: '1' }), validateEnvelope: () => { throw new Error('no ${ATTACK} way'); } };\n`,
    );
    const r = await cli(
      [
        '--adapter',
        './hostile.mjs',
        '--check',
        'ENV-EXPIRED',
        '--runs',
        '2',
        '--seed',
        '1',
        '--out',
        'out',
        '--verbose',
      ],
      dir,
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stdout).toMatch(/^ERR {2}ENV-EXPIRED/m);
    expect(r.stdout).toContain('\\e]0;pwned\\x07\\e[2J\\e]52;c;cHduZWQ=\\x07\\u009B1m\\x07');
    const name = readJson(join(dir, 'out', 'report.json')).adapter.name as string;
    expect(name).toContain('\u202E'); // report.json keeps the value exact
    const page = readFileSync(join(dir, 'out', 'report.html'), 'utf8');
    const md = readFileSync(join(dir, 'out', 'summary.md'), 'utf8');
    for (const text of [page, md]) {
      expect(text).not.toMatch(/\u202E/);
      expect(text).toContain('evil\\u202Etxt.exe');
    }
  });

  it('an adapter whose describe() throws terminal sequences: the usage line escapes them', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'nodescribe.mjs'),
      `export default { describe: () => { throw new Error('gone ${ATTACK}'); } };\n`,
    );
    const r = await cli(
      ['--adapter', './nodescribe.mjs', '--check', 'ENV-EXPIRED', '--runs', '1', '--no-reports'],
      dir,
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
  });
});
