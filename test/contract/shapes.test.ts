import { describe, expect, it } from 'vitest';
import { MEMBER_ANSWER, shapeProblem } from '../../src/contract/shapes.js';

describe('the answer shapes', () => {
  it('are the protocol schemas: one shape for in-process and out-of-process answers', () => {
    expect(MEMBER_ANSWER).toEqual({
      validateEnvelope: 'verdict',
      validateError: 'verdict',
      computeChecksum: 'checksum',
      verifyUas: 'uas-verdict',
    });
    expect(
      shapeProblem('verdict', { valid: false, findings: [{ checkId: 'ENV-X', path: '/a', code: 'c', message: 'm' }] }),
    ).toBeNull();
    expect(
      shapeProblem('uas-verdict', {
        valid: false,
        findings: [
          { checkId: 'VAL-X', unitId: 'u1', byteOffset: 0, message: 'm', intercept: '<compilation_error_intercept/>' },
        ],
      }),
    ).toBeNull();
    expect(shapeProblem('uas-verdict', { valid: false, findings: [{ unitId: 'u1' }] })).toBe(
      "uas-verdict: /findings/0 must have required property 'checkId'",
    );
    expect(shapeProblem('adapter-info', { name: 'x', version: '1', capabilityLevel: 'L9' })).toMatch(
      /^adapter-info: \/capabilityLevel must be equal to one of the allowed values/,
    );
  });

  it('hold the describe answer of an adapter process to the adapter info too', () => {
    expect(shapeProblem('describe', { name: 'x', version: '1', protocol: 'uaix-adapter/1', methods: [] })).toBeNull();
    expect(shapeProblem('describe', { name: '', version: '1', protocol: 'uaix-adapter/1', methods: [] })).toMatch(
      /\/name must NOT have fewer than 1 characters/,
    );
  });
});
