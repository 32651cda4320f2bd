import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { envelopeSchemas, renderSchema, SCHEMA_BASE } from '../../../scripts/envelope-schemas.mjs';
import type { CheckDefinition } from '../../../src/engine/check.js';
import { profileNames } from '../../../src/spec/envelope.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { seedFixtures } from '../../../src/spec/seed-fixtures.js';
import { acceptedEnvelope } from '../../../generators/envelope/envelope.js';
import { MALFORMED_DIGEST_FAMILIES } from '../../../generators/envelope/mutators/integrity.js';
import type { MutatedCase } from '../../../generators/envelope/mutators/mutation.js';
import { encodeKeyless } from '../../../generators/wire/encode.js';
import type { MalformedWire } from '../../../generators/wire/malformed.js';
import { envelopeSuite } from '../../../suites/envelope/index.js';
import { intTamperDetected } from '../../../suites/integrity/tamper-detected.js';
import { wireMalformedRejected } from '../../../suites/wire/malformed-rejected.js';

/**
 * The shipped JSON Schemas of `schemas/envelope/` are the spec data's (regenerating them changes
 * nothing), and they agree with the pack's own cases: every valid envelope is valid under its
 * profile's keyed schema and its keyless form under the keyless one; every case that breaks a
 * structural rule (one a schema can state) is invalid under it, every malformed keyless array too;
 * and the cases that break a policy rule, which the schemas say they cannot state, stay
 * schema-valid, but those whose value the schema also refuses at the rule's own member
 * (`SCHEMA_STATED_FAMILIES`).
 */
const spec = bundledSpec();
const dir = fileURLToPath(new URL('../../../schemas/envelope/', import.meta.url));
const shipped = envelopeSchemas(spec.envelope);

const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats.default(ajv, ['date-time', 'uri-reference']);
for (const { schema } of shipped) ajv.addSchema(schema);
const validator = (profile: string, form: 'keyed' | 'keyless'): ValidateFunction =>
  ajv.getSchema(`${SCHEMA_BASE}${profile}${form === 'keyed' ? '' : '.keyless'}.schema.json`)!;

/** The checks whose every case breaks a rule the keyed schema states. */
const STRUCTURAL = [
  'ENV-PROFILE-KNOWN',
  'ENV-REQUIRED-FIELDS',
  'ENV-UNDECLARED-FIELD',
  'ENV-FIELD-TYPE',
  'ENV-UTC-Z',
  'ENV-IDENTITY',
  'ENV-CORRELATION-ID',
  'ENV-IDEMPOTENCY-KEY',
  'ENV-FALLBACK-DIRECTIVE',
  'ENV-FINAL-REPORT-EVIDENCE',
];
/** The checks whose cases break a rule across fields or of policy, which the schemas leave to a validator. */
const POLICY = [
  'ENV-EXPIRED',
  'ENV-UNSUPPORTED-CLAIM',
  'ENV-SECRET-IN-MEMORY',
  'ENV-COLD-MEMORY-PROMOTION',
  'ENV-HUMAN-REVIEW-BLOCKER',
  'INT-TAMPER-DETECTED',
];
/**
 * The families of policy checks whose cases also give a value the keyed schema refuses, at the one
 * member the rule is about: a non-boolean `human_review_required`, a recorded checksum outside the
 * checksum grammar (D-INT-02). Every other case of those checks is schema-valid.
 */
const SCHEMA_STATED_FAMILIES: Readonly<Record<string, { families: readonly string[]; at: string }>> = {
  'ENV-HUMAN-REVIEW-BLOCKER': { families: ['truthy-non-boolean'], at: '/body/human_review_required' },
  'INT-TAMPER-DETECTED': { families: MALFORMED_DIGEST_FAMILIES, at: '/integrity/checksum' },
};
const checkOf = (id: string) =>
  [...envelopeSuite, intTamperDetected].find((c) => c.id === id) as CheckDefinition<MutatedCase>;
const sample = <T>(check: CheckDefinition<T>, runs: number, seed = 1): T[] =>
  fc.sample(check.arbitrary(spec) as fc.Arbitrary<T>, { seed, numRuns: runs });

