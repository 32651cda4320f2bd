import { describe, expect, it } from 'vitest';
import { catalogStamp, specDigest, type BuildStamp } from '../../src/engine/stamp.js';
import { bundledSpec, withOverrides } from '../../src/spec/index.js';
import { acceptsAll } from '../helpers/synthetic.js';

const build: BuildStamp = { version: '1.0.0', code: 'sha256:code' };
const stamp = (over: Partial<Parameters<typeof catalogStamp>[0]> = {}) =>
  catalogStamp({ build, checks: [acceptsAll], chunkRuns: 1000, spec: bundledSpec(), ...over });

describe('the reproducibility stamp', () => {
  it('is the same for the same inputs', () => {
    expect(stamp()).toBe(stamp());
    expect(stamp()).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('changes with every input that changes the cases or the verdicts', () => {
    const base = stamp();
    const variants = [
      stamp({ build: { ...build, version: '1.0.1' } }),
      stamp({ build: { ...build, code: 'sha256:other' } }),
      stamp({ chunkRuns: 10 }),
      stamp({ checks: [{ ...acceptsAll, severity: 'SHOULD' }] }),
      stamp({ checks: [{ ...acceptsAll, specRef: '000 §other' }] }),
      stamp({ checks: [{ ...acceptsAll, requires: ['validateError'] }] }),
      stamp({ checks: [{ ...acceptsAll, id: 'SYN-OTHER' }] }),
      stamp({ spec: withOverrides(bundledSpec(), { envelope: { expiry: 'after' } }) }),
    ];
    expect(new Set([base, ...variants]).size).toBe(variants.length + 1);
  });

  it('sees spec data, not the objects that hold it: equal data, equal digest', () => {
    const same = withOverrides(bundledSpec(), { envelope: { expiry: bundledSpec().envelope.expiry } });
    expect(same).not.toBe(bundledSpec());
    expect(specDigest(same)).toBe(specDigest(bundledSpec()));
  });
});
