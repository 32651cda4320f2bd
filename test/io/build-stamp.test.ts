import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_STAMP_FILE, codeDigest, readBuildStamp } from '../../src/io/build-stamp.js';
import { packageRoot, TOOL } from '../../src/io/package.js';

/** A package folder with a little code in each stamped place. */
function tree(): string {
  const root = mkdtempSync(join(tmpdir(), 'uaix-stamp-'));
  for (const [file, text] of [
    ['suites/a/check.ts', 'export const a = 1;\n'],
    ['generators/g.ts', 'export const g = 1;\n'],
    ['src/engine/e.ts', 'export const e = 1;\n'],
    ['spec/envelope.json', '{}\n'],
    ['src/cli/main.ts', 'export const cli = 1;\n'],
  ] as const) {
    mkdirSync(join(root, file, '..'), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

describe('the build stamp', () => {
  it('digests the code that makes and judges the cases, and nothing else', () => {
    const root = tree();
    const before = codeDigest(root);
    expect(codeDigest(root)).toBe(before);
    writeFileSync(join(root, 'src/cli/main.ts'), 'export const cli = 2;\n');
    expect(codeDigest(root)).toBe(before);
    writeFileSync(join(root, 'suites/a/check.ts'), 'export const a = 2;\n');
    expect(codeDigest(root)).not.toBe(before);
  });

  it('digests behaviour, not text: comments, types and layout leave it unchanged', () => {
    const root = tree();
    writeFileSync(join(root, 'suites/a/check.ts'), 'export function f(x) { return x + 1; }\n');
    writeFileSync(join(root, 'spec/envelope.json'), '{"b":[1,2],"a":"x"}\n');
    const before = codeDigest(root);
    const same = [
      [
        'suites/a/check.ts',
        '/** Adds one. */\nexport function f(x: number): number {\n  // why: counting from one\n  return x + 1;\n}\n',
      ],
      ['suites/a/check.ts', 'export function f(\n  x,\n) {\n  return (\n    x + 1\n  );\n}\n'],
      ['spec/envelope.json', '{\n  "a": "x",\n  "b": [\n    1,\n    2\n  ]\n}\n'],
    ] as const;
    for (const [file, text] of same) {
      writeFileSync(join(root, file), text);
      expect(codeDigest(root), text).toBe(before);
    }
    const changed = [
      ['suites/a/check.ts', 'export function f(x) { return x + 2; }\n'],
      ['suites/a/check.ts', "export function f(x) { return x + '1'; }\n"],
      ['spec/envelope.json', '{"b":[2,1],"a":"x"}\n'],
    ] as const;
    for (const [file, text] of changed) {
      writeFileSync(join(root, file), text);
      expect(codeDigest(root), text).not.toBe(before);
    }
  });

  it('is read from the build when there is one, so the built and the source forms agree', () => {
    const root = tree();
    const fromSources = readBuildStamp(root);
    expect(fromSources).toEqual({ version: TOOL.version, code: codeDigest(root) });
    mkdirSync(join(root, 'dist'), { recursive: true });
    writeFileSync(join(root, BUILD_STAMP_FILE), JSON.stringify({ version: '9.9.9', code: 'sha256:built' }));
    expect(readBuildStamp(root)).toEqual({ version: '9.9.9', code: 'sha256:built' });
  });

  it('of this checkout equals a fresh digest of its sources (the build is not stale)', () => {
    const file = join(packageRoot, BUILD_STAMP_FILE);
    if (!existsSync(file)) return; // sources only: the stamp is computed, nothing can be stale
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: TOOL.version, code: codeDigest(packageRoot) });
  });
});
