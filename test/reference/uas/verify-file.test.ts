import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uasCaseBreaking, uasValidCase } from '../../../generators/uas/cases.js';
import { UnreadableFileError, verifyUasFile } from '../../../src/reference/uas/verify-file.js';
import { verifyUas } from '../../../src/reference/uas/verify.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';

const spec = bundledSpec().uas;
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uas-verify-file-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, source: Uint8Array, artifact: string): [string, string] {
  writeFileSync(join(dir, `${name}.txt`), source);
  writeFileSync(join(dir, `${name}.xml`), artifact);
  return [join(dir, `${name}.txt`), join(dir, `${name}.xml`)];
}

describe('verifyUasFile (sources read by position)', () => {
  it('gives the verdict of verifyUas on generated cases, whatever the read size', async () => {
    const cases = [
      ...fc.sample(uasValidCase(spec), { seed: 5, numRuns: 15 }),
      ...fc.sample(uasCaseBreaking('VAL-VERBATIM', spec), { seed: 5, numRuns: 15 }),
      ...fc.sample(uasCaseBreaking('VAL-SPAN-HASH', spec), { seed: 5, numRuns: 10 }),
    ];
    for (const [i, c] of cases.entries()) {
      const [source, artifact] = write(`same-${i}`, c.source, c.artifact);
      expect(await verifyUasFile(source, artifact, spec, { chunkSize: 7 })).toEqual(
        verifyUas(c.source, c.artifact, spec),
      );
    }
  });

  it('judges by the spec it is given', async () => {
    const [c] = fc.sample(uasValidCase(spec), { seed: 8, numRuns: 1 });
    const [source, artifact] = write('other-spec', c!.source, c!.artifact);
    const order = bundledSpec().uas.childOrder;
    const renamed = withOverrides(bundledSpec(), {
      uas: { childOrder: [order[0]!, order[1]!, order[3]!, order[2]!, ...order.slice(4)] },
    }).uas;
    expect((await verifyUasFile(source, artifact, spec)).valid).toBe(true);
    const v = await verifyUasFile(source, artifact, renamed);
    expect(v).toEqual(verifyUas(c!.source, c!.artifact, renamed));
    expect(v.findings.map((f) => f.checkId)).toEqual(['VAL-ELEMENT-ORDER']);
  });

  it('refuses a source or an artifact it cannot read', async () => {
    await expect(verifyUasFile(join(dir, 'missing.txt'), join(dir, 'missing.xml'), spec)).rejects.toThrow(
      UnreadableFileError,
    );
    const [, artifact] = write('dir-source', new Uint8Array(0), '<UAS_Document/>');
    await expect(verifyUasFile(dir, artifact, spec)).rejects.toThrow(/is not a regular file/);
  });
});
