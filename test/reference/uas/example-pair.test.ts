import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyUasFile } from '../../../src/reference/uas/verify-file.js';
import { verifyUas } from '../../../src/reference/uas/verify.js';
import { bundledSpec } from '../../../src/spec/index.js';

const root = join(import.meta.dirname, '..', '..', '..');
const at = (f: string) => join(root, 'fixtures', 'uas', f);
const spec = bundledSpec().uas;
const source = readFileSync(at('raw_input.txt'));
const artifact = (f: string) => readFileSync(at(f), 'utf8');

/** The example pair of fixtures/uas, which the README and docs/uas-format.md show. */
describe('the example pair of fixtures/uas', () => {
  it('compiled.xml is hash-locked to raw_input.txt, in memory and read from files', async () => {
    expect(verifyUas(source, artifact('compiled.xml'), spec)).toEqual({ valid: true, findings: [] });
    expect(await verifyUasFile(at('raw_input.txt'), at('compiled.xml'), spec)).toEqual({ valid: true, findings: [] });
  });

  it('drifted.xml breaks one rule, at the coordinates the README gives', () => {
    const v = verifyUas(source, artifact('drifted.xml'), spec);
    expect(v.findings.map(({ checkId, unitId, byteOffset }) => ({ checkId, unitId, byteOffset }))).toEqual([
      { checkId: 'VAL-VERBATIM', unitId: 'unit_3', byteOffset: 149 },
    ]);
  });

  it('docs/uas-format.md shows the pair as it is', () => {
    const doc = readFileSync(join(root, 'docs', 'uas-format.md'), 'utf8');
    expect(doc).toContain(artifact('compiled.xml').trimEnd());
    expect(doc).toContain(JSON.stringify(source.toString('utf8')));
  });
});
