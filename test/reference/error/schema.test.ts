import { describe, expect, it } from 'vitest';
import { compiled } from '../../../src/reference/error/schema.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';

describe('the compiled error validators', () => {
  it('are compiled once per spec object, and again for another spec', () => {
    const spec = bundledSpec().error;
    expect(compiled(spec)).toBe(compiled(spec));
    const other = withOverrides(bundledSpec(), { error: { registry: { codes: ['x'] } } }).error;
    expect(compiled(other)).not.toBe(compiled(spec));
    expect(compiled(other)).toBe(compiled(other));
  });

  it('hold one parameter validator per action of the spec', () => {
    const spec = bundledSpec().error;
    expect([...compiled(spec).params.keys()].sort()).toEqual(Object.keys(spec.executableParameters.actions).sort());
  });
});
