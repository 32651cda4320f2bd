import { execFileSync, spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  copyFileSync,
  fstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { jsonOutput, MAX_ARTIFACT_BYTES, UAS_EXIT, writeChunks } from '../../../src/cli/uas-verify.js';
import { Collect, verify } from '../../helpers/uas-verify.js';
import { UnreadableFileError, verifyUasOpen } from '../../../src/reference/uas/verify-file.js';
import { bundledSpec } from '../../../src/spec/index.js';

/**
 * The uas-verify gallery: inputs and outputs that would hang, exhaust memory or mislead a naive
 * verifier CLI, each with its exact outcome (exit code and the one stderr line). In-process through
 * `uasVerifyMain`, which `bin/uas-verify.js` only calls.
 */
const FIXTURES = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'uas');
/** The built CLI (the lead builds dist/ before the full run). */
const BIN = join(import.meta.dirname, '..', '..', '..', 'bin', 'uas-verify.js');
const USAGE = '(usage: uas-verify --source <raw_input.txt> --artifact <compiled.xml> [--json])';

/** Exit 2, exactly one line on stderr matching `line`, nothing on stdout. */
function expectRefused(r: { code: number; stdout: string; stderr: string }, line: string): void {
  expect(r.code, r.stderr).toBe(UAS_EXIT.usage);
  expect(r.stderr).toBe(`${line}\n`);
  expect(r.stdout).toBe('');
}

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'uas-gallery-'));
  copyFileSync(join(FIXTURES, 'raw_input.txt'), join(dir, 'raw_input.txt'));
  copyFileSync(join(FIXTURES, 'compiled.xml'), join(dir, 'compiled.xml'));
  return dir;
}

