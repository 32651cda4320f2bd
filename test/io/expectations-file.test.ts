import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readExpectations, readExpectationsOrEmpty } from '../../src/io/expectations-file.js';
import { EXPECTATIONS_FORMAT } from '../../src/model/gate.js';

describe('an expectations file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-exp-'));
  const file = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('is read when it matches schemas/expectations.schema.json', () => {
    const entries = [
      { check: 'ENV-*', outcome: 'fail', reason: 'r', issue: 'https://example.org/1', expires: '2030-01-01' },
    ];
    expect(
      readExpectations(file('ok.json', JSON.stringify({ format: EXPECTATIONS_FORMAT, expectations: entries }))),
    ).toEqual({ format: EXPECTATIONS_FORMAT, expectations: entries });
  });

  it('is refused in one line naming the field when it does not', () => {
    const typo = file(
      'typo.json',
      JSON.stringify({
        format: EXPECTATIONS_FORMAT,
        expectations: [{ check: 'ENV-X', outcome: 'fail', reason: 'x', expiry: '2030-01-01' }],
      }),
    );
    expect(() => readExpectations(typo, 'typo.json')).toThrow(
      'expectations file typo.json is invalid: /expectations/0: unknown field "expiry"',
    );
    expect(() => readExpectations(join(dir, 'nowhere.json'), 'nowhere.json')).toThrow(
      'expectations file nowhere.json: no such file',
    );
  });

  it('that does not exist yet reads as empty where it may be created', () => {
    expect(readExpectationsOrEmpty(join(dir, 'new.json'))).toEqual({ format: EXPECTATIONS_FORMAT, expectations: [] });
  });
});
