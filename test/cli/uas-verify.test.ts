import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uasCaseBreaking, uasValidCase, type UasCase } from '../../generators/uas/cases.js';
import { sha256Hex } from '../../generators/uas/model.js';
import { bundledSpec } from '../../src/spec/index.js';
import { ensureBuilt } from '../helpers/built.js';

const root = join(import.meta.dirname, '..', '..');
const bin = join(root, 'bin', 'uas-verify.js');
let dir: string;

function write(c: UasCase, name: string): { source: string; artifact: string } {
  const source = join(dir, `${name}.txt`);
  const artifact = join(dir, `${name}.xml`);
  writeFileSync(source, c.source);
  writeFileSync(artifact, c.artifact);
  return { source, artifact };
}

const spec = bundledSpec().uas;
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: root });

/** One command of the README's `uas-verify` transcript: its arguments, its exit code and its output. */
interface Shown {
  args: string[];
  status: number;
  output: string;
}

/**
 * The console block of the README's section on `uas-verify`: entries separated by blank lines, each
 * a `$ npx uas-verify ...` line (with `# exit N` when it does not exit 0) and what it printed.
 */
function readmeTranscript(): Shown[] {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## UAS hash-lock verification (`uas-verify`)'));
  const block = /```console\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .trim()
    .split(/\n\n/)
    .map((entry) => {
      const [command, ...output] = entry.split('\n');
      const m = /^\$ npx uas-verify (.*?)(?:\s+# exit (\d))?$/.exec(command!)!;
      return { args: m[1]!.split(' '), status: Number(m[2] ?? 0), output: output.join('\n') };
    });
}

beforeAll(() => {
  // Never rebuild unconditionally: other test files run the built CLI at the same time.
  ensureBuilt();
  dir = mkdtempSync(join(tmpdir(), 'uas-verify-'));
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('uas-verify', () => {
  it('exits 0 on a valid artifact', () => {
    const [c] = fc.sample(uasValidCase(spec), { seed: 1, numRuns: 1 });
    const f = write(c!, 'valid');
    const r = run('--source', f.source, '--artifact', f.artifact);
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it('exits 1 with check id, unit id and byte offset; --json for machines', () => {
    const [c] = fc.sample(uasCaseBreaking('VAL-VERBATIM', spec), { seed: 2, numRuns: 1 });
    const f = write(c!, 'drift');
    const want = c!.expected[0]!;
    const text = run('--source', f.source, '--artifact', f.artifact);
    expect(text.status).toBe(1);
    expect(text.stdout).toContain(`VAL-VERBATIM unit=${want.unitId} byte=${want.byteOffset}:`);
    const json = run('--source', f.source, '--artifact', f.artifact, '--json');
    expect(json.status).toBe(1);
    expect(JSON.parse(json.stdout).findings).toContainEqual(
      expect.objectContaining({ checkId: 'VAL-VERBATIM', unitId: want.unitId, byteOffset: want.byteOffset }),
    );
  });

  it('exits 2 with one line on stderr for usage errors and unreadable files', () => {
    for (const args of [
      ['--source', join(dir, 'nope.txt'), '--artifact', join(dir, 'nope.xml')],
      ['--artifact', 'x.xml'],
      ['--source', 'a', '--artifact', 'b', '--frobnicate'],
      ['--source', dir, '--artifact', dir],
    ]) {
      const r = run(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr.startsWith('uas-verify: '), r.stderr).toBe(true);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stdout).toBe('');
    }
  });

  it("runs the README's transcript on the example pair of fixtures/uas as the README shows it", () => {
    const shown = readmeTranscript();
    expect(shown.length).toBeGreaterThanOrEqual(4);
    for (const { args, status, output } of shown) {
      const r = run(...args);
      expect({ args, status: r.status, output: `${r.stdout}${r.stderr}`.trimEnd() }).toEqual({ args, status, output });
    }
  });

  it('hashes a source above the parallel threshold on a worker and still finds a tampered root', () => {
    const size = 17 << 20;
    const bytes = Buffer.alloc(size, 'abcdefgh\n');
    const mid = 9 << 20;
    const span = (a: number, b: number, id: string, n: number) =>
      `<semantic_unit id="${id}" source_order="${n}" surface_form="paragraph" source_span="bytes:${a}-${b}" span_sha256="${sha256Hex(bytes.subarray(a, b))}" base_role="OBSERVATION" preservation_mode="SPAN_ONLY" weight="0.50" weight_modifiers=""/>`;
    const doc = (rootHex: string) =>
      `<UAS_Document><source_manifest byte_length="${size}" root_sha256="${rootHex}"/><concept_registry/><semantic_units>${span(0, mid, 'u1', 1)}${span(mid, size, 'u2', 2)}</semantic_units><cognitive_map/><ambiguity_register/><validation_report/></UAS_Document>`;
    writeFileSync(join(dir, 'big.txt'), bytes);
    writeFileSync(join(dir, 'big.xml'), doc(sha256Hex(bytes)));
    writeFileSync(join(dir, 'big-bad.xml'), doc('0'.repeat(64)));
    expect(run('--source', join(dir, 'big.txt'), '--artifact', join(dir, 'big.xml')).status).toBe(0);
    const bad = run('--source', join(dir, 'big.txt'), '--artifact', join(dir, 'big-bad.xml'), '--json');
    expect(bad.status).toBe(1);
    expect(JSON.parse(bad.stdout).findings.map((f: { checkId: string }) => f.checkId)).toEqual(['VAL-ROOT-HASH']);
  });
});
