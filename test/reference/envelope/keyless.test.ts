import fc from 'fast-check';
import { canonicalize } from 'json-canonicalize';
import { describe, expect, it } from 'vitest';
import { validEnvelope } from '../../../generators/envelope/envelope.js';
import { fromKeyless, toKeyless } from '../../../src/reference/envelope/keyless.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { seedFixtures } from '../../../src/spec/seed-fixtures.js';

const data = bundledSpec();
const spec = data.envelope;

describe('the reference keyless codec', () => {
  it('round-trips valid envelopes through JSON (member order aside)', () => {
    fc.assert(
      fc.property(validEnvelope(data), (c) => {
        const wire = JSON.parse(JSON.stringify(toKeyless(spec, c.packet)));
        expect(canonicalize(fromKeyless(spec, wire))).toBe(canonicalize(c.packet));
      }),
      { numRuns: 200, seed: 8 },
    );
  });

  for (const f of seedFixtures()) {
    it(`maps the ${f.name} fixture to its published keyless form and back`, () => {
      expect(toKeyless(spec, f.keyed)).toEqual(f.keyless);
      expect(fromKeyless(spec, f.keyless)).toEqual(f.keyed);
    });
  }

  it('refuses to encode what is not a keyed envelope of a known profile', () => {
    const [ack] = seedFixtures();
    expect(() => toKeyless(spec, [])).toThrow(/JSON object/);
    expect(() => toKeyless(spec, { ...ack!.keyed, profile: 'uai.made.up.v1' })).toThrow(/unknown profile/);
    expect(() => toKeyless(spec, { ...ack!.keyed, debug: true })).toThrow(/undeclared top-level field debug/);
  });
});
