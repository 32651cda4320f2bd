import { describe, expect, it } from 'vitest';
import { lazyReference } from '../../src/adapters/lazy-reference.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { seedFixtures } from '../../src/spec/seed-fixtures.js';
import { bundledSpec } from '../../src/spec/index.js';

const spec = bundledSpec();
const now = { now: '2026-06-01T00:00:00Z' };

describe('lazyReference (the command line reference, loaded domain by domain)', () => {
  const lazy = lazyReference(spec);
  const ack = seedFixtures().find((f) => f.name === 'ack')!;

  it('describes itself as the eager reference does', async () => {
    expect(await lazy.describe()).toEqual(await referenceAdapter.describe());
  });

  it('answers every envelope member as the eager reference, and rejects where it throws', async () => {
    for (const packet of [ack.keyed, { ...ack.keyed, profile: 'constructor' }, 'not an envelope', null]) {
      expect(await lazy.validateEnvelope!(packet, now)).toEqual(await referenceAdapter.validateEnvelope!(packet, now));
    }
    expect(await lazy.computeChecksum!(ack.keyed)).toBe(await referenceAdapter.computeChecksum!(ack.keyed));
    expect(await lazy.toKeyless!(ack.keyed)).toEqual(await referenceAdapter.toKeyless!(ack.keyed));
    expect(await lazy.fromKeyless!(ack.keyless)).toEqual(await referenceAdapter.fromKeyless!(ack.keyless));
    let thrown: unknown;
    try {
      await referenceAdapter.fromKeyless!({ not: 'an array' });
    } catch (e) {
      thrown = e;
    }
    await expect(lazy.fromKeyless!({ not: 'an array' })).rejects.toThrow((thrown as Error).message);
  });

  it('answers validateError, verifyUas and the recovery policy as the eager reference', async () => {
    const payload = {
      uai_version: '1.0',
      profile: 'uai.error.v1',
      message_id: 'msg_1',
      body: { status: 'error', code: 'constructor', origin: 'protocol', detail: 'x' },
    };
    expect(await lazy.validateError!(payload, now)).toEqual(await referenceAdapter.validateError!(payload, now));
    const source = new TextEncoder().encode('<source/>');
    expect(await lazy.verifyUas!(source, '<uas/>')).toEqual(await referenceAdapter.verifyUas!(source, '<uas/>'));
    const scenario = { scenario: 'not a scenario' } as never;
    const answer = async (f: () => unknown) => {
      try {
        return { value: await f() };
      } catch (e) {
        return { error: (e as Error).message };
      }
    };
    expect(await answer(() => lazy.recovery!.start(scenario))).toEqual(
      await answer(() => referenceAdapter.recovery!.start(scenario)),
    );
  });
});
