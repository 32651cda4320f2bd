import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { packCatalog } from '../../src/api/catalog.js';
import { runChecks } from '../../src/api/run.js';
import { ADAPTER_MEMBERS, type Adapter, type AdapterInfo } from '../../src/contract/adapter.js';
import type { CaseClaim, CheckDefinition } from '../../src/engine/check.js';
import { problemOf } from '../../src/model/report.js';
import { caseAt, firstCases } from '../../src/engine/replay.js';
import { bundledSpec } from '../../src/spec/index.js';
import type { Gallery } from './broken.js';
import { disagreement, judge } from './claims.js';

/**
 * The two proofs every suite owes, written once and called from each suite's folder (so that vitest
 * runs the suites side by side): its gallery of broken adapters fails every check it holds, and the
 * reference passes every check at depth. `test/catalog/every-check-can-fail.test.ts` makes sure no
 * suite of the catalog goes without them.
 */
const catalog = packCatalog();

/** The checks that call a member `adapter` answers otherwise than the reference: where its slip could show. */
function neighbours(adapter: Adapter, own: string, alsoFails: readonly string[]): CheckDefinition[] {
  const changed = ADAPTER_MEMBERS.filter((m) => adapter[m] !== undefined && adapter[m] !== referenceAdapter[m]);
  return catalog.checks.filter(
    (c) => c.id !== own && !alsoFails.includes(c.id) && c.requires.some((m) => changed.includes(m)),
  );
}

async function expectFailsWithItsId(check: CheckDefinition, adapter: Adapter): Promise<void> {
  const [r] = (
    await runChecks({ checks: [check], adapter, seed: 1, runs: 100, adapterSpec: './broken', verdictOnly: true })
  ).checks;
  expect({ id: r!.id, status: r!.status, error: r!.status === 'errored' ? r!.error.message : undefined }).toEqual({
    id: check.id,
    status: 'failed',
    error: undefined,
  });
  expect(r!.status === 'failed' && r!.failure.replay).toContain(`--check ${check.id}`);
}

const nameOf = (a: Adapter) => (a.describe() as AdapterInfo).name;

/** A case of a check with the tags it carries and what it claims (where the check states claims), drawn once per check for every family proof. */
interface SampledCase {
  input: unknown;
  claim?: CaseClaim;
  tags: readonly string[];
}
const sampledCases = new Map<string, SampledCase[]>();

/**
 * The 100 cases a default run of `check` at seed 1 draws, in the order it draws them, with their
 * tags and claims: the same for every family of the check, so drawn once. Every family the check
 * draws is among them (`test/catalog/reach.test.ts` holds each check to that at seed 1, among others).
 */
function sampledCasesOf(check: CheckDefinition): SampledCase[] {
  let cases = sampledCases.get(check.id);
  if (cases === undefined) {
    const spec = bundledSpec();
    cases = firstCases(check, spec, 1, 100).map((input) => ({
      input,
      tags: check.tags?.(input) ?? [],
      ...(check.claim ? { claim: check.claim(input, spec) } : {}),
    }));
    sampledCases.set(check.id, cases);
  }
  return cases;
}

/**
 * A slip only `family` exposes: a default run fails on a case of that family, and (where the check's
 * cases state their claim) the adapter answers every case of another family as the claim says, and
 * at least one case of the family otherwise.
 */
async function expectOnlyFamilyCatches(check: CheckDefinition, family: string, adapter: Adapter): Promise<void> {
  const spec = bundledSpec();
  const [r] = (
    await runChecks({ checks: [check], adapter, seed: 1, runs: 100, adapterSpec: './broken', verdictOnly: true })
  ).checks;
  expect(r!.status).toBe('failed');
  if (r!.status !== 'failed') return;
  // Unshrunk (verdictOnly), the failing case is the run's case at that index: one of the sampled cases.
  const index = /^\d+$/.test(r!.failure.path) ? Number(r!.failure.path) : -1;
  const sampled = sampledCasesOf(check);
  const shown = (input: unknown) => JSON.stringify(check.show ? check.show(input) : input);
  const same =
    index >= 0 && index < sampled.length && shown(sampled[index]!.input) === JSON.stringify(r!.failure.counterexample);
  const tags = same ? sampled[index]!.tags : (check.tags?.(caseAt(check, spec, 1, 100, r!.failure.path)) ?? []);
  expect(tags).toContain(`family:${family}`);
  if (check.claim === undefined) return;
  let caught = 0;
  for (const { claim, tags } of sampled) {
    const wrong = disagreement(claim!, await judge(adapter, claim!)) !== null;
    const ofFamily = tags.includes(`family:${family}`);
    if (wrong) expect(ofFamily, `answered wrongly a case of another family: ${tags.join(' ')}`).toBe(true);
    if (wrong) caught += 1;
  }
  expect(caught).toBeGreaterThan(0);
}

