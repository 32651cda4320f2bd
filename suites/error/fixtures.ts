import type { FixtureCodec } from '../../src/engine/check.js';
import { objectField, stringField } from '../../src/engine/fixture-codec.js';
import type { ErrorPayload } from '../../src/spec/error.js';
import type { AdversarialError } from '../../generators/error/adversarial.js';
import { validErrorCaseOf, type ValidErrorCase, type ValidErrorPayload } from '../../generators/error/valid-payload.js';
import { errorScenarios, type ErrorScenario } from '../../generators/error/scenarios.js';

/**
 * Fixture codecs of the error suite. A case is `input: { payload, context: { now } }`: call
 * `validateError(payload, context)`; `expected` is the verdict the check demands, exactly as its
 * failure shows it (`{ valid: true }`, or `{ valid: false, rule, family }` for a payload that
 * breaks one rule; which finding an implementation gives is its own business).
 */
function payloadOf(input: unknown): unknown {
  const i = objectField(input, 'input');
  // A payload may be null, a string, a number or an array (ERR-SCHEMA sends non-objects too): only its absence is an error.
  if (!('payload' in i)) throw new Error('input.payload is missing');
  return i.payload;
}

/** Payloads a conforming validator accepts (ERR-VALID-ACCEPTED). */
export const acceptedPayloadFixture: FixtureCodec<ValidErrorCase> = {
  encode: ({ payload: p }, { now }) => ({
    input: { payload: p, context: { now } },
    expected: { valid: true },
    description: p.body ? `valid ${p.body.code} payload (${p.body.origin})` : 'valid payload without a body',
  }),
  decode: (f, { spec }) =>
    validErrorCaseOf(objectField(payloadOf(f.input), 'input.payload') as ValidErrorPayload, spec.error),
};

/** The seed's published scenarios (ERR-SEED-SCENARIOS): `input.scenario` names which one. */
export const seedScenarioFixture: FixtureCodec<ErrorScenario> = {
  encode: (s, { now }) => ({
    input: { scenario: s.scenario, payload: s.payload, context: { now } },
    expected: { valid: true },
    description: `${s.title} (${s.section})`,
  }),
  decode(f) {
    const n = objectField(f.input, 'input').scenario;
    if (typeof n !== 'number') throw new Error('input.scenario must be a number');
    const published = errorScenarios().find((s) => s.scenario === n);
    const payload = objectField(payloadOf(f.input), 'input.payload') as ErrorPayload;
    // The fixture's payload is what runs; the published scenario only lends its title and section to the messages.
    return {
      scenario: n,
      title: published?.title ?? `scenario ${n}`,
      section: published?.section ?? f.description ?? `scenario ${n}`,
      payload,
    };
  },
};

/** Payloads that break exactly one rule (every reject check): `expected.family` names the mutation. */
export function rejectedPayloadFixture(checkId: string): FixtureCodec<AdversarialError> {
  return {
    encode: (c, { now }) => ({
      input: { payload: c.payload, context: { now } },
      expected: { valid: false, rule: checkId, family: c.family },
      description: `${checkId}: ${c.family}`,
    }),
    decode(f) {
      const e = objectField(f.expected, 'expected');
      if (e.valid !== false) throw new Error('expected.valid must be false');
      return { family: stringField(e.family, 'expected.family'), payload: payloadOf(f.input) };
    },
  };
}
