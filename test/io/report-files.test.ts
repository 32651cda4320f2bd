import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/contract/errors.js';
import { assertReplaceable, LOCK, lockOutDir, MANIFEST, writeReportFiles } from '../../src/io/report-files.js';

const dir = () => mkdtempSync(join(tmpdir(), 'uaix-out-'));
const SET = [
  { name: 'report.json', content: '{"verdict":"fail"}\n' },
  { name: 'badge.json', content: '{"color":"red"}\n' },
];

/** The error a call throws (a UsageError is one line by construction). */
function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    expect((e as Error).message).not.toMatch(/\n/);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('the output folder: one consistent set, ours only', () => {
  it('gets the files in order, each written whole, with the manifest listing their digests, and no temp file left', () => {
    const out = join(dir(), 'a', 'b');
    const written = writeReportFiles(out, [
      { name: 'report.json', content: ['{', '}\n'] },
      { name: 'junit.xml', content: '<x/>\n' },
    ]);
    expect(written).toEqual([join(out, 'report.json'), join(out, 'junit.xml')]);
    expect(readFileSync(join(out, 'report.json'), 'utf8')).toBe('{}\n');
    expect(readdirSync(out).sort()).toEqual([MANIFEST, 'junit.xml', 'report.json']);
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST), 'utf8'));
    expect(manifest.format).toBe('uaix-conformance-output/1');
    expect(manifest.files.map((f: { name: string; bytes: number }) => [f.name, f.bytes])).toEqual([
      ['report.json', 3],
      ['junit.xml', 5],
    ]);
  });

  it('replaces its own files; refuses files it did not write, or that changed since, in one line; --force replaces them', () => {
    const out = dir();
    writeReportFiles(out, SET);
    writeReportFiles(out, SET); // ours: replaced
    writeFileSync(join(out, 'badge.json'), '{"color":"brightgreen"}\n'); // changed by someone
    expect(refusal(() => assertReplaceable(out))).toBe(
      `${join(out, 'badge.json')} was not written by uaix-conformance (or was changed since): refusing to overwrite it (use --force, or choose another --out)`,
    );
    let fresh = '';
    for (const [name, content] of [
      ['summary.md', '# my notes'],
      ['report.json', '{"format":"uaix-conformance-report/1"}'],
      ['junit.xml', '<mine/>'],
    ]) {
      fresh = dir();
      writeFileSync(join(fresh, name!), content!);
      expect(refusal(() => assertReplaceable(fresh))).toMatch(
        new RegExp(`${name!.replace('.', '\\.')} was not written by uaix-conformance`),
      );
      expect(() => writeReportFiles(fresh, [{ name: name!, content: 'x' }])).toThrow(/refusing to overwrite/);
      expect(readFileSync(join(fresh, name!), 'utf8')).toBe(content);
    }
    const lock = lockOutDir(fresh, { force: true });
    writeReportFiles(fresh, SET);
    lock.release();
    expect(readFileSync(join(fresh, 'report.json'), 'utf8')).toBe(SET[0]!.content);
    expect(readFileSync(join(fresh, 'junit.xml'), 'utf8')).toBe('<mine/>'); // not part of this set: untouched
  });

  it('refuses a file, a FIFO, a folder or a symbolic link where the folder or a report goes, without opening it', () => {
    const root = dir();
    writeFileSync(join(root, 'file'), 'x');
    expect(refusal(() => assertReplaceable(join(root, 'file')))).toBe(
      `the output folder ${join(root, 'file')} is a file, not a folder (choose another --out)`,
    );
    expect(refusal(() => assertReplaceable(join(root, 'file', 'sub')))).toMatch(/cannot be made: .*file is a file$/);
    const fifo = dir();
    execFileSync('mkfifo', [join(fifo, 'report.json')]);
    expect(refusal(() => assertReplaceable(fifo))).toBe(
      `${join(fifo, 'report.json')} is a FIFO, where a report file goes: refusing to write there (remove it or choose another --out)`,
    );
    const folder = dir();
    mkdirSync(join(folder, 'summary.md'));
    expect(refusal(() => assertReplaceable(folder))).toMatch(/summary\.md is a folder, where a report file goes/);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a folder it cannot write into, before anything runs', () => {
    const ro = dir();
    chmodSync(ro, 0o500);
    try {
      expect(refusal(() => assertReplaceable(join(ro, 'out')))).toMatch(
        /^cannot write reports into .*: it is not writable \(EACCES; choose another --out\)$/,
      );
    } finally {
      chmodSync(ro, 0o700);
    }
  });

  it("one run at a time: a second lock is refused while its holder lives; a dead holder's lock and temp files are taken over", () => {
    const out = dir();
    const lock = lockOutDir(out);
    expect(refusal(() => lockOutDir(out))).toMatch(/^another run of this process is writing into /);
    lock.release();
    lock.release();
    expect(existsSync(join(out, LOCK))).toBe(false);
    // a live process of someone else: our parent
    writeFileSync(join(out, LOCK), JSON.stringify({ pid: process.ppid, token: 't' }));
    expect(refusal(() => lockOutDir(out))).toBe(
      `another uaix-conformance run (pid ${process.ppid}) is writing into ${out}: wait for it to end, or choose another --out`,
    );
    // a process that is gone (pid beyond pid_max), and a temp file it left
    writeFileSync(join(out, LOCK), JSON.stringify({ pid: 99_999_999, token: 't' }));
    writeFileSync(join(out, '.report.json.99999999.tmp'), 'half');
    const taken = lockOutDir(out);
    expect(existsSync(join(out, '.report.json.99999999.tmp'))).toBe(false);
    taken.release();
    expect(readdirSync(out)).toEqual([]);
  });

  it('a write that fails part-way leaves nothing of ours: no new report.json next to an old green badge, no temp file', () => {
    const out = dir();
    writeReportFiles(out, [
      { name: 'report.json', content: '{"verdict":"pass"}\n' },
      { name: 'badge.json', content: '{"color":"brightgreen"}\n' },
    ]);
    function* failing(): Generator<string> {
      yield '{"verdict":';
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
    const message = refusal(() =>
      writeReportFiles(out, [
        { name: 'report.json', content: '{"verdict":"fail"}\n' },
        { name: 'badge.json', content: failing() },
      ]),
    );
    expect(message).toBe(
      `cannot write the reports into ${out}: the disk is full (ENOSPC); no report of this run was written, and the previous reports were removed so that none is taken for this run's`,
    );
    expect(readdirSync(out)).toEqual([]);
  });

  it('a renderer that throws a bug is rethrown as it is (not a usage error), and still leaves nothing', () => {
    const out = dir();
    function* buggy(): Generator<string> {
      throw new TypeError('a bug');
    }
    expect(() => writeReportFiles(out, [{ name: 'report.json', content: buggy() }])).toThrow(TypeError);
    expect(readdirSync(out)).toEqual([]);
  });
});