/**
 * A check that cannot fail is a defect: every check of `suite` fails, with its own id, on the
 * gallery's adapter for it; that adapter makes one slip, so every other check calling what it
 * changed passes (but those `alsoFails` names); and every further slip of `more` fails its check too.
 */
export function describeGallery(suite: string, gallery: Gallery): void {
  const checks = catalog.select({ suites: [suite] });
  describe(`the ${suite} gallery of broken adapters`, () => {
    it('holds an adapter for every check of the suite, and none for another', () => {
      expect(Object.keys(gallery.broken).sort()).toEqual(checks.map((c) => c.id).sort());
      const named = [...Object.entries(gallery.alsoFails ?? {}).flat(2), ...Object.keys(gallery.more ?? {})];
      expect(named.filter((id) => !catalog.get(id))).toEqual([]);
    });

    for (const check of checks.filter((c) => Object.hasOwn(gallery.broken, c.id))) {
      const adapter = gallery.broken[check.id]!;
      it(`${check.id} fails, with its own id, on an adapter that ${nameOf(adapter)}; the adapter passes the other checks its slip could reach`, async () => {
        await expectFailsWithItsId(check, adapter);
        const others = neighbours(adapter, check.id, gallery.alsoFails?.[check.id] ?? []);
        if (others.length === 0) return;
        const report = await runChecks({
          checks: others,
          adapter,
          seed: 3,
          runs: 10,
          adapterSpec: './broken',
          verdictOnly: true,
        });
        expect(
          report.checks
            .filter((c) => c.status !== 'passed' && c.status !== 'skipped')
            .map((c) => `${c.id} ${c.status}`),
        ).toEqual([]);
      });
    }

    for (const [id, list] of Object.entries(gallery.more ?? {})) {
      for (const adapter of list) {
        it(`${id} fails, with its own id, on another slip too: ${nameOf(adapter)}`, async () => {
          await expectFailsWithItsId(catalog.get(id)!, adapter);
        });
      }
    }
  });
}

/**
 * Every mutation family a gallery proves (`byFamily`) catches its slip alone. Called from the suite's
 * `families.test.ts`, apart from `describeGallery`, so that vitest runs the two side by side.
 */
export function describeGalleryFamilies(suite: string, gallery: Gallery): void {
  describe(`the ${suite} mutation families, each alone catching a slip`, () => {
    it('name checks of the suite only', () => {
      const ids = new Set(catalog.select({ suites: [suite] }).map((c) => c.id));
      expect(Object.keys(gallery.byFamily ?? {}).filter((id) => !ids.has(id))).toEqual([]);
    });
    for (const [id, families] of Object.entries(gallery.byFamily ?? {})) {
      for (const [family, adapter] of Object.entries(families)) {
        it(`${id}: the ${family} family alone catches an adapter that ${nameOf(adapter)}`, async () => {
          await expectOnlyFamilyCatches(catalog.get(id)!, family, adapter);
        });
      }
    }
  });
}

/** The reference passes every check of `suite` at depth (a correct implementation is never failed). */
export function describeReferencePasses(suite: string, runs = 200): void {
  describe(`the reference adapter on the ${suite} suite`, () => {
    it(`passes every check at ${runs} runs`, async () => {
      const report = await runChecks({
        checks: catalog.select({ suites: [suite] }),
        adapter: referenceAdapter,
        seed: 1000,
        runs,
        adapterSpec: 'reference',
      });
      expect(
        report.checks
          .filter((c) => c.status !== 'passed' || c.runs !== runs)
          .map((c) => ({ id: c.id, status: c.status, runs: c.runs, problem: problemOf(c) })),
      ).toEqual([]);
    }, 600_000);
  });
}
