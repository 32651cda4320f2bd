import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import { precompiled, precompiledFile, precompiledSet, validatorKey } from '../../src/contract/precompiled.js';
import { PROTOCOL_IDS, PROTOCOL_KEY, protocolAjv } from '../../src/contract/shapes.js';
import { ENVELOPE_FLAVOUR, envelopeAjv, envelopeSchema } from '../../src/reference/envelope/schema.js';
import { bundledSpec } from '../../src/spec/index.js';
import { ensureBuilt, root } from '../helpers/built.js';
import { spawnSync } from 'node:child_process';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { createHarness } from '../../src/engine/harness.js';
import { ALL_FAULT_KINDS, recoveryCase } from '../../generators/recovery/recovery-case.js';
import { RECOVERY_IDS, RECOVERY_KEY, recoveryAjv } from '../../suites/recovery/world/protocol.js';
import { runSession } from '../../suites/recovery/world/session.js';

beforeAll(() => {
  ensureBuilt();
  // `npm test` builds with the scripts; a bare vitest run may have compiled only.
  if (!existsSync(precompiledFile(root, PROTOCOL_KEY)))
    spawnSync(process.execPath, [join(root, 'scripts', 'validators.mjs')], { cwd: root });
}, 120_000);

/** What a validator says of a value: valid or not, and its errors (every field but the schema copy). */
function verdict(v: ValidateFunction, value: unknown): unknown {
  const ok = v(value);
  return {
    ok,
    errors: (v.errors ?? []).map(({ instancePath, schemaPath, keyword, params, message }) => ({
      instancePath,
      schemaPath,
      keyword,
      params,
      message,
    })),
  };
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
      expect(
        existsSync(precompiledFile(root, validatorKey(ENVELOPE_FLAVOUR, envelopeSchema(spec.envelope, profile)))),
        profile,
      ).toBe(true);
    }
    expect(existsSync(precompiledFile(root, PROTOCOL_KEY))).toBe(true);
    expect(existsSync(precompiledFile(root, RECOVERY_KEY))).toBe(true);
  });

  it('each envelope profile validator answers every drawn envelope exactly as the one compiled at run time', () => {
    expect(envelopes.length).toBeGreaterThan(300);
    const ajv = envelopeAjv();
    let accepted = 0;
    for (const profile of Object.keys(spec.envelope.profiles)) {
      const schema = envelopeSchema(spec.envelope, profile);
      const built = precompiled<ValidateFunction>(validatorKey(ENVELOPE_FLAVOUR, schema))!;
      const live = ajv.compile(schema);
      // One comparison per profile: an expect per envelope would cost more than the validators.
      expect(
        envelopes.map((e) => verdict(built, e)),
        profile,
      ).toEqual(envelopes.map((e) => verdict(live, e)));
      accepted += envelopes.filter((e) => live(e)).length;
    }
    // Both answers are exercised: envelopes each profile accepts, and envelopes it rejects.
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(envelopes.length * Object.keys(spec.envelope.profiles).length);
  });

  it('each protocol validator answers arbitrary JSON exactly as the one compiled at run time', () => {
    const built = precompiled<Record<string, ValidateFunction>>(PROTOCOL_KEY)!;
    const ajv = protocolAjv();
    const values = [
      ...fc.sample(fc.jsonValue(), { seed: 3, numRuns: 300 }),
      { valid: true, findings: [] },
      { valid: false, findings: [{ checkId: 'X-Y' }] },
      { name: 'n', version: '1' },
      { checksum: 'sha256:00' },
    ];
    for (const id of PROTOCOL_IDS)
      for (const value of values) expect(verdict(built[id]!, value), id).toEqual(verdict(ajv.getSchema(id)!, value));
  });

  it('each recovery session validator answers what sessions send and receive, and arbitrary JSON, exactly as the one compiled at run time', async () => {
    const built = precompiled<Record<string, ValidateFunction>>(RECOVERY_KEY)!;
    const ajv: Ajv2020 = recoveryAjv();
    const h = createHarness(
      referenceAdapter,
      { name: 'ref', version: '0', capabilityLevel: 'L7' },
      { timeoutMs: 5000, now: '2026-06-01T00:00:00Z', spec },
    );
    const values: unknown[] = fc.sample(fc.jsonValue(), { seed: 3, numRuns: 200 });
    for (const c of fc.sample(
      recoveryCase({ levels: ['L1', 'L5', 'L7'], others: { faults: ALL_FAULT_KINDS, max: 4 } }),
      { seed: 4, numRuns: 25 },
    )) {
      const s = await runSession(h, c);
      values.push(s.world.workflow.scenario);
      const agent: unknown[] = [];
      for (const e of s.world.log) (e.who === 'agent' ? agent : values).push(e.item);
      values.push(agent, ...agent.map((a) => [a]));
    }
    // Broken copies too: a member dropped, a type changed.
    values.push(
      ...values
        .filter((v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v))
        .slice(0, 60)
        .flatMap((v) => {
          const [k] = Object.keys(v);
          return k === undefined ? [] : [Object.fromEntries(Object.entries(v).slice(1)), { ...v, [k]: 7 }];
        }),
    );
    let accepted = 0;
    for (const [name, id] of Object.entries(RECOVERY_IDS)) {
      const live = ajv.getSchema(id)!;
      for (const value of values) expect(verdict(built[name]!, value), name).toEqual(verdict(live, value));
      const ok = values.filter((v) => live(v)).length;
      expect(ok, `${name} accepts some values`).toBeGreaterThan(0);
      accepted += ok;
    }
    expect(accepted).toBeLessThan(values.length * 3);
  });

  it('a set of validators takes the build module where it has the name, compiles the rest, and each name once', () => {
    const compiledNames: string[] = [];
    const compile = (name: string) => {
      compiledNames.push(name);
      return () => name;
    };
    const fromBuild = precompiledSet<unknown>(PROTOCOL_KEY, compile);
    const module = precompiled<Record<string, unknown>>(PROTOCOL_KEY)!;
    expect(fromBuild(PROTOCOL_IDS[0]!)).toBe(module[PROTOCOL_IDS[0]!]);
    // A name the module lacks, a prototype name among them, is compiled, never read off Object.prototype.
    const own = fromBuild('constructor');
    expect(own).toBe(fromBuild('constructor'));
    expect(compiledNames).toEqual(['constructor']);
    const noBuild = precompiledSet<unknown>('0'.repeat(32), compile);
    expect(noBuild('a')).toBe(noBuild('a'));
    expect(compiledNames).toEqual(['constructor', 'a']);
  });

  it('a schema the build did not see (an override changes it) has no precompiled validator: it is compiled', () => {
    const changed = { ...envelopeSchema(spec.envelope, Object.keys(spec.envelope.profiles)[0]!), title: 'overridden' };
    expect(precompiled(validatorKey(ENVELOPE_FLAVOUR, changed))).toBeUndefined();
  });
});
