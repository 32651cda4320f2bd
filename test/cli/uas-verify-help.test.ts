import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UAS_VERIFY_HELP } from '../../src/cli/uas-verify.js';
import { verify } from '../helpers/uas-verify.js';
import { TOOL } from '../../src/io/package.js';

describe('uas-verify explains itself', () => {
  it('--help and -h print the usage, every option, the exit codes and an example, and exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const r = await verify(flag);
      expect(r).toEqual({ code: 0, stdout: `${UAS_VERIFY_HELP}\n`, stderr: '' });
    }
    expect(UAS_VERIFY_HELP.split('\n')[0]).toBe(
      'usage: uas-verify --source <raw_input.txt> --artifact <compiled.xml> [--json]',
    );
    for (const option of ['--source <file>', '--artifact <file>', '--json', '-h, --help', '--version'])
      expect(UAS_VERIFY_HELP).toContain(`  ${option}`);
    expect(UAS_VERIFY_HELP).toMatch(/Exit codes: 0 .*; 1 .*\n2 .*; 3 /);
  });

  it('the example of the help runs as written and exits 0 on the shipped pair', async () => {
    const example = UAS_VERIFY_HELP.split('\n').at(-1)!.trim().split(/\s+/);
    expect(example[0]).toBe('uas-verify');
    const r = await verify(...example.slice(1));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ valid: true, findings: [] });
  });

  it('--version prints the package version alone', async () => {
    expect(await verify('--version')).toEqual({ code: 0, stdout: `${TOOL.version}\n`, stderr: '' });
  });

  it('says "1 finding" for one and "N findings" for more', async () => {
    const one = await verify('--source', 'fixtures/uas/raw_input.txt', '--artifact', 'fixtures/uas/drifted.xml');
    expect(one.code).toBe(1);
    expect(one.stdout.split('\n')[0]).toBe('invalid: 1 finding');
    const dir = mkdtempSync(join(tmpdir(), 'uas-verify-help-'));
    try {
      // Every byte of the source changed: every span's hash differs, and the root hash.
      const source = join(dir, 'other.txt');
      writeFileSync(source, readFileSync('fixtures/uas/raw_input.txt', 'utf8').replace(/[a-z]/g, 'x'));
      const many = await verify('--source', source, '--artifact', 'fixtures/uas/compiled.xml');
      const findings = many.stdout.trimEnd().split('\n').slice(1);
      expect(findings.length).toBeGreaterThan(1);
      expect(many.stdout.split('\n')[0]).toBe(`invalid: ${findings.length} findings`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
