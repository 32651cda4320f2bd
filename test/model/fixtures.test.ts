import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixtureDir, resolveFiles, writeFixtures } from '../../src/io/fixture-files.js';
import { encodeCase, fixtureBytes } from '../../src/model/fixtures.js';

const check = { id: 'UAS-SYNTH-BYTES', title: 'bytes as files', specRef: '003 §synthetic' };
const bytes = { source: new TextEncoder().encode('héllo\r\n'), artifact: '<a/>' };
const encodeBytes = (c: typeof bytes) => ({
  input: { source: fixtureBytes(c.source, 'source.txt'), artifact: fixtureBytes(c.artifact, 'artifact.xml') },
  expected: { valid: true },
});

describe('encodeCase', () => {
  it('turns bytes into a source file plus an artifact file, named by a content hash of the case', () => {
    const enc = encodeCase(check, encodeBytes(bytes), { source: 'corpus' })!;
    expect(enc.record.id).toMatch(/^c-[0-9a-f]{12}$/);
    expect(enc.record.input).toEqual({
      source: { $file: `UAS-SYNTH-BYTES/${enc.record.id}.source.txt` },
      artifact: { $file: `UAS-SYNTH-BYTES/${enc.record.id}.artifact.xml` },
    });
    expect(encodeCase(check, encodeBytes(bytes), {})!.record.id).toBe(enc.record.id);
    expect(encodeCase(check, encodeBytes({ ...bytes, artifact: '<b/>' }), {})!.record.id).not.toBe(enc.record.id);
  });

  it('leaves out a case JSON cannot carry exactly, and writes -0 as 0', () => {
    expect(encodeCase(check, { input: { n: NaN }, expected: true }, {})).toBeUndefined();
    expect(encodeCase(check, { input: { n: 1 }, expected: undefined }, {})).toBeUndefined();
    expect(encodeCase(check, { input: { n: -0 }, expected: true }, {})!.record.input).toEqual({ n: 0 });
  });

  it('keeps a __proto__ member of a free-form object as an own member', () => {
    const input = JSON.parse('{"__proto__": {"x": 1}, "a": 2}');
    const enc = encodeCase(check, { input, expected: true }, {})!;
    expect(Object.keys(enc.record.input as object)).toEqual(['__proto__', 'a']);
  });

  it('refuses a file name that is not a plain lower-case name', () => {
    expect(() => fixtureBytes('x', '../up.txt')).toThrow(/plain lower-case file name/);
  });
});

describe('fixture files', () => {
  it('bring the bytes back byte for byte, and keep $file references inside the folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'uaix-fx-'));
    const enc = encodeCase(check, encodeBytes(bytes), { source: 'corpus' })!;
    const w = writeFixtures(dir, new Map([[check, [enc]]]));
    expect(w).toMatchObject({ added: 1, alreadyPresent: 0 });
    const [{ set }] = readFixtureDir(dir);
    const input = resolveFiles(set!.cases[0]!.input, dir, 'case') as { source: Uint8Array; artifact: Uint8Array };
    expect(input.source).toEqual(bytes.source);
    expect(new TextDecoder().decode(input.artifact)).toBe(bytes.artifact);
    expect(() => resolveFiles({ $file: '../outside.txt' }, dir, 'case')).toThrow(
      /relative path inside the fixture folder/,
    );
    expect(() => resolveFiles({ $file: 'UAS-SYNTH-BYTES/missing.txt' }, dir, 'case')).toThrow(/does not exist/);
  });

  it('add cases, never rewriting one that is there', () => {
    const dir = mkdtempSync(join(tmpdir(), 'uaix-fx-'));
    const a = encodeCase(check, encodeBytes(bytes), {})!;
    const b = encodeCase(check, encodeBytes({ ...bytes, artifact: '<b/>' }), {})!;
    writeFixtures(dir, new Map([[check, [a]]]));
    expect(writeFixtures(dir, new Map([[check, [a, b]]]))).toMatchObject({ added: 1, alreadyPresent: 1 });
    expect(readFixtureDir(dir)[0]!.set.cases.map((c) => c.id)).toEqual([a.record.id, b.record.id]);
  });
});
