import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec, readSpecOverrides } from '../../src/io/spec-files.js';
import { bundledSpec } from '../../src/spec/index.js';

const folder = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-spec-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
};

describe('a spec folder', () => {
  it('overrides the files it holds, and only the keys each holds', () => {
    const spec = loadSpec(
      folder({
        'recovery.json': '{"backoff": {"initialDelayMs": 7, "exponentialFactor": 2}}',
        'notes.json': '{"ignored": true}',
        'README.md': '# mine',
      }),
    );
    expect(spec.recovery.backoff).toEqual({ initialDelayMs: 7, exponentialFactor: 2 });
    expect(spec.recovery.recoveringLevels).toEqual(bundledSpec().recovery.recoveringLevels);
    expect(spec.error).toBe(bundledSpec().error);
  });

  it('reads only the four spec files: anything else there, secrets.json included, is left alone', () => {
    expect(
      readSpecOverrides(
        folder({
          'secrets.json': '{"families": []}',
          'error.json': '{"registry": {"codes": ["invalid_message"], "closed": true}}',
        }),
      ),
    ).toEqual({ error: { registry: { codes: ['invalid_message'], closed: true } } });
  });

  it('without one, the bundled spec is the spec', () => {
    expect(loadSpec()).toBe(bundledSpec());
  });

  it('refuses, in one line naming the file, what is not a folder of JSON objects', () => {
    expect(() => readSpecOverrides(folder({ 'uas.json': '{"rootElement": ' }), 'mine')).toThrow(
      /^spec file mine\/uas\.json is not valid JSON: /,
    );
    expect(() => readSpecOverrides(folder({ 'uas.json': '[1, 2]' }), 'mine')).toThrow(
      'spec file mine/uas.json must hold a JSON object (the keys of spec/uas.json it replaces)',
    );
    const dir = folder({});
    mkdirSync(join(dir, 'x'));
    expect(() => readSpecOverrides(join(dir, 'nope'), 'nope')).toThrow('the spec folder nope is not a folder');
  });
});
