import { describe, expect, it } from 'vitest';
import { ADAPTER_MEMBERS, missingMembers, type Adapter } from '../../src/contract/adapter.js';

describe('the adapter contract', () => {
  it('probes members one way: a method must be a function, recovery an object', () => {
    const adapter = {
      describe: () => ({ name: 'x', version: '1' }),
      validateEnvelope: () => ({ valid: true }),
      toKeyless: 'not a function',
      recovery: { start: () => [] },
    } as unknown as Adapter;
    expect(missingMembers(adapter, ['validateEnvelope', 'recovery'])).toEqual([]);
    expect(missingMembers(adapter, ['toKeyless', 'fromKeyless', 'verifyUas'])).toEqual([
      'toKeyless',
      'fromKeyless',
      'verifyUas',
    ]);
    expect(missingMembers({ ...adapter, recovery: (() => []) as never }, ['recovery'])).toEqual(['recovery']);
    expect(missingMembers({ ...adapter, recovery: null as never }, ['recovery'])).toEqual(['recovery']);
  });

  it('lists every member a check can require, describe aside', () => {
    expect([...ADAPTER_MEMBERS].sort()).toEqual([
      'computeChecksum',
      'fromKeyless',
      'recovery',
      'toKeyless',
      'validateEnvelope',
      'validateError',
      'verifyUas',
    ]);
  });
});
