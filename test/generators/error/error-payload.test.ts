import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { errorPayload } from '../../../generators/error/error-payload.js';
import { reviewUrl } from '../../../generators/error/recovery-option.js';
import { validErrorPayload } from '../../../generators/error/valid-payload.js';
import { isAbsoluteHttpsUrl } from '../../../src/reference/error/https-url.js';
import { declaredMembers } from '../../../src/spec/error.js';
import { referenceFor } from '../../../src/adapters/reference.js';
import { containsSecret } from '../../../src/reference/secrets.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';

const bundled = bundledSpec();
const spec = bundled.error;
const params = { seed: 2026, numRuns: 300 };

describe('valid error payloads', () => {
  it('are the same for the same seed', () => {
    expect(fc.sample(errorPayload(spec), { seed: 9, numRuns: 20 })).toEqual(
      fc.sample(errorPayload(spec), { seed: 9, numRuns: 20 }),
    );
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
    fc.assert(
      fc.property(errorPayload(spec), (p) => !containsSecret(p)),
      params,
    );
  });

  it('never offer a retry path under configuration', () => {
    fc.assert(
      fc.property(errorPayload(spec, { origin: 'configuration' }), (p) =>
        (p.body.sub_errors ?? []).every((se) =>
          se.recovery_options.every(
            (o) =>
              !spec.retry.actions.includes(o.action) &&
              Object.keys(o.executable_parameters ?? {}).every((k) => !spec.retry.parameters.includes(k)),
          ),
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
    for (const p of drawn)
      expect(validateError!(p, { now: '2026-06-01T00:00:00Z' }), p.body.code).toEqual({ valid: true, findings: [] });
  });

  it('under an open registry carry codes outside it too', () => {
    const open = withOverrides(bundled, { error: { registry: { codes: spec.registry.codes, closed: false } } }).error;
    const codes = new Set(fc.sample(errorPayload(open), { seed: 3, numRuns: 300 }).map((p) => p.body.code));
    expect([...codes].some((c) => !spec.registry.codes.includes(c))).toBe(true);
    expect(
      fc.sample(errorPayload(spec), { seed: 3, numRuns: 300 }).every((p) => spec.registry.codes.includes(p.body.code)),
    ).toBe(true);
  });

  it('draw only UUID message ids where the data makes uuid assert', () => {
    const uuids = withOverrides(bundled, { error: { formats: { asserted: ['uri', 'uuid'] } } }).error;
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(fc.sample(errorPayload(uuids), { seed: 4, numRuns: 100 }).every((p) => uuid.test(p.message_id))).toBe(true);
    expect(fc.sample(errorPayload(spec), { seed: 4, numRuns: 100 }).some((p) => !uuid.test(p.message_id))).toBe(true);
  });
});

describe('review URLs', () => {
  const sample = (s: typeof spec) => fc.sample(reviewUrl(s), { seed: 6, numRuns: 300 });

  it('are absolute https RFC 3986 URIs under the bundled data', () => {
    expect(sample(spec).every((u) => isAbsoluteHttpsUrl(u, false) && /^[\x21-\x7e]+$/.test(u))).toBe(true);
  });

  it('include raw-unicode IRIs where uri is an annotation, and other schemes where D-ERR-06 does not name the member', () => {
    expect(
      sample(withOverrides(bundled, { error: { formats: { asserted: [] } } }).error).some(
        (u) => isAbsoluteHttpsUrl(u, false) && /[^\x00-\x7f]/.test(u),
      ),
    ).toBe(true);
    expect(
      sample(withOverrides(bundled, { error: { urls: { ...spec.urls, optionMembers: [] } } }).error).some(
        (u) => !isAbsoluteHttpsUrl(u, false),
      ),
    ).toBe(true);
  });
});

describe('the payloads the acceptance check draws', () => {
  const members = (p: unknown, out: Set<string> = new Set(), where = 'payload'): Set<string> => {
    if (Array.isArray(p)) for (const x of p) members(x, out, where);
    else if (p && typeof p === 'object')
      for (const [k, v] of Object.entries(p))
        out.add(`${where}.${k}`), k !== 'executable_parameters' && members(v, out, k);
    return out;
  };

  it('carry members the schema does not declare, at every level, while members are open', () => {
    const declared = declaredMembers(spec);
    const known = new Set([
      ...declared.payload.map((m) => `payload.${m}`),
      ...declared.body.map((m) => `body.${m}`),
      ...declared.subError.map((m) => `sub_errors.${m}`),
      ...declared.option.map((m) => `recovery_options.${m}`),
    ]);
    const found = new Set(
      fc
        .sample(validErrorPayload(spec), { seed: 8, numRuns: 400 })
        .flatMap((p) =>
          [...members(p)].filter((m) => !known.has(m) && !m.startsWith('extensions.') && !m.startsWith('vendor.')),
        ),
    );
    for (const level of ['payload', 'body', 'sub_errors', 'recovery_options'])
      expect(
        [...found].some((m) => m.startsWith(`${level}.`)),
        level,
      ).toBe(true);
    const closed = withOverrides(bundled, { error: { openMembers: { additionalProperties: false } } }).error;
    expect(
      fc
        .sample(validErrorPayload(closed), { seed: 8, numRuns: 200 })
        .every((p) => [...members(p)].every((m) => known.has(m))),
    ).toBe(true);
  });

  it('leave out top-level members only where the data does not require them', () => {
    expect(
      fc
        .sample(validErrorPayload(spec), { seed: 9, numRuns: 200 })
        .every((p) => ['uai_version', 'profile', 'message_id', 'body'].every((m) => m in p)),
    ).toBe(true);
    const loose = withOverrides(bundled, { error: { envelope: { required: [] } } }).error;
    const drawn = fc.sample(validErrorPayload(loose), { seed: 9, numRuns: 200 });
    for (const m of ['uai_version', 'profile', 'message_id', 'body'])
      expect(
        drawn.some((p) => !(m in p)),
        m,
      ).toBe(true);
  });
});
