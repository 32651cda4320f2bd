import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { envelopeReference } from '../../../src/reference/envelope/index.js';
import { profileValidator } from '../../../src/reference/envelope/schema.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import { seedFixtures } from '../../../src/spec/seed-fixtures.js';

const spec = bundledSpec();
const now = '2026-06-01T00:00:00Z';

describe('the reference validator on the seed fixtures', () => {
  for (const f of seedFixtures()) {
    it(`accepts the ${f.name} fixture`, async () => {
      expect(await referenceAdapter.validateEnvelope!(f.keyed, { now })).toEqual({ valid: true });
    });
  }

  it('rejects the ack fixture once it has expired', async () => {
    const ack = seedFixtures().find((f) => f.name === 'ack')!;
    const v = await referenceAdapter.validateEnvelope!(ack.keyed, { now: '2030-12-31T23:59:00Z' });
    expect(v.valid).toBe(false);
    expect(v.findings?.[0]?.checkId).toBe('ENV-EXPIRED');
  });
});

describe('the reference validator of a spec', () => {
  it('judges by the policy of the spec it is given', () => {
    const ack = seedFixtures().find((f) => f.name === 'ack')!;
    const strict = withOverrides(spec, { envelope: { policy: { ...spec.envelope.policy, claimNegation: '(?!)' } } });
    // A disclaimer under the bundled policy is a claim under a policy whose negation never matches.
    const text = 'UAIX does not provide hosted messaging.';
    const packet = { ...ack.keyed, body: { ...(ack.keyed.body as object), support_boundary: text } };
    expect(envelopeReference(spec).validateEnvelope(packet, { now })).toEqual({ valid: true });
    expect(envelopeReference(strict).validateEnvelope(packet, { now })).toMatchObject({ valid: false, findings: [{ checkId: 'ENV-UNSUPPORTED-CLAIM' }] });
  });

  it('validates against the registry of the spec it is given', () => {
    const ack = seedFixtures().find((f) => f.name === 'ack')!;
    const { 'uai.agent.ack.v1': _ack, ...others } = spec.envelope.profiles;
    const withoutAck = withOverrides(spec, { envelope: { profiles: others } });
    expect(envelopeReference(withoutAck).validateEnvelope(ack.keyed, { now })).toMatchObject({ valid: false, findings: [{ checkId: 'ENV-PROFILE-KNOWN' }] });
  });

  it('compiles the schema of a profile once per spec object', () => {
    const other = withOverrides(spec, { envelope: { uaiVersion: spec.envelope.uaiVersion } });
    expect(profileValidator(spec.envelope, 'uai.agent.ack.v1')).toBe(profileValidator(spec.envelope, 'uai.agent.ack.v1'));
    expect(profileValidator(other.envelope, 'uai.agent.ack.v1')).not.toBe(profileValidator(spec.envelope, 'uai.agent.ack.v1'));
  });
});
