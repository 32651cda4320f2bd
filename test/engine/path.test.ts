import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactPath, expandPath } from '../../src/engine/path.js';

describe('replay paths', () => {
  it('compact and expand are inverses on fast-check paths', () => {
    const path = fc
      .array(fc.oneof(fc.constant(0), fc.nat(30)), { minLength: 1, maxLength: 300 })
      .map((steps) => steps.join(':'));
    fc.assert(
      fc.property(path, (p) => {
        expect(expandPath(compactPath(p))).toBe(p);
      }),
    );
  });
  it('writes long runs of one step as step*count', () => {
    expect(compactPath(['3', ...Array(143).fill('0'), '1'].join(':'))).toBe('3:0*143:1');
    expect(compactPath('1:0:0:2')).toBe('1:0:0:2');
    expect(expandPath('12:0*3:4')).toBe('12:0:0:0:4');
  });
  it.each(['', 'a', '1::2', '1*', '1*0', '0*2000000'])('refuses %j', (p) => {
    expect(() => expandPath(p)).toThrow(/not a replay path/);
  });
});