describe('schemas/envelope/', () => {
  it('holds exactly what scripts/envelope-schemas.mjs makes from spec/envelope.json (regenerate when this fails)', () => {
    const files = readdirSync(dir).sort();
    expect(files).toEqual(shipped.map((s) => s.file).sort());
    for (const { file, schema } of shipped)
      expect(readFileSync(`${dir}${file}`, 'utf8'), file).toBe(renderSchema(schema));
  });

  it('holds a keyed and a keyless draft 2020-12 schema for every profile of the registry, each under its own $id', () => {
    for (const profile of profileNames(spec.envelope)) {
      for (const form of ['keyed', 'keyless'] as const) {
        const v = validator(profile, form);
        expect(v, `${profile} ${form}`).toBeDefined();
        expect((v.schema as { $schema: string }).$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      }
    }
  });

  it('say in their descriptions what they cannot state', () => {
    for (const { file, schema } of shipped) {
      expect(schema.description, file).toMatch(/cannot state/);
      expect(schema.description, file).toMatch(/expir/);
    }
  });
});

describe('the envelope schemas and the pack agree', () => {
  it('every valid envelope the generators make is valid under its keyed schema, and its keyless form under the keyless schema', () => {
    fc.assert(
      fc.property(acceptedEnvelope(spec), (c) => {
        const keyed = validator(c.profile, 'keyed');
        const keyless = validator(c.profile, 'keyless');
        expect(keyed(c.packet), JSON.stringify(keyed.errors)).toBe(true);
        expect(keyless(encodeKeyless(spec.envelope, c.packet)), JSON.stringify(keyless.errors)).toBe(true);
      }),
      { numRuns: 300, seed: 2 },
    );
  });

  it("accept the seeds' published fixtures in both forms", () => {
    for (const f of seedFixtures()) {
      const profile = f.keyed.profile as string;
      expect(validator(profile, 'keyed')(f.keyed), f.name).toBe(true);
      expect(validator(profile, 'keyless')(f.keyless), f.name).toBe(true);
    }
  });

  for (const id of STRUCTURAL) {
    it(`reject every case of ${id} (a structural rule) under the keyed schema of the profile it was made from`, () => {
      for (const c of sample(checkOf(id), 150)) expect(validator(c.profile, 'keyed')(c.packet), c.note).toBe(false);
    });
  }

  it('reject every malformed keyless array of WIRE-MALFORMED-REJECTED under the keyless schema', () => {
    const families = new Set<string>();
    for (const c of sample(wireMalformedRejected as CheckDefinition<MalformedWire>, 300)) {
      families.add(c.family);
      expect(validator(c.profile, 'keyless')(c.wire), c.note).toBe(false);
    }
    expect(families.size).toBeGreaterThan(1);
  });

  for (const id of POLICY) {
    const stated = SCHEMA_STATED_FAMILIES[id];
    it(`leave the cases of ${id} (a rule no schema states) to the validator: they are schema-valid${stated ? `, but for ${stated.families.join(', ')} (refused at ${stated.at})` : ''}`, () => {
      const kinds = new Set<boolean>();
      for (const c of sample(checkOf(id), stated ? 150 : 60)) {
        const v = validator(c.profile, 'keyed');
        const refused = stated?.families.includes(c.family) ?? false;
        kinds.add(refused);
        expect(v(c.packet), c.note).toBe(!refused);
        if (refused) expect([...new Set(v.errors!.map((e) => e.instancePath))], c.note).toEqual([stated!.at]);
      }
      expect(kinds.size).toBe(stated ? 2 : 1);
    });
  }

  it('sort every rejection check of the envelope and integrity suites into one kind or the other', () => {
    const rejecting = [...envelopeSuite, intTamperDetected]
      .filter((c) => !['ENV-VALID-ACCEPTED', 'ENV-SEED-FIXTURES'].includes(c.id))
      .map((c) => c.id);
    expect([...STRUCTURAL, ...POLICY].sort()).toEqual(rejecting.sort());
  });
});
