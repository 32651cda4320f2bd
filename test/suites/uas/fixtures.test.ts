import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeCase } from '../../../src/model/fixtures.js';
import { check, NOW, spec, written } from '../../helpers/fixtures.js';

describe('UAS fixtures', () => {
  it('decoding a malformed one says what is wrong', () => {
    const f = written('VAL-MISMATCH-COORDINATES');
    const codec = check('VAL-MISMATCH-COORDINATES').fixture!;
    expect(() => codec.decode({ ...f, input: { ...f.input, source: 'text' } }, { spec })).toThrow(
      'input.source must be a file',
    );
    expect(() =>
      codec.decode({ ...f, expected: { valid: false, finding: { checkId: 'VAL-VERBATIM' } } }, { spec }),
    ).toThrow('expected.finding needs unitId and byteOffset');
    expect(() => codec.decode({ ...f, input: { ...f.input, artifact: new Uint8Array([0xff]) } }, { spec })).toThrow(
      'input.artifact is not UTF-8 text',
    );
    const root = written('VAL-ROOT-HASH');
    expect(() =>
      check('VAL-ROOT-HASH').fixture!.decode(
        { ...root, expected: { valid: false, findings: [{ checkId: 'VAL-VERBATIM' }] } },
        { spec },
      ),
    ).toThrow('expected.findings must hold a VAL-ROOT-HASH finding');
  });
});

describe('UAS artifacts whose text a file must not change', () => {
  const valid = check('VAL-VALID-ACCEPTED');
  const base = fc.sample(valid.arbitrary(spec), { seed: 5, numRuns: 1 })[0];

  it('a leading byte order mark is kept', () => {
    const c = { ...base, artifact: `\uFEFF${base.artifact}` };
    const enc = encodeCase(valid, valid.fixture!.encode(c, { now: NOW, spec }), {})!;
    const artifact = [...enc.files].find(([k]) => k.endsWith('.artifact.xml'))![1];
    const source = [...enc.files].find(([k]) => k.endsWith('.source.txt'))![1];
    expect(
      valid.fixture!.decode(
        { input: { ...(enc.record.input as object), source, artifact }, expected: enc.record.expected },
        { spec },
      ),
    ).toEqual(c);
  });

  it('a lone surrogate, which UTF-8 cannot hold, stays a JSON string and comes back exactly', () => {
    const c = { ...base, artifact: `${base.artifact}\uD83D` };
    const enc = encodeCase(valid, valid.fixture!.encode(c, { now: NOW, spec }), {})!;
    const record = JSON.parse(JSON.stringify(enc.record));
    expect(record.input.artifact).toBe(c.artifact);
    const source = [...enc.files].find(([k]) => k.endsWith('.source.txt'))![1];
    expect(valid.fixture!.decode({ input: { ...record.input, source }, expected: record.expected }, { spec })).toEqual(
      c,
    );
  });
});
