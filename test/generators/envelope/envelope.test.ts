import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedEnvelope, envelopeOf, validEnvelope } from '../../../generators/envelope/envelope.js';
import { publishedObjects } from '../../../generators/envelope/walk.js';
import { envelopeReference } from '../../../src/reference/envelope/index.js';
import { errorReference } from '../../../src/reference/error/index.js';
import { profileNames, type EnvelopeSpec } from '../../../src/spec/envelope.js';
import { bundledSpec, withOverrides, type SpecData } from '../../../src/spec/index.js';

const spec = bundledSpec();
const reference = envelopeReference(spec);

/** The bundled spec with envelope data replaced (seed data too, which a user cannot override: the generators follow any data they are given). */
const withEnvelope = (patch: Partial<EnvelopeSpec>): SpecData => ({
  ...spec,
  envelope: { ...spec.envelope, ...patch },
});

/** Members of a packet below the top level that its layouts do not declare, as pointers. */
function nestedExtras(s: EnvelopeSpec, packet: Record<string, any>, profile: string): string[] {
  return publishedObjects(s, packet, profile)
    .filter((o) => o.pointer !== '')
    .flatMap((o) => {
      const value = o.pointer
        .split('/')
        .slice(1)
        .reduce((v: any, k) => v?.[k], packet) as Record<string, unknown>;
      return Object.keys(value)
        .filter((k) => !o.declared.includes(k))
        .map((k) => `${o.pointer}/${k}`);
    });
}

describe('validEnvelope', () => {
  it('is deterministic for a seed', () => {
    expect(fc.sample(validEnvelope(spec), { seed: 7, numRuns: 20 })).toEqual(
      fc.sample(validEnvelope(spec), { seed: 7, numRuns: 20 }),
    );
  });

  for (const profile of profileNames(spec.envelope)) {
    it(`only makes envelopes of the profile asked for that the reference accepts: ${profile}`, () => {
      fc.assert(
        fc.property(validEnvelope(spec, profile), (c) => {
          expect(c.packet.profile).toBe(profile);
          expect(reference.validateEnvelope(c.packet, { now: c.now })).toEqual({ valid: true });
        }),
        { numRuns: 60, seed: 42 },
      );
    });
  }

  it('makes uai.error.v1 envelopes whose body pairs code and numeric_status as the error spec aligns them (D-ENV-15, D-ERR-09)', () => {
    const validateError = errorReference(spec).validateError;
    const statuses = new Set<number>();
    fc.assert(
      fc.property(validEnvelope(spec, 'uai.error.v1'), (c) => {
        if (c.packet.body.numeric_status !== undefined) statuses.add(c.packet.body.numeric_status);
        expect(validateError(c.packet, { now: c.now })).toMatchObject({ valid: true });
      }),
      { numRuns: 150, seed: 3 },
    );
    expect(statuses.size).toBeGreaterThan(1);
  });

  it('carries declared members only, so that every envelope has a keyless form', () => {
    const open = withEnvelope({ undeclaredMembers: 'top-level' });
    for (const c of fc.sample(validEnvelope(open), { seed: 4, numRuns: 60 }))
      expect(nestedExtras(open.envelope, c.packet, c.profile)).toEqual([]);
  });

  it('seals half with the checksum and half with the placeholder', () => {
    const sealings = new Set(fc.sample(validEnvelope(spec), { seed: 2, numRuns: 50 }).map((c) => c.sealing));
    expect([...sealings].sort()).toEqual(['computed', 'placeholder']);
  });
});

describe('acceptedEnvelope', () => {
  it('is validEnvelope where every published object is closed (the bundled spec), some expiring on a leap second', () => {
    const cases = fc.sample(acceptedEnvelope(spec), { seed: 11, numRuns: 200 });
    const leap = cases.filter((c) => c.packet.delivery.expires_at.endsWith('T23:59:60Z'));
    expect(leap.length).toBeGreaterThan(5);
    for (const c of cases) expect(Object.keys(c.packet).sort()).toEqual(Object.keys(spec.envelope.topLevel).sort());
    for (const c of leap) {
      // One second before the leap second (D-ENV-04), of the same day: valid, the reference agrees.
      expect(c.now).toBe(c.packet.delivery.expires_at.replace('T23:59:60Z', 'T23:59:59Z'));
      expect(reference.validateEnvelope(c.packet, { now: c.now }), c.now).toEqual({ valid: true });
    }
  });

  it('keeps extra data inside published objects where only the top level is closed, which the reference of that spec accepts (D-ENV-14)', () => {
    const open = withOverrides(spec, { envelope: { undeclaredMembers: 'top-level' } });
    const openReference = envelopeReference(open);
    let withExtras = 0;
    fc.assert(
      fc.property(acceptedEnvelope(open), (c) => {
        if (nestedExtras(open.envelope, c.packet, c.profile).length > 0) withExtras++;
        expect(c.packet).not.toHaveProperty('x_custom');
        expect(openReference.validateEnvelope(c.packet, { now: c.now })).toEqual({ valid: true });
      }),
      { numRuns: 100, seed: 6 },
    );
    expect(withExtras).toBeGreaterThan(50);
  });
});

describe('envelopeOf', () => {
  it('sets the expiry after the clock, at least a second ahead', () => {
    fc.assert(
      fc.property(envelopeOf(spec), (c) => Date.parse(c.packet.delivery.expires_at) - Date.parse(c.now) >= 1000),
      { numRuns: 200, seed: 5 },
    );
  });

  it('reaches the instant of expiry itself where envelopes expire only after it (D-ENV-07)', () => {
    const after = withOverrides(spec, { envelope: { expiry: 'after' } });
    const left = fc
      .sample(envelopeOf(after), { seed: 5, numRuns: 200 })
      .map((c) => Date.parse(c.packet.delivery.expires_at) - Date.parse(c.now));
    expect(left.every((ms) => ms >= 0)).toBe(true);
    expect(left).toContain(0);
  });

  it('draws from the registry it is given, and the reference of that spec accepts what it draws', () => {
    const { 'uai.agent.ack.v1': ack, 'uai.agent.blocker.v1': blocker } = spec.envelope.profiles;
    const narrowed = withEnvelope({ profiles: { 'uai.agent.ack.v1': ack!, 'uai.agent.blocker.v1': blocker! } });
    const narrowedReference = envelopeReference(narrowed);
    fc.assert(
      fc.property(validEnvelope(narrowed), (c) => {
        expect(['uai.agent.ack.v1', 'uai.agent.blocker.v1']).toContain(c.profile);
        expect(narrowedReference.validateEnvelope(c.packet, { now: c.now })).toEqual({ valid: true });
      }),
      { numRuns: 50, seed: 9 },
    );
  });
});