describe('uas-verify gallery: inputs', () => {
  it('the bundled pair verifies (the baseline every other case departs from)', async () => {
    const dir = folder();
    const r = await verify('--source', join(dir, 'raw_input.txt'), '--artifact', join(dir, 'compiled.xml'));
    expect(r).toEqual({ code: 0, stdout: 'valid: the artifact is hash-locked to the source\n', stderr: '' });
  });

  it('a FIFO as source or artifact is opened without blocking and refused (a blocking open would hang)', async () => {
    const dir = folder();
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    expectRefused(
      await verify('--source', join(dir, 'fifo'), '--artifact', join(dir, 'compiled.xml')),
      `uas-verify: source ${join(dir, 'fifo')} is a FIFO, not a regular file`,
    );
    expectRefused(
      await verify('--source', join(dir, 'raw_input.txt'), '--artifact', join(dir, 'fifo')),
      `uas-verify: artifact ${join(dir, 'fifo')} is a FIFO, not a regular file`,
    );
  });

  it('/dev/zero as artifact or source is refused at once (no unbounded read), a folder too', async () => {
    const dir = folder();
    expectRefused(
      await verify('--source', join(dir, 'raw_input.txt'), '--artifact', '/dev/zero'),
      'uas-verify: artifact /dev/zero is a device, not a regular file',
    );
    expectRefused(
      await verify('--source', '/dev/zero', '--artifact', join(dir, 'compiled.xml')),
      'uas-verify: source /dev/zero is a device, not a regular file',
    );
    mkdirSync(join(dir, 'sub'));
    expectRefused(
      await verify('--source', join(dir, 'raw_input.txt'), '--artifact', join(dir, 'sub')),
      `uas-verify: artifact ${join(dir, 'sub')} is a folder, not a regular file`,
    );
  });

  it('an artifact larger than the bound is refused on its size, before a byte is read (a sparse file: no disk used)', async () => {
    const dir = folder();
    const big = join(dir, 'big.xml');
    writeFileSync(big, '');
    truncateSync(big, MAX_ARTIFACT_BYTES + 1);
    expectRefused(
      await verify('--source', join(dir, 'raw_input.txt'), '--artifact', big),
      `uas-verify: artifact ${big} is ${MAX_ARTIFACT_BYTES + 1} bytes, more than the ${MAX_ARTIFACT_BYTES} bytes uas-verify reads`,
    );
  });

  it('a missing file: the line the README shows', async () => {
    expectRefused(
      await verify('--source', 'missing.txt', '--artifact', join(FIXTURES, 'compiled.xml')),
      'uas-verify: cannot read source missing.txt: ENOENT',
    );
  });

  // XML 1.0 §4.3.3 allows one byte order mark before the document, and §2.8's `document` production
  // nothing else before the prolog: a second U+FEFF is a character before the root, not well-formed.
  it('two leading byte order marks are not well-formed (one at most)', async () => {
    const dir = folder();
    const two = join(dir, 'two-boms.xml');
    writeFileSync(
      two,
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf]), readFileSync(join(dir, 'compiled.xml'))]),
    );
    const r = await verify('--source', join(dir, 'raw_input.txt'), '--artifact', two, '--json');
    expect(r.code).toBe(UAS_EXIT.invalid);
    expect(JSON.parse(r.stdout).findings[0].checkId).toBe('VAL-XML-WELL-FORMED');
  });

  it('a path swapped between a regular file and a FIFO while it is verified, 40 times: every run ends, with exit 0 or 2, none hangs (D-REL-05)', async () => {
    const dir = folder();
    const source = join(dir, 'swapped.txt');
    copyFileSync(join(dir, 'raw_input.txt'), source);
    // Another process swaps the path as fast as it can: a regular copy and a FIFO take turns under one name.
    const swapper = spawn(
      process.execPath,
      [
        '-e',
        `const fs = require('node:fs'), cp = require('node:child_process');
const [src, raw, dir] = process.argv.slice(1);
cp.execFileSync('mkfifo', [dir + '/fifo0']);
for (let i = 0; ; i++) {
  if (i % 2) cp.execFileSync('mkfifo', [dir + '/next']); else fs.copyFileSync(raw, dir + '/next');
  fs.renameSync(dir + '/next', src);
}`,
        source,
        join(dir, 'raw_input.txt'),
        dir,
      ],
      { stdio: 'ignore' },
    );
    try {
      const codes = new Set<number>();
      for (let i = 0; i < 40; i++) {
        const r = await verify('--source', source, '--artifact', join(dir, 'compiled.xml'));
        codes.add(r.code);
        expect([UAS_EXIT.valid, UAS_EXIT.usage, UAS_EXIT.invalid], r.stderr).toContain(r.code);
      }
      expect(codes.size).toBeGreaterThan(0);
    } finally {
      swapper.kill('SIGKILL');
    }
  });

  it('a source that gets shorter while it is read is an input error (exit 2), never an internal error', async () => {
    const dir = folder();
    const fd = openSync(join(dir, 'raw_input.txt'), 'r');
    const { size } = fstatSync(fd);
    truncateSync(join(dir, 'raw_input.txt'), Math.floor(size / 2));
    try {
      await expect(
        verifyUasOpen(
          { fd, length: size, path: 'raw_input.txt' },
          readFileSync(join(dir, 'compiled.xml')),
          bundledSpec().uas,
        ),
      ).rejects.toThrow(
        new UnreadableFileError(
          `source raw_input.txt changed while it was read: it ended at byte ${Math.floor(size / 2)}, of the ${size} bytes it had when it was opened`,
        ),
      );
    } finally {
      closeSync(fd);
    }
  });

  it('one leading byte order mark is allowed', async () => {
    const dir = folder();
    const one = join(dir, 'one-bom.xml');
    writeFileSync(one, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(join(dir, 'compiled.xml'))]));
    expect((await verify('--source', join(dir, 'raw_input.txt'), '--artifact', one)).code).toBe(UAS_EXIT.valid);
  });
});

