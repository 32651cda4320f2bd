import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { envelopeReference } from '../../../src/reference/envelope/index.js';
import { profileValidator } from '../../../src/reference/envelope/schema.js';
import type { EnvelopeSpec } from '../../../src/spec/envelope.js';
import { bundledSpec, withOverrides, type SpecData } from '../../../src/spec/index.js';
import { seedFixtures } from '../../../src/spec/seed-fixtures.js';

const spec = bundledSpec();
const now = '2026-06-01T00:00:00Z';

/** The bundled spec with envelope data replaced (seed data too, which a user cannot override: the reference follows any data it is given). */
const withEnvelope = (patch: Partial<EnvelopeSpec>): SpecData => ({
  ...spec,
  envelope: { ...spec.envelope, ...patch },
});

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
    const strict = withEnvelope({ policy: { ...spec.envelope.policy, claimNegation: '(?!)' } });
    // A disclaimer under the bundled policy is a claim under a policy whose negation never matches.
    const text = 'UAIX does not provide hosted messaging.';
    const packet = { ...ack.keyed, body: { ...(ack.keyed.body as object), support_boundary: text } };
    expect(envelopeReference(spec).validateEnvelope(packet, { now })).toEqual({ valid: true });
    expect(envelopeReference(strict).validateEnvelope(packet, { now })).toMatchObject({
      valid: false,
      findings: [{ checkId: 'ENV-UNSUPPORTED-CLAIM' }],
    });
  });

  it('validates against the registry of the spec it is given', () => {
    const ack = seedFixtures().find((f) => f.name === 'ack')!;
    const { 'uai.agent.ack.v1': _ack, ...others } = spec.envelope.profiles;
    const withoutAck = withEnvelope({ profiles: others });
    expect(envelopeReference(withoutAck).validateEnvelope(ack.keyed, { now })).toMatchObject({
      valid: false,
      findings: [{ checkId: 'ENV-PROFILE-KNOWN' }],
    });
  });

  it('compiles the schema of a profile once per spec object; a spec whose schema differs gets its own validator', () => {
    expect(profileValidator(spec.envelope, 'uai.agent.ack.v1')).toBe(
      profileValidator(spec.envelope, 'uai.agent.ack.v1'),
    );
    const { 'uai.agent.message.v1': _message, ...others } = spec.envelope.profiles;
    const other = withEnvelope({ profiles: others, undeclaredMembers: 'top-level' });
    expect(profileValidator(other.envelope, 'uai.agent.ack.v1')).not.toBe(
      profileValidator(spec.envelope, 'uai.agent.ack.v1'),
    );
  });
});

describe('the reference validator under the decisions of a spec', () => {
  const ack = () => structuredClone(seedFixtures().find((f) => f.name === 'ack')!.keyed) as Record<string, any>;

  it('expires an envelope at the instant of expiry, or only after it (D-ENV-07)', () => {
    const at = ack().delivery.expires_at as string;
    expect(envelopeReference(spec).validateEnvelope(ack(), { now: at })).toMatchObject({
      valid: false,
      findings: [{ checkId: 'ENV-EXPIRED' }],
    });
    const after = withOverrides(spec, { envelope: { expiry: 'after' } });
    expect(envelopeReference(after).validateEnvelope(ack(), { now: at })).toEqual({ valid: true });
    expect(envelopeReference(after).validateEnvelope(ack(), { now: '2031-01-01T00:00:00Z' })).toMatchObject({
      valid: false,
      findings: [{ checkId: 'ENV-EXPIRED' }],
    });
  });

  it('rejects an undeclared member inside a published object, unless only the top level is closed (D-ENV-14)', () => {
    const packet = ack();
    packet.delivery.x_custom = 'kept inside a published object';
    expect(envelopeReference(spec).validateEnvelope(packet, { now })).toMatchObject({
      valid: false,
      findings: [{ checkId: 'ENV-UNDECLARED-FIELD', path: '/delivery/x_custom' }],
    });
    const open = withOverrides(spec, { envelope: { undeclaredMembers: 'top-level' } });
    expect(envelopeReference(open).validateEnvelope(packet, { now })).toEqual({ valid: true });
    const top = { ...ack(), x_custom: 1 };
    expect(envelopeReference(open).validateEnvelope(top, { now })).toMatchObject({
      valid: false,
      findings: [{ checkId: 'ENV-UNDECLARED-FIELD' }],
    });
  });

  it('verifies a recorded checksum under the scope of its spec (D-INT-01)', () => {
    const whole = withOverrides(spec, { envelope: { checksumScope: 'integrity-object' } });
    const packet = ack();
    packet.integrity.checksum = envelopeReference(whole).computeChecksum(packet);
    expect(envelopeReference(whole).validateEnvelope(packet, { now })).toEqual({ valid: true });
    expect(envelopeReference(spec).validateEnvelope(packet, { now })).toMatchObject({
      valid: false,
      findings: [{ checkId: 'INT-TAMPER-DETECTED' }],
    });
  });
});
