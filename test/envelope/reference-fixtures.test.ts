import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../src/adapters/reference.js';

const load = (n: string) => JSON.parse(readFileSync(new URL(`../../fixtures/seeds/${n}`, import.meta.url), 'utf8'));
const now = '2026-06-01T00:00:00Z';

describe('reference adapter on the seed fixtures', () => {
  for (const name of ['ack', 'correction']) {
    it(`accepts the ${name} fixture`, async () => {
      expect(await referenceAdapter.validateEnvelope!(load(`${name}.keyed.json`), { now })).toEqual({ valid: true });
    });
    it(`maps the ${name} fixture to its published keyless form and back`, async () => {
      expect(await referenceAdapter.toKeyless!(load(`${name}.keyed.json`))).toEqual(load(`${name}.keyless.json`));
      expect(await referenceAdapter.fromKeyless!(load(`${name}.keyless.json`))).toEqual(load(`${name}.keyed.json`));
    });
  }
  it('rejects the ack fixture once it has expired', async () => {
    const v = await referenceAdapter.validateEnvelope!(load('ack.keyed.json'), { now: '2030-12-31T23:59:00Z' });
    expect(v.valid).toBe(false);
    expect(v.findings?.[0]?.checkId).toBe('ENV-EXPIRED');
  });
});
