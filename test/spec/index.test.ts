import { describe, expect, it } from 'vitest';
import { bundledSpec, SPEC_NAMES, withOverrides } from '../../src/spec/index.js';

describe('the spec data', () => {
  it('holds one entry per spec file, frozen all the way down', () => {
    const spec = bundledSpec();
    expect(Object.keys(spec)).toEqual([...SPEC_NAMES]);
    expect(Object.isFrozen(spec.envelope.profiles)).toBe(true);
    expect(() => {
      (spec.recovery.recoveringLevels as string[]).push('L5');
    }).toThrow(TypeError);
  });

  it('is the same object at every call: no file is read, nothing is copied', () => {
    expect(bundledSpec()).toBe(bundledSpec());
  });

  it('takes overrides key by key at the top level of a file, leaving the bundled data as it was', () => {
    const before = bundledSpec().recovery.maxSteps;
    const spec = withOverrides(bundledSpec(), { recovery: { maxSteps: 5 }, uas: { weightTolerance: 0 } });
    expect(spec.recovery.maxSteps).toBe(5);
    expect(spec.recovery.backoff).toEqual(bundledSpec().recovery.backoff);
    expect(spec.uas.weightTolerance).toBe(0);
    expect(spec.envelope).toBe(bundledSpec().envelope);
    expect(bundledSpec().recovery.maxSteps).toBe(before);
    expect(Object.isFrozen(spec.recovery)).toBe(true);
  });

  it('copies what it takes, so a caller changing its overrides later changes nothing', () => {
    const mine = { backoff: { initialDelayMs: 5, exponentialFactor: 3 } };
    const spec = withOverrides(bundledSpec(), { recovery: mine });
    mine.backoff.initialDelayMs = 99;
    expect(spec.recovery.backoff.initialDelayMs).toBe(5);
  });
});
