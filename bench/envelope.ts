import fc from 'fast-check';
import type { Bench } from 'tinybench';
import { runChecks } from '../src/api/run.js';
import { referenceAdapter } from '../src/adapters/reference.js';
import { bundledSpec } from '../src/spec/index.js';
import { profileValidator } from '../src/reference/envelope/schema.js';
import { validateEnvelope } from '../src/reference/envelope/validate.js';
import { envelopeSuite } from '../suites/envelope/index.js';

/** Cases per runner operation: the envelope suite at this many runs per check. */
export const RUNNER_RUNS = 20;

/**
 * Adds the envelope tasks: the whole runner against the reference, the raw rate of the same
 * arbitraries, and the ajv validator alone. Each op's case count is returned so rates compare.
 */
export async function benchEnvelope(bench: Bench): Promise<Record<string, number>> {
  const casesPerOp: Record<string, number> = {};
  const arbitraries = envelopeSuite.map((c) => c.arbitrary(bundledSpec()));
  const corpus = fc.sample(envelopeSuite[0]!.arbitrary(bundledSpec()), { seed: 42, numRuns: 2000 }) as {
    profile: string;
    now: string;
    packet: unknown;
  }[];
  for (const c of corpus) validateEnvelope(bundledSpec().envelope, c.packet, { now: c.now }); // compile every profile first
  for (const a of arbitraries) fc.sample(a, { seed: 0, numRuns: 200 }); // build every lazily cached arbitrary first
  let i = 0;

  const runner = 'envelope: whole runner vs reference (cases/s)';
  casesPerOp[runner] = envelopeSuite.length * RUNNER_RUNS;
  bench.add(runner, async () => {
    const report = await runChecks({ checks: envelopeSuite, adapter: referenceAdapter, seed: i++, runs: RUNNER_RUNS });
    if (report.summary.passed !== envelopeSuite.length)
      throw new Error('the reference failed a check during the benchmark');
  });

  const raw = 'envelope: the same arbitraries alone (cases/s)';
  casesPerOp[raw] = envelopeSuite.length * RUNNER_RUNS;
  bench.add(raw, () => {
    const seed = i++;
    for (const a of arbitraries) fc.sample(a, { seed, numRuns: RUNNER_RUNS });
  });

  const ajvAlone = 'envelope: ajv schema validator alone (cases/s)';
  casesPerOp[ajvAlone] = 1;
  bench.add(ajvAlone, () => {
    const c = corpus[i++ % corpus.length]!;
    profileValidator(bundledSpec().envelope, c.profile)(c.packet);
  });

  const refAlone = 'envelope: reference validateEnvelope alone (cases/s)';
  casesPerOp[refAlone] = 1;
  bench.add(refAlone, () => {
    const c = corpus[i++ % corpus.length]!;
    validateEnvelope(bundledSpec().envelope, c.packet, { now: c.now });
  });
  return casesPerOp;
}
