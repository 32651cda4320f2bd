import { describe, expect, it } from 'vitest';
import { bodyLayout, envelopeLayout, objectLayout, profileNames } from '../../src/spec/envelope.js';
import { bundledSpec } from '../../src/spec/index.js';

const spec = bundledSpec().envelope;

describe('the envelope spec helpers', () => {
  it('name the profiles in registry order', () => {
    expect(profileNames(spec)).toEqual(Object.keys(spec.profiles));
  });

  it('lay the envelope out in envelopeFields order, over the top-level fields', () => {
    expect(envelopeLayout(spec)).toEqual({
      keyless: 'array',
      keylessOrder: spec.envelopeFields,
      fields: spec.topLevel,
    });
  });

  it("lay a profile's body out in the order its fields are declared", () => {
    for (const profile of profileNames(spec)) {
      const layout = bodyLayout(spec, profile);
      expect(layout.keyless).toBe('array');
      expect(layout.keylessOrder).toEqual(Object.keys(spec.profiles[profile]!.fields));
    }
  });

  it('find a published object layout by name', () => {
    expect(objectLayout(spec, 'identity')).toBe(spec.objects.identity);
  });

  it('throw on a name the spec does not hold', () => {
    expect(() => bodyLayout(spec, 'uai.made.up.v1')).toThrow(/unknown profile/);
    expect(() => objectLayout(spec, 'nothing')).toThrow(/unknown object layout/);
  });

  it('declare every top-level field in the envelope layout, and every keyless slot name as a field', () => {
    expect([...spec.envelopeFields].sort()).toEqual(Object.keys(spec.topLevel).sort());
    for (const layout of Object.values(spec.objects)) {
      for (const name of layout.keylessOrder ?? []) if (name !== null) expect(layout.fields).toHaveProperty(name);
    }
  });

  it('hold each decision of the $decisions manifest as one of the values generators, judges and reference know', () => {
    expect(Object.keys(spec.$decisions).sort()).toEqual([
      'checksumScope',
      'expiry',
      'secretScope',
      'undeclaredMembers',
      'utcCase',
    ]);
    expect(['at-or-after', 'after']).toContain(spec.expiry);
    expect(['everywhere', 'top-level']).toContain(spec.undeclaredMembers);
    expect(['checksum-member', 'integrity-object']).toContain(spec.checksumScope);
    expect(['upper-case', 'any-case']).toContain(spec.utcCase);
    expect(['packet', 'body']).toContain(spec.secretScope);
  });
});
