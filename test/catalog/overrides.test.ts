import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { packCatalog } from '../../src/api/catalog.js';
import { runChecks } from '../../src/api/run.js';
import { createReferenceAdapter } from '../../src/reference/index.js';
import { bundledSpec, decisionKeys, SPEC_NAMES, withOverrides, type SpecName } from '../../src/spec/index.js';
import fc from 'fast-check';
import { disagreement, judge } from '../helpers/claims.js';
import type { Alternatives } from '../helpers/overrides.js';

/**
 * Every value a user may override is honoured alike by the generators, the checks' judges and the
 * reference: under another reasonable choice, the reference built for that choice passes every
 * check that relies on it and judges every case as the case claims, and the reference built for the
 * pack's own choice fails one of them.
 * A key that moves nothing would be a dead decision; a key that moved one side only would fail
 * correct implementations that made the other choice.
 */
const files = import.meta.glob<{ alternatives: Alternatives }>('../spec/overrides/*.ts', { eager: true });
const alternativesOf = (name: SpecName): Alternatives => files[`../spec/overrides/${name}.ts`]?.alternatives ?? {};
const catalog = packCatalog();

describe('the override data', () => {
  for (const name of SPEC_NAMES) {
    it(`spec/${name}.json: every decision key has an alternative to test, and only decision keys`, () => {
      expect(Object.keys(alternativesOf(name)).sort()).toEqual(Object.keys(decisionKeys(name)).sort());
    });

    it(`spec/${name}.json: every decision key names decisions that checks rely on, and exists in the file`, () => {
      const data = bundledSpec()[name] as unknown as Record<string, unknown>;
      for (const [key, ids] of Object.entries(decisionKeys(name))) {
        expect(Object.hasOwn(data, key), key).toBe(true);
        expect(ids.length, key).toBeGreaterThan(0);
        expect(
          catalog.checks.some((c) => (c.decisions ?? []).some((d) => ids.includes(d))),
          `${key}: ${ids.join(', ')}`,
        ).toBe(true);
      }
    });

    for (const [key, { value, why }] of Object.entries(alternativesOf(name))) {
      it(`spec/${name}.json "${key}" (${why}): generators, judges and reference move together`, async () => {
        const ids = decisionKeys(name)[key] ?? [];
        const checks = catalog.checks.filter((c) => (c.decisions ?? []).some((d) => ids.includes(d)));
        const spec = withOverrides(bundledSpec(), { [name]: { [key]: value } });
        const follows = createReferenceAdapter(spec, { version: 'override' });
        const agreed = await runChecks({ checks, adapter: follows, spec, seed: 1, runs: 40, verdictOnly: true });
        expect(agreed.checks.filter((c) => c.status !== 'passed').map((c) => `${c.id} ${c.status}`)).toEqual([]);
        // And the cases still say what they are: the reference for the choice judges each as it claims.
        for (const check of checks.filter((c) => c.claim !== undefined)) {
          for (const input of fc.sample(check.arbitrary(spec), { seed: 5, numRuns: 20 })) {
            const claim = check.claim!(input, spec);
            expect(
              disagreement(claim, await judge(follows, claim)),
              `${check.id}: ${JSON.stringify(check.show ? check.show(input) : input).slice(0, 400)}`,
            ).toBeNull();
          }
        }
        // One check at a time, up to the first that fails: the checks it passes cost a whole run each.
        let staleFails: string | undefined;
        for (const check of checks) {
          const [entry] = (
            await runChecks({ checks: [check], adapter: referenceAdapter, spec, seed: 1, runs: 100, verdictOnly: true })
          ).checks;
          if (entry!.status === 'failed') {
            staleFails = check.id;
            break;
          }
        }
        expect(
          staleFails,
          'the reference made for the bundled choice should fail a check under the other choice',
        ).toBeDefined();
      });
    }
  }
});
