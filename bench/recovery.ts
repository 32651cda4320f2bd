import fc from 'fast-check';
import type { Bench } from 'tinybench';
import { createHarness } from '../src/engine/harness.js';
import type { Adapter } from '../src/contract/adapter.js';
import { referenceAdapter } from '../src/adapters/reference.js';
import { bundledSpec } from '../src/spec/index.js';
import { recoveryCase, ALL_FAULT_KINDS } from '../generators/recovery/recovery-case.js';
import type { RecoveryCase } from '../generators/recovery/types.js';
import { recoverySuite } from '../suites/recovery/index.js';
import { runSession } from '../suites/recovery/world/session.js';

/** Cycles through a fixed, pre-generated corpus so that generation stays out of the measurement. */
function cycle<T>(items: readonly T[]): () => T {
  let i = 0;
  return () => items[i++ % items.length]!;
}

/**
 * Adds the recovery tasks to `bench`. One operation plays one whole session (the simulated world
 * against the reference policy, through the harness), so ops/s is recovery scenarios per second:
 * fault-free workflows, workflows under any fault schedule, and sessions judged by a REC-* check.
 */
export async function benchRecovery(bench: Bench): Promise<void> {
  const adapter: Adapter = {
    describe: () => ({ name: 'reference', version: '0', capabilityLevel: 'L7' }),
    recovery: referenceAdapter.recovery!,
  };
  const h = createHarness(
    adapter,
    { name: 'reference', version: '0', capabilityLevel: 'L7' },
    { timeoutMs: 10_000, now: '2026-06-01T00:00:00Z', spec: bundledSpec() },
  );
  const calm = cycle(fc.sample(recoveryCase({ levels: ['L7'], others: { max: 6 } }), { seed: 42, numRuns: 500 }));
  const stormy = cycle(
    fc.sample(recoveryCase({ levels: ['L0', 'L3', 'L6', 'L7'], others: { faults: ALL_FAULT_KINDS, max: 6 } }), {
      seed: 42,
      numRuns: 500,
    }),
  );
  const judged = cycle(
    recoverySuite.flatMap((check) =>
      fc
        .sample(check.arbitrary(bundledSpec()), { seed: 42, numRuns: 50 })
        .map((c) => ({ check, c: c as RecoveryCase })),
    ),
  );
  await runSession(h, calm()); // load spec data and compile the action schema before timing
  bench
    .add('recovery: reference session, fault-free workflow (scenarios/s)', async () => {
      await runSession(h, calm());
    })
    .add('recovery: reference session, any fault schedule (scenarios/s)', async () => {
      await runSession(h, stormy());
    })
    .add('recovery: session judged by a REC-* check (scenarios/s)', async () => {
      const { check, c } = judged();
      await check.run(c, h);
    });
}
