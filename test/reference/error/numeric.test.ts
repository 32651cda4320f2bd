import { describe, expect, it } from 'vitest';
import { numericAligned } from '../../../src/reference/error/numeric.js';
import { bundledSpec } from '../../../src/spec/index.js';

const spec = bundledSpec().error;

describe('numericAligned (D-ERR-09)', () => {
  it('reads numeric_status as a transport code under any registry code (scenarios 2 and 5)', () => {
    expect(numericAligned('task_not_found', 503, spec)).toBe(true);
    expect(numericAligned('invalid_message', 504, spec)).toBe(true);
    expect(numericAligned('auth_required', 429, spec)).toBe(true);
  });

  it('does not compare system codes outside the HTTP range', () => {
    expect(numericAligned('auth_required', 104, spec)).toBe(true); // a system errno, not HTTP
  });

  it('rejects an HTTP status of another kind, or a success status', () => {
    expect(numericAligned('auth_required', 404, spec)).toBe(false);
    expect(numericAligned('task_not_found', 200, spec)).toBe(false);
  });

  it('leaves a code outside the registry to the registry rule', () => {
    expect(numericAligned('not_a_code', 200, spec)).toBe(true);
  });
});
