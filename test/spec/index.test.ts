import { describe, expect, it } from 'vitest';
import { bundledSpec, decisionKeys, SPEC_NAMES, withOverrides } from '../../src/spec/index.js';

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
    const before = bundledSpec().recovery.backoff;
    const spec = withOverrides(bundledSpec(), {
      recovery: { backoff: { initialDelayMs: 7, exponentialFactor: 2 } },
      envelope: { expiry: 'after' },
    });
    expect(spec.recovery.backoff).toEqual({ initialDelayMs: 7, exponentialFactor: 2 });
    expect(spec.recovery.recoveringLevels).toEqual(bundledSpec().recovery.recoveringLevels);
    expect(spec.envelope.expiry).toBe('after');
    expect(spec.envelope.profiles).toBe(bundledSpec().envelope.profiles);
    expect(spec.uas).toBe(bundledSpec().uas);
    expect(bundledSpec().recovery.backoff).toBe(before);
    expect(Object.isFrozen(spec.recovery)).toBe(true);
  });

  it('copies what it takes, so a caller changing its overrides later changes nothing', () => {
    const mine = { backoff: { initialDelayMs: 5, exponentialFactor: 3 } };
    const spec = withOverrides(bundledSpec(), { recovery: mine });
    mine.backoff.initialDelayMs = 99;
    expect(spec.recovery.backoff.initialDelayMs).toBe(5);
  });
});

describe('what may be overridden', () => {
  it('is the decisions each file lists, nothing else, and only with a value the decision takes', () => {
    expect(() => withOverrides(bundledSpec(), { envelope: { profiles: {} } })).toThrow(
      /spec\/envelope\.json: "profiles" is not a decision of the pack and cannot be overridden \(the decisions: /,
    );
    expect(() => withOverrides(bundledSpec(), { envelope: { $decisions: {} } })).toThrow(
      /"\$decisions" is not a decision of the pack/,
    );
    expect(() => withOverrides(bundledSpec(), { envelope: { expiry: 'later' } })).toThrow(
      'spec/envelope.json: "expiry" must be one of "at-or-after", "after", got "later"',
    );
    expect(() => withOverrides(bundledSpec(), { recovery: { backoff: 5 } })).toThrow(
      'spec/recovery.json: "backoff" must be an object, like the bundled value',
    );
    expect(() => withOverrides(bundledSpec(), { envelope: { $comment: 'mine', expiry: 'after' } })).not.toThrow();
  });

  it('is listed with the decisions it holds, for every spec file', () => {
    for (const name of SPEC_NAMES)
      for (const ids of Object.values(decisionKeys(name)))
        expect(ids.every((id) => /^D-[A-Z]+-\d+$/.test(id))).toBe(true);
  });
});
