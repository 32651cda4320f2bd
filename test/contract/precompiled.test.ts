import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import { precompiled, precompiledFile, validatorKey } from '../../src/contract/precompiled.js';
import { PROTOCOL_IDS, PROTOCOL_KEY, protocolAjv } from '../../src/contract/shapes.js';
import { ENVELOPE_FLAVOUR, envelopeAjv, envelopeSchema } from '../../src/reference/envelope/schema.js';
import { bundledSpec } from '../../src/spec/index.js';
import { ensureBuilt, root } from '../helpers/built.js';
import { spawnSync } from 'node:child_process';

beforeAll(() => {
  ensureBuilt();
  // `npm test` builds with the scripts; a bare vitest run may have compiled only.
  if (!existsSync(precompiledFile(root, PROTOCOL_KEY))) spawnSync(process.execPath, [join(root, 'scripts', 'validators.mjs')], { cwd: root });
}, 120_000);

/** What a validator says of a value: valid or not, and its errors (every field but the schema copy). */
function verdict(v: ValidateFunction, value: unknown): unknown {
  const ok = v(value);
  return { ok, errors: (v.errors ?? []).map(({ instancePath, schemaPath, keyword, params, message }) => ({ instancePath, schemaPath, keyword, params, message })) };
}

const spec = bundledSpec();
/** Envelopes as the envelope suite draws them, valid and broken, of every profile. */
const envelopes = packCatalog()
  .select({ suites: ['envelope'] })
  .flatMap((c) => fc.sample(c.arbitrary(spec), { seed: 5, numRuns: 40 }))
  .filter((input): input is { packet: unknown } => input !== null && typeof input === 'object' && 'packet' in input)
  .map((input) => input.packet);

describe('validators compiled at build time', () => {
  it('the build wrote one for every profile of the bundled spec, and for the protocol schemas', () => {
    for (const profile of Object.keys(spec.envelope.profiles)) {
      expect(existsSync(precompiledFile(root, validatorKey(ENVELOPE_FLAVOUR, envelopeSchema(spec.envelope, profile)))), profile).toBe(true);
    }
    expect(existsSync(precompiledFile(root, PROTOCOL_KEY))).toBe(true);
  });

  it('each envelope profile validator answers every drawn envelope exactly as the one compiled at run time', () => {
    expect(envelopes.length).toBeGreaterThan(300);
    const ajv = envelopeAjv();
    let accepted = 0;
    for (const profile of Object.keys(spec.envelope.profiles)) {
      const schema = envelopeSchema(spec.envelope, profile);
      const built = precompiled<ValidateFunction>(validatorKey(ENVELOPE_FLAVOUR, schema))!;
      const live = ajv.compile(schema);
      for (const e of envelopes) expect(verdict(built, e), profile).toEqual(verdict(live, e));
      accepted += envelopes.filter((e) => live(e)).length;
    }
    // Both answers are exercised: envelopes each profile accepts, and envelopes it rejects.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(envelopes.length * Object.keys(spec.envelope.profiles).length);
  });

  it('each protocol validator answers arbitrary JSON exactly as the one compiled at run time', () => {
    const built = precompiled<Record<string, ValidateFunction>>(PROTOCOL_KEY)!;
    const ajv = protocolAjv();
    const values = [...fc.sample(fc.jsonValue(), { seed: 3, numRuns: 300 }), { valid: true, findings: [] }, { valid: false, findings: [{ checkId: 'X-Y' }] }, { name: 'n', version: '1' }, { checksum: 'sha256:00' }];
    for (const id of PROTOCOL_IDS) for (const value of values) expect(verdict(built[id]!, value), id).toEqual(verdict(ajv.getSchema(id)!, value));
  });

  it('a schema the build did not see (an override changes it) has no precompiled validator: it is compiled', () => {
    const changed = { ...envelopeSchema(spec.envelope, Object.keys(spec.envelope.profiles)[0]!), title: 'overridden' };
    expect(precompiled(validatorKey(ENVELOPE_FLAVOUR, changed))).toBeUndefined();
  });
});
