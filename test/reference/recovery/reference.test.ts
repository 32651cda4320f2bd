import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { runChecks } from '../../../src/api/run.js';
import type { JsonObject, RecoveryAction, RecoveryScenario } from '../../../src/contract/recovery.js';
import { createReferenceAdapter } from '../../../src/reference/index.js';
import { recoveryReference } from '../../../src/reference/recovery/index.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import { recoverySuite } from '../../../suites/recovery/index.js';
import { failureOf, problemOf } from '../../suites/recovery/report.js';

/** The bundled spec with some of its seed data changed: not a user override (those keys are not decisions), a probe that every part reads the data. */
const withSeedData = (recovery: Partial<ReturnType<typeof bundledSpec>['recovery']>) => ({
  ...bundledSpec(),
  recovery: { ...bundledSpec().recovery, ...recovery },
});

const notPassed = (r: Awaited<ReturnType<typeof runChecks>>) =>
  r.checks
    .filter((c) => c.status !== 'passed')
    .map((c) => ({ ...problemOf(c), counterexample: c.status === 'failed' ? failureOf(c).counterexample : undefined }));

/** A scenario of one status packet, at `level`. */
const scenario = (level: RecoveryScenario['capability_level']): RecoveryScenario => ({
  session_id: `s-${level}`,
  capability_level: level,
  now: '2026-06-01T00:00:00Z',
  tasks: [
    {
      task_id: 'task-1',
      kind: 'status',
      depends_on: [],
      url: 'https://hub.example.com/status',
      message: { uai_version: '1.0', message_id: 'm1', profile: 'uai.agent.task-status.v1', body: {} },
      requires_auth: false,
    },
  ],
  public_state_base: 'https://agent.example.com/state/',
  anchors: [],
});

/** The seed's dependency_failure error for the first request of a session. */
const outage = (requestId: string) => ({
  type: 'error' as const,
  request_id: requestId,
  now: '2026-06-01T00:00:00Z',
  payload: {
    uai_version: '1.0',
    profile: 'uai.error.v1',
    message_id: 'e1',
    body: {
      status: 'isolated_noop',
      code: 'task_not_found',
      numeric_status: 503,
      origin: 'host',
      detail: 'down',
      sub_errors: [
        {
          mechanical_condition: 'dependency_failure',
          recovery_options: [
            {
              action: 'wait_for_dependency',
              executable_parameters: { backoff_strategy: 'exponential', max_retries: 3 },
            },
          ],
        },
      ],
    } as JsonObject,
  },
});

/** The reference's answer, under `spec`, when its first send meets an outage at `level`. */
async function answerToOutage(
  spec: ReturnType<typeof bundledSpec>,
  level: RecoveryScenario['capability_level'],
): Promise<RecoveryAction[]> {
  const { recovery } = recoveryReference(spec);
  const [send] = (await recovery.start(scenario(level))) as RecoveryAction[];
  return (await recovery.observe(
    `s-${level}`,
    outage((send as { request_id: string }).request_id),
  )) as RecoveryAction[];
}

describe('the reference recovery policy', () => {
  it("passes every recovery check on adversarial cases too (the depth proof is the suite's reference.test.ts)", async () => {
    const report = await runChecks({ checks: recoverySuite, adapter: referenceAdapter, seed: 42, runs: 60 });
    expect(notPassed(report)).toEqual([]);
    for (const c of report.checks) expect(c.evidence.tags.adversarial ?? 0, c.id).toBeGreaterThan(0);
  });

  it('acts as a legacy agent when it declares a level below the recovering ones', async () => {
    const legacy = {
      ...referenceAdapter,
      describe: () => ({ name: 'legacy', version: '0', capabilityLevel: 'L3' as const }),
    };
    const report = await runChecks({ checks: recoverySuite, adapter: legacy, seed: 5, runs: 60 });
    expect(notPassed(report)).toEqual([]);
  });

  it('waits as long as the backoff of the spec it is given says', async () => {
    const slow = withOverrides(bundledSpec(), {
      recovery: { backoff: { initialDelayMs: 2500, exponentialFactor: 3 } },
    });
    expect(await answerToOutage(bundledSpec(), 'L7')).toEqual([expect.objectContaining({ type: 'wait', ms: 1000 })]);
    expect(await answerToOutage(slow, 'L7')).toEqual([expect.objectContaining({ type: 'wait', ms: 2500 })]);
  });

  it('recovers at the levels of the spec data it is given, and halts at the others (seed data: read, never hard-coded)', async () => {
    const onlyL7 = withSeedData({ recoveringLevels: ['L7'] });
    expect((await answerToOutage(bundledSpec(), 'L6'))[0]?.type).toBe('wait');
    expect((await answerToOutage(onlyL7, 'L6'))[0]?.type).toBe('halt');
  });

  it('passes every recovery check under overridden decisions and other seed data, judged by the same data (seed 42, 60 runs)', async () => {
    const overridden = withOverrides(bundledSpec(), {
      recovery: {
        backoff: { initialDelayMs: 250, exponentialFactor: 3 },
        isolatedNoopBlockerType: 'boundary_conflict',
      },
    });
    const spec = { ...overridden, recovery: { ...overridden.recovery, recoveringLevels: ['L7' as const] } };
    const adapter = createReferenceAdapter(spec, { version: '0' });
    const report = await runChecks({ checks: recoverySuite, adapter, spec, seed: 42, runs: 60 });
    expect(notPassed(report)).toEqual([]);
    const asL6 = {
      ...adapter,
      describe: () => ({ name: 'reference at L6', version: '0', capabilityLevel: 'L6' as const }),
    };
    expect(notPassed(await runChecks({ checks: recoverySuite, adapter: asL6, spec, seed: 42, runs: 60 }))).toEqual([]);
  });
});
