import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm run reach` (scripts/reach.mjs) estimates each listed tag's chance to show in a default run
 * from many cases per check. Its full run takes a minute and is not part of the tests; its
 * arguments are held to the rule of every command of the project: bad input is one line and exit 2.
 */
const SCRIPT = resolve('scripts/reach.mjs');

describe('npm run reach', () => {
  it.each([
    [['--cases', '50'], 'reach: --cases takes a whole number of at least 100, --seed a whole number'],
    [['--cases', 'many'], 'reach: --cases takes a whole number of at least 100, --seed a whole number'],
    [['--seed', '1.5'], 'reach: --cases takes a whole number of at least 100, --seed a whole number'],
  ])('refuses %j in one line, exit 2', (args, line) => {
    const r = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(line);
    expect(r.stdout).toBe('');
  });

  it('refuses a check the catalog does not have in one line, exit 2', () => {
    const r = spawnSync(process.execPath, [SCRIPT, '--check', 'ENV-NOPE'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe('reach: no check ENV-NOPE in the catalog');
  });

  it('refuses an option it does not know in one line, exit 2', () => {
    const r = spawnSync(process.execPath, [SCRIPT, '--runs', '5'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain("reach: Unknown option '--runs'");
  });
});
