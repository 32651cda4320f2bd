import { describe, expect, it } from 'vitest';
import { check, spec, written } from '../../helpers/fixtures.js';

describe('error fixtures', () => {
  it('decoding a malformed one says what is wrong', () => {
    const f = written('ERR-SCHEMA');
    const codec = check('ERR-SCHEMA').fixture!;
    expect(() => codec.decode({ ...f, input: { context: { now: '2026-06-01T00:00:00Z' } } }, { spec })).toThrow(
      'input.payload is missing',
    );
    expect(() => codec.decode({ ...f, expected: { valid: false } }, { spec })).toThrow(
      'expected.family must be a string',
    );
    expect(() =>
      check('ERR-SEED-SCENARIOS').fixture!.decode(
        { ...written('ERR-SEED-SCENARIOS'), input: { payload: {} } },
        { spec },
      ),
    ).toThrow('input.scenario must be a number');
  });

  it('null is a payload like any other (ERR-SCHEMA sends non-objects): it decodes', () => {
    expect(
      check('ERR-SCHEMA').fixture!.decode({ ...written('ERR-SCHEMA'), input: { payload: null } }, { spec }),
    ).toMatchObject({ payload: null });
  });
});
