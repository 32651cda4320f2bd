import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  acceptsExtras,
  executableParameters,
  paramsOptional,
  retriesBy,
} from '../../../generators/error/executable-parameters.js';
import { fits, valueOf, wrongValues, type Schema } from '../../../generators/error/from-schema.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';

const spec = bundledSpec().error;
const params = { seed: 31, numRuns: 200 };

/** An independent judge of the parameter schemas: ajv, with the pack's https format as a plain string test (the scheme in any case, D-ERR-14). */
const ajv = new Ajv2020({ strict: false });
ajv.addFormat('absolute-https-url', (s: string) => /^https:\/\/[^\s/?#@]+/i.test(s));

describe('values from the parameter schemas', () => {
  const fragments: [string, Schema][] = [
    ['string', { type: 'string', minLength: 2, maxLength: 5 }],
    ['pattern', { type: 'string', pattern: '^[a-z]{3}-[0-9]{2}$' }],
    ['integer', { type: 'integer', minimum: 1, maximum: 9 }],
    ['exclusive', { type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 4 }],
    ['enum array', { type: 'array', minItems: 1, items: { enum: ['L0', 'L1', 'L2'] } }],
    [
      'unique array',
      { type: 'array', minItems: 2, maxItems: 3, uniqueItems: true, items: { enum: ['a', 'b', 'c', 'd'] } },
    ],
    ['boolean', { type: 'boolean' }],
    [
      'object',
      { type: 'object', required: ['a'], properties: { a: { type: 'integer', minimum: 0 }, b: { type: 'string' } } },
    ],
  ];
  const hints = { url: fc.constant('https://example.com/'), isUrl: () => false, curated: {} };

  it.each(fragments)('draw only what a %s schema accepts, and name wrong values it rejects', (_name, schema) => {
    const validate = ajv.compile(schema);
    fc.assert(
      fc.property(
        valueOf('k', schema, hints),
        (v) => validate(v) === true && (schema.type === 'object' || fits(v, schema)),
      ),
      params,
    );
    for (const w of wrongValues(schema)) expect(validate(w), JSON.stringify(w)).toBe(false);
  });

  it('offer a curated value only where it fits the schema', () => {
    const drawn = fc.sample(
      valueOf('k', { type: 'string', minLength: 4 }, { ...hints, curated: { k: ['ab', 'abcdef'] } }),
      { seed: 1, numRuns: 100 },
    );
    expect(drawn).toContain('abcdef');
    expect(drawn).not.toContain('ab');
  });
});

describe('executable parameters', () => {
  it.each(Object.keys(spec.executableParameters.actions))(
    'of %s are valid by the schema of the data, URLs absolute https',
    (action) => {
      const validate = ajv.compile(spec.executableParameters.actions[action]!.schema);
      fc.assert(
        fc.property(executableParameters(action, spec), (p) => validate(p) === true),
        params,
      );
    },
  );

  it('follow an overridden schema: required members always, optional ones sometimes, no extras where the schema is closed', () => {
    const schema = {
      type: 'object',
      additionalProperties: false,
      required: ['backoff_strategy'],
      properties: { backoff_strategy: { type: 'string', minLength: 1 }, max_retries: { type: 'integer', minimum: 0 } },
    };
    const other = withOverrides(bundledSpec(), {
      error: {
        executableParameters: {
          actions: { ...spec.executableParameters.actions, wait_for_dependency: { basis: 'test', schema } },
        },
      },
    }).error;
    const drawn = fc.sample(executableParameters('wait_for_dependency', other), { seed: 2, numRuns: 300 });
    expect(
      drawn.every((p) => typeof p.backoff_strategy === 'string' && Object.keys(p).every((k) => k in schema.properties)),
    ).toBe(true);
    expect(drawn.some((p) => !('max_retries' in p))).toBe(true);
    expect(drawn.some((p) => p.max_retries === 0 || (typeof p.max_retries === 'number' && p.max_retries < 1))).toBe(
      true,
    );
    expect(acceptsExtras(schema)).toBe(false);
    expect(paramsOptional('wait_for_dependency', other)).toBe(false);
  });

  it('say which actions may travel without parameters and which are retry paths, from the data', () => {
    expect(
      Object.keys(spec.executableParameters.actions)
        .filter((a) => paramsOptional(a, spec))
        .sort(),
    ).toEqual(['discover_peer', 'isolate_and_report']);
    expect(Object.keys(spec.executableParameters.actions).filter((a) => retriesBy(a, spec))).toEqual([
      'wait_for_dependency',
    ]);
  });

  it('leave optional retry parameters out under configuration', () => {
    const schema = {
      type: 'object',
      properties: { note: { type: 'string' }, max_retries: { type: 'integer', minimum: 1 } },
    };
    const other = withOverrides(bundledSpec(), {
      error: {
        executableParameters: {
          actions: { ...spec.executableParameters.actions, discover_peer: { basis: 'test', schema } },
        },
      },
    }).error;
    expect(
      fc
        .sample(executableParameters('discover_peer', other, 'configuration'), { seed: 4, numRuns: 200 })
        .some((p) => 'max_retries' in p),
    ).toBe(false);
    expect(
      fc
        .sample(executableParameters('discover_peer', other), { seed: 4, numRuns: 200 })
        .some((p) => 'max_retries' in p),
    ).toBe(true);
  });
});
