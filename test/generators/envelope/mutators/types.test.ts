import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mutated, type MutatedCase } from '../../../../generators/envelope/mutators/mutation.js';
import { wrongValue } from '../../../../generators/envelope/mutators/types.js';
import { presentFields } from '../../../../generators/envelope/walk.js';
import type { FieldType } from '../../../../src/spec/envelope.js';
import { bundledSpec } from '../../../../src/spec/index.js';

const spec = bundledSpec();

/** What a case broke: the kind of the field at its pointer and how (or the packet itself), read back from the case. */
function brokeWhat(c: MutatedCase): string {
  if (c.family === 'not-an-object') return 'packet';
  const field = presentFields(spec.envelope, c.packet, c.profile).find((f) => f.pointer === c.at)!.field as FieldType;
  const value = c.packet;
  const v = c
    .at!.split('/')
    .slice(1)
    .reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], value);
  if (field.type === 'integer' || field.type === 'number') {
    if (c.family !== 'out-of-range') return `${c.family} ${field.type}`;
    if (typeof v === 'number' && field.minimum !== undefined && v < field.minimum) return 'below-minimum';
    if (typeof v === 'number' && field.maximum !== undefined && v > field.maximum) return 'above-maximum';
    return 'fraction';
  }
  if (field.type === 'array') return Array.isArray(v) && v.length === 0 ? 'short-list' : 'list-item';
  return `${c.family} ${field.type}`;
}

describe('wrongValue (ENV-FIELD-TYPE)', () => {
  const cases = (seed: number, runs = 100) =>
    fc.sample(mutated(spec, wrongValue(spec.envelope)).cases, { seed, numRuns: runs });

  it('reaches every kind of field it breaks at the default 100 runs, whatever few bodies hold one (seeds 1, 42, 2026)', () => {
    // The kinds the bundled data holds outside pinned and owned fields: flags and bounded counts live in a few bodies only.
    const wanted = [
      'json-type boolean',
      'spelled-value boolean',
      'spelled-value integer',
      'json-type token',
      'below-minimum',
      'above-maximum',
      'fraction',
      'not-in-vocabulary enum',
      'not-in-vocabulary const',
      'malformed-text token',
      'malformed-text text',
      'malformed-text uri-reference',
      'short-list',
      'list-item',
      'packet',
    ];
    for (const seed of [1, 42, 2026]) {
      const seen = new Set(cases(seed).map(brokeWhat));
      expect(
        wanted.filter((w) => !seen.has(w)),
        `seed ${seed}`,
      ).toEqual([]);
    }
  });

  it('never breaks a pinned field, a date-time, or a field another check owns', () => {
    const owned =
      /^\/(profile|conversation\/correlation_id|delivery\/idempotency_key|delivery\/fallback_directive|integrity\/checksum)$|^\/(source|target)\/|^\/body\/evidence/;
    for (const c of cases(5, 400).filter((x) => x.at !== undefined)) {
      const field = presentFields(spec.envelope, c.packet, c.profile).find((f) => f.pointer === c.at)!.field;
      expect(field.basis, c.note).not.toBe('pinned');
      expect(field.type, c.note).not.toBe('date-time');
      expect(owned.test(c.at!), c.note).toBe(false);
    }
  });

  it('sends the envelope itself as no JSON object in the not-an-object family, sealed inside where it is wrapped', () => {
    const wrapped = cases(3, 300).filter((c) => c.family === 'not-an-object');
    expect(wrapped.length).toBeGreaterThan(10);
    for (const c of wrapped)
      expect(c.packet !== null && typeof c.packet === 'object' && !Array.isArray(c.packet), c.note).toBe(false);
    const inside = wrapped
      .map((c) => c.packet as unknown)
      .filter((p): p is unknown[] => Array.isArray(p) && p.length === 1);
    expect(inside.length).toBeGreaterThan(0);
  });
});
