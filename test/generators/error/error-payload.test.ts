import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorPayload } from '../../../generators/error/error-payload.js';
import { referenceFor } from '../../../src/adapters/reference.js';
import { containsSecret } from '../../../src/reference/secrets.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';

const bundled = bundledSpec();
const spec = bundled.error;
const params = { seed: 2026, numRuns: 300 };

describe('valid error payloads', () => {
  it('are the same for the same seed', () => {
    expect(fc.sample(errorPayload(spec), { seed: 9, numRuns: 20 })).toEqual(fc.sample(errorPayload(spec), { seed: 9, numRuns: 20 }));
  });

  it('are accepted by the reference, with no finding', () => {
    const { validateError } = referenceFor(bundled);
    fc.assert(
      fc.property(errorPayload(spec), (p) => {
        expect(validateError!(p, { now: '2026-06-01T00:00:00Z' })).toEqual({ valid: true, findings: [] });
      }),
      params,
    );
  });

  it('carry no secret anywhere', () => {
    fc.assert(fc.property(errorPayload(spec), (p) => !containsSecret(p)), params);
  });

  it('never offer a retry path under configuration', () => {
    fc.assert(
      fc.property(errorPayload(spec, { origin: 'configuration' }), (p) =>
        (p.body.sub_errors ?? []).every((se) =>
          se.recovery_options.every((o) => !spec.retry.actions.includes(o.action) && Object.keys(o.executable_parameters ?? {}).every((k) => !spec.retry.parameters.includes(k))),
        ),
      ),
      params,
    );
  });

  it('reach multi-byte, astral and CRLF text in detail', () => {
    const details = fc.sample(errorPayload(spec), { seed: 5, numRuns: 500 }).map((p) => p.body.detail);
    expect(details.some((d) => /[^\u0000-\u007f]/.test(d))).toBe(true);
    expect(details.some((d) => /[\u{10000}-\u{10ffff}]/u.test(d))).toBe(true);
    expect(details.some((d) => d.includes('\r\n'))).toBe(true);
    expect(details.some((d) => /[<&"]/.test(d))).toBe(true);
  });

  it('move with the spec they are given, and the reference for that spec accepts them', () => {
    const registry = { codes: [...spec.registry.codes, 'rate_limited'] };
    const other = withOverrides(bundled, { error: { registry } });
    const drawn = fc.sample(errorPayload(other.error), { seed: 3, numRuns: 300 });
    expect(drawn.some((p) => p.body.code === 'rate_limited')).toBe(true);
    const { validateError } = referenceFor(other);
    for (const p of drawn) expect(validateError!(p, { now: '2026-06-01T00:00:00Z' }), p.body.code).toEqual({ valid: true, findings: [] });
  });
});
