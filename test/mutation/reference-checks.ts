import { expect, it } from 'vitest';
// Imported when this file loads, never inside a test: Stryker counts the reference's module-level code
// as static only when it runs outside every test, and runs a static mutant with the module reloaded and
// the mutant active; imported inside the first test, that code would count as that test's, and its
// mutants would run without the module reloaded, so with the original constants (every one survived).
// The price: a static mutant that throws while the module loads leaves this file without tests, which
// Stryker counts as survived (secrets.ts GLOBAL, killed by hand: reports/mutation/envelope-equivalent.txt).
import { referenceAdapter, referenceFor } from '../../src/adapters/reference.js';
import { bundledSpec, withOverrides, type SpecData } from '../../src/spec/index.js';
import type { Alternatives } from '../helpers/overrides.js';
import { runChecks } from '../../src/api/run.js';
import type { CheckDefinition } from '../../src/engine/check.js';
import type { CheckReport } from '../../src/model/report.js';

/** The default run of the pack: what a mutant of the reference must survive to count as a survivor. */
export const MUTATION_RUN = { seed: 42, runs: 100 } as const;

/** One line on why a check entry is not a pass, for the test's failure message. */
function whyNotPassed(entry: CheckReport): string {
  if (entry.status === 'failed') return `failed: ${entry.failure.message}`;
  if (entry.status === 'errored') return `errored: ${entry.error.message}`;
  return entry.status;
}

/**
 * The spec data with every alternative of one spec file at once (`test/spec/overrides/<file>.ts`;
 * they compose, as the suites' override tests show): the data a user's `--spec-dir` makes.
 */
export function allAlternatives(file: keyof SpecData, alternatives: Alternatives): SpecData {
  return withOverrides(bundledSpec(), {
    [file]: Object.fromEntries(Object.entries(alternatives).map(([key, { value }]) => [key, value])),
  });
}

/**
 * One vitest test per check, named `[<check id>]` (the brackets keep one id from matching inside
 * another when Stryker selects tests by name): it runs the check against the bundled reference at
 * the default run and fails unless the check passes. One test per check lets Stryker's per-test
 * coverage run, for each mutant of the reference, only the checks that reach the mutated code.
 *
 * With `under`, each check runs a second time, named `[<check id>] under <name>`, with the
 * reference, the generators and the judge all built from that spec data: the reference's code for
 * the decisions a user may override (`--spec-dir`) is then judged too, where the bundled data never
 * reaches it. Declared after the bundled tests, so a mutant the bundled run kills stops there.
 */
export function eachCheckAgainstReference(
  checks: readonly CheckDefinition[],
  options: { freshSpec?: boolean; under?: { name: string; spec: SpecData } } = {},
): void {
  for (const check of checks) {
    it(`[${check.id}]`, async () => {
      // With `freshSpec`, each check gets a reference built from its own copy of the spec data: the
      // reference compiles its validators once per spec object, so with one shared reference the code
      // that builds them runs inside the first check's test only, and per-test coverage would run a
      // mutant of that code against that one check (for the envelope suite: ENV-VALID-ACCEPTED alone,
      // which no loosened schema fails). Used by the suites whose reference compiles per spec object
      // (error, envelope: schemas and claim patterns); a fresh envelope spec costs about a second a check.
      const adapter = options.freshSpec ? referenceFor(structuredClone(bundledSpec())) : referenceAdapter;
      // Verdicts only: a mutant's failure need not be shrunk (the verdict is the same, shrinking only costs time).
      const report = await runChecks({
        checks: [check],
        adapter,
        ...MUTATION_RUN,
        catalogHash: 'mutation-run',
        verdictOnly: true,
      });
      const entry = report.checks[0]!;
      expect(entry.status, `${check.id} ${whyNotPassed(entry)}`).toBe('passed');
    });
  }
  const under = options.under;
  if (under === undefined) return;
  for (const check of checks) {
    it(`[${check.id}] under ${under.name}`, async () => {
      const spec = options.freshSpec ? structuredClone(under.spec) : under.spec;
      const report = await runChecks({
        checks: [check],
        adapter: referenceFor(spec),
        spec,
        ...MUTATION_RUN,
        catalogHash: 'mutation-run',
        verdictOnly: true,
      });
      const entry = report.checks[0]!;
      expect(entry.status, `${check.id} under ${under.name}: ${whyNotPassed(entry)}`).toBe('passed');
    });
  }
}