describe('uas-verify gallery: through bin/uas-verify.js (the built CLI)', () => {
  it('a FIFO source ends the process at once with exit 2 and one line; a usage error is one line', async () => {
    const dir = folder();
    execFileSync('mkfifo', [join(dir, 'fifo')]);
    const r = spawnSync(
      process.execPath,
      [BIN, '--source', join(dir, 'fifo'), '--artifact', join(dir, 'compiled.xml')],
      { encoding: 'utf8', timeout: 30_000 },
    );
    expect({ status: r.status, stderr: r.stderr, stdout: r.stdout }).toEqual({
      status: 2,
      stderr: `uas-verify: source ${join(dir, 'fifo')} is a FIFO, not a regular file\n`,
      stdout: '',
    });
    const usage = spawnSync(process.execPath, [BIN, '--source', 'x'], { encoding: 'utf8', timeout: 30_000 });
    expect(usage.status).toBe(2);
    expect(usage.stderr.split('\n')).toHaveLength(2); // one line and its newline
  });
});

describe('uas-verify gallery: command line and output', () => {
  it('usage errors are one line on stderr with the usage, exit 2', async () => {
    expectRefused(await verify('--source', 'a'), `uas-verify: missing --artifact ${USAGE}`);
    const bogus = await verify('--bogus');
    expect(bogus.code).toBe(UAS_EXIT.usage);
    expect(bogus.stderr).toMatch(
      /^uas-verify: Unknown option '--bogus'[^\n]* \(usage: uas-verify --source <raw_input\.txt> --artifact <compiled\.xml> \[--json\]\)\n$/,
    );
    expect((await verify('--help')).code).toBe(0);
  });

  it('--json is written in chunks equal to JSON.stringify of the verdict', async () => {
    const r = await verify(
      '--source',
      join(FIXTURES, 'raw_input.txt'),
      '--artifact',
      join(FIXTURES, 'drifted.xml'),
      '--json',
    );
    expect(r.code).toBe(UAS_EXIT.invalid);
    const parsed = JSON.parse(r.stdout);
    expect(r.stdout).toBe(`${JSON.stringify(parsed)}\n`);
    expect(parsed.findings[0].checkId).toBe('VAL-VERBATIM');
  });

  it('100 000 findings are streamed in bounded chunks, waiting for the stream to drain (never one giant string)', async () => {
    const findings = Array.from({ length: 100_000 }, (_, i) => ({
      checkId: 'VAL-VERBATIM',
      unitId: `unit_${i}`,
      byteOffset: i,
      message: 'differs',
    }));
    const out = new Collect();
    await writeChunks(out, jsonOutput({ valid: false, findings }));
    expect(out.largest).toBeLessThan(100_000);
    expect(out.writes).toBe(100 + 2);
    expect(out.text).toBe(`${JSON.stringify({ valid: false, findings })}\n`);
    const none = new Collect();
    await writeChunks(none, jsonOutput({ valid: true, findings: [] }));
    expect(none.text).toBe('{"valid":true,"findings":[]}\n');
  });

  it('an internal error is exit 3 with one line saying it is a bug, not a usage error', async () => {
    vi.resetModules();
    vi.doMock('../../../src/reference/uas/verify-file.js', () => ({
      UnreadableFileError: class extends Error {},
      verifyUasOpen: () => Promise.reject(new TypeError('a bug\nwith a second line')),
    }));
    try {
      const { uasVerifyMain: fresh } = await import('../../../src/cli/uas-verify.js');
      const out = new Collect();
      const err = new Collect();
      expect(
        await fresh(
          ['--source', join(FIXTURES, 'raw_input.txt'), '--artifact', join(FIXTURES, 'compiled.xml')],
          out,
          err,
        ),
      ).toBe(3);
      expect(err.text).toBe(
        'uas-verify: internal error: this is a bug in uaix-conformance, please report it with the command you ran: TypeError: a bug\n',
      );
    } finally {
      vi.doUnmock('../../../src/reference/uas/verify-file.js');
      vi.resetModules();
    }
  });
});
