import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertReplaceable, MANIFEST, writeReportFiles } from '../../src/io/report-files.js';
import { cli, expectUsageError } from '../helpers/cli.js';

/**
 * The output folder on real file systems that refuse: read-only and full. Needs a tmpfs mount, so
 * it runs as root only (elsewhere the refusals are simulated in report-files.test.ts).
 */
const mounts: string[] = [];

/** A fresh tmpfs of `size` at a new folder (options e.g. `ro`), or undefined when this process cannot mount. */
function tmpfs(size: string, extra = ''): string | undefined {
  const at = mkdtempSync(join(tmpdir(), 'uaix-fs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}${extra ? `,${extra}` : ''}`, 'tmpfs', at], {
      stdio: 'ignore',
    });
  } catch {
    return undefined;
  }
  mounts.push(at);
  return at;
}

const canMount =
  process.getuid?.() === 0 &&
  (() => {
    const at = tmpfs('16k');
    return at !== undefined;
  })();

afterEach(() => {
  for (const at of mounts.splice(0)) {
    execFileSync('umount', [at]);
    rmSync(at, { recursive: true, force: true });
  }
});

/** Fills a file system but `leave` bytes with one file. */
function fill(at: string, leave: number): void {
  const { bavail, bsize } = statfsSync(at);
  writeFileSync(join(at, 'filler'), Buffer.alloc(Math.max(0, bavail * bsize - leave)));
}

describe.runIf(canMount)('the output folder on a read-only or full file system', () => {
  it('read-only: refused before the run, one line', async () => {
    const ro = tmpfs('64k', 'ro')!;
    expect(() => assertReplaceable(join(ro, 'out'))).toThrow(
      `cannot write reports into ${join(ro, 'out')}: it is on a read-only file system (EROFS; choose another --out)`,
    );
    expectUsageError(
      await cli(['--adapter', 'reference', '--check', 'ENV-SEED-FIXTURES', '--runs', '1', '--out', join(ro, 'out')]),
      /^uaix-conformance: cannot write reports into .*: it is on a read-only file system \(EROFS; choose another --out\)$/,
    );
  });

  it('full: the run ends in one line, and the folder holds no report of ours (not the old green set) and no temp file', async () => {
    const at = tmpfs('512k')!;
    const out = join(at, 'out');
    mkdirSync(out);
    writeReportFiles(out, [
      { name: 'report.json', content: '{"verdict":"pass"}' },
      { name: 'badge.json', content: '{"color":"brightgreen"}' },
    ]);
    fill(at, 8 * 1024);
    const r = await cli([
      '--adapter',
      'reference',
      '--check',
      'ENV-SEED-FIXTURES',
      '--runs',
      '1',
      '--seed',
      '1',
      '--out',
      out,
    ]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe(
      `uaix-conformance: cannot write the reports into ${out}: the disk is full (ENOSPC); no report of this run was written, and the previous reports were removed so that none is taken for this run's`,
    );
    expect(readdirSync(out)).toEqual([]);
    expect(readdirSync(out)).not.toContain(MANIFEST);
  });
});
