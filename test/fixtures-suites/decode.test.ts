import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CheckDefinition } from '../../src/engine/check.js';
import { encodeCase, FixtureBytes } from '../../src/model/fixtures.js';
import { allChecks } from '../../suites/index.js';

const NOW = '2026-06-01T00:00:00Z';
const check = (id: string): CheckDefinition => allChecks.find((c) => c.id === id)!;
/** A fixture case as written, with `$file`s read back as bytes. */
function written(id: string, seed = 5): { input: any; expected: any; description?: string } {
  const c = check(id);
  const f = c.fixture!.encode(fc.sample(c.arbitrary(), { seed, numRuns: 1 })[0], { now: NOW });
  return JSON.parse(JSON.stringify(f, (_k, v) => (v instanceof FixtureBytes ? { $bytes: [...v.bytes] } : v)), (_k, v) => (v && Array.isArray(v.$bytes) ? new Uint8Array(v.$bytes) : v));
}

describe('decoding a malformed fixture says what is wrong', () => {
  it('error suite', () => {
    const f = written('ERR-SCHEMA');
    expect(() => check('ERR-SCHEMA').fixture!.decode({ ...f, input: { context: { now: NOW } } })).toThrow('input.payload is missing');
    expect(() => check('ERR-SCHEMA').fixture!.decode({ ...f, expected: { valid: false } })).toThrow('expected.family must be a string');
    // null is a payload like any other (ERR-SCHEMA sends non-objects): it decodes.
    expect(check('ERR-SCHEMA').fixture!.decode({ ...f, input: { payload: null } })).toMatchObject({ payload: null });
    expect(() => check('ERR-SEED-SCENARIOS').fixture!.decode({ ...written('ERR-SEED-SCENARIOS'), input: { payload: {} } })).toThrow('input.scenario must be a number');
  });

  it('UAS suite', () => {
    const f = written('VAL-MISMATCH-COORDINATES');
    const codec = check('VAL-MISMATCH-COORDINATES').fixture!;
    expect(() => codec.decode({ ...f, input: { ...f.input, source: 'text' } })).toThrow('input.source must be a file');
    expect(() => codec.decode({ ...f, expected: { valid: false, finding: { checkId: 'VAL-VERBATIM' } } })).toThrow('expected.finding needs unitId and byteOffset');
    expect(() => codec.decode({ ...f, input: { ...f.input, artifact: new Uint8Array([0xff]) } })).toThrow('input.artifact is not UTF-8 text');
    const root = written('VAL-ROOT-HASH');
    expect(() => check('VAL-ROOT-HASH').fixture!.decode({ ...root, expected: { valid: false, findings: [{ checkId: 'VAL-VERBATIM' }] } })).toThrow('expected.findings must hold a VAL-ROOT-HASH finding');
  });

  it('recovery suite', () => {
    const f = written('REC-EXACTLY-ONCE');
    const codec = check('REC-EXACTLY-ONCE').fixture!;
    expect(() => codec.decode({ ...f, input: { ...f.input, level: 'L9' } })).toThrow('input.level must be one of L0, L1, L2, L3, L4, L5, L6, L7, got "L9"');
    const task = { kind: 'write', deps: [], faults: [{ kind: 'outage', durationMs: 1000 }], item: 'memory/a.md', content: 'x' };
    expect(() => codec.decode({ ...f, input: { ...f.input, tasks: [task] } })).toThrow('input.tasks[0].faults[0].maxRetries must be a number');
    const { grant: _grant, ...noGrant } = f.input;
    expect(() => codec.decode({ ...f, input: noGrant })).toThrow('input.grant must be a JSON object');
  });
});

describe('UAS artifacts whose text a file must not change', () => {
  const valid = check('VAL-VALID-ACCEPTED');
  const base = fc.sample(valid.arbitrary(), { seed: 5, numRuns: 1 })[0];

  it('a leading byte order mark is kept', () => {
    const c = { ...base, artifact: `\uFEFF${base.artifact}` };
    const enc = encodeCase(valid, valid.fixture!.encode(c, { now: NOW }), {})!;
    const artifact = [...enc.files].find(([k]) => k.endsWith('.artifact.xml'))![1];
    const source = [...enc.files].find(([k]) => k.endsWith('.source.txt'))![1];
    expect(valid.fixture!.decode({ input: { ...enc.record.input as object, source, artifact }, expected: enc.record.expected })).toEqual(c);
  });

  it('a lone surrogate, which UTF-8 cannot hold, stays a JSON string and comes back exactly', () => {
    const c = { ...base, artifact: `${base.artifact}\uD83D` };
    const enc = encodeCase(valid, valid.fixture!.encode(c, { now: NOW }), {})!;
    const record = JSON.parse(JSON.stringify(enc.record));
    expect(record.input.artifact).toBe(c.artifact);
    const source = [...enc.files].find(([k]) => k.endsWith('.source.txt'))![1];
    expect(valid.fixture!.decode({ input: { ...record.input, source }, expected: record.expected })).toEqual(c);
  });
});
