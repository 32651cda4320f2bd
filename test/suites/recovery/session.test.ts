import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { runChecks } from '../../../src/api/run.js';
import type { Adapter } from '../../../src/contract/adapter.js';
import type { JsonObject, RecoveryAction } from '../../../src/contract/recovery.js';
import { createHarness } from '../../../src/engine/harness.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { ALL_FAULT_KINDS, recoveryCase } from '../../../generators/recovery/recovery-case.js';
import { recCorrectField } from '../../../suites/recovery/correct-field.js';
import { recoverySuite } from '../../../suites/recovery/index.js';
import { effectiveLevel, runSession, SESSION_LIMITS } from '../../../suites/recovery/world/session.js';
import { errorOf, failureOf } from './report.js';

const withPolicy = (start: (s: any) => unknown, observe: (id: string, o: any) => unknown = () => []): Adapter => ({
  describe: () => ({ name: 'probe', version: '0', capabilityLevel: 'L7' }),
  recovery: { start, observe } as Adapter['recovery'],
});

const run = (adapter: Adapter, runs = 20) =>
  runChecks({ checks: [recCorrectField], adapter, seed: 3, runs }).then((r) => r.checks[0]);

describe('a recovery session, as the harness drives it', () => {
  it('makes a malformed answer an adapter fault (errored), not a failure', async () => {
    const r = await run(withPolicy(() => [{ type: 'send', url: 'https://x.example/' }]));
    expect(r.status).toBe('errored');
    expect(errorOf(r).message).toMatch(/wrong shape/);
  });

  it('refuses a request id used twice in a session', async () => {
    const r = await run(
      withPolicy(() => [
        { type: 'wait', request_id: 'a', ms: 1 },
        { type: 'wait', request_id: 'a', ms: 2 },
      ]),
    );
    expect(r.status).toBe('errored');
    expect(errorOf(r).message).toMatch(/already used/);
  });

  it('refuses an action after complete', async () => {
    const r = await run(withPolicy(() => [{ type: 'complete' }, { type: 'wait', request_id: 'a', ms: 1 }]));
    expect(r.status).toBe('errored');
  });

  it('fails, never hangs, on an agent that loops, at the harness step bound', async () => {
    let n = 0;
    const loop = withPolicy(
      () => [{ type: 'wait', request_id: `w${n++}`, ms: 1 }],
      () => [{ type: 'wait', request_id: `w${n++}`, ms: 1 }] satisfies RecoveryAction[],
    );
    const r = await run(loop, 3);
    expect(r.status).toBe('failed');
    expect(failureOf(r).message).toBe(`the session did not end within ${SESSION_LIMITS.maxSteps} steps`);
  });

  it('runs at the case level capped by the declared one, and at the harness undeclared level (L7) when none is declared', () => {
    expect(effectiveLevel('L3', 'L7')).toBe('L3');
    expect(effectiveLevel('L7', 'L2')).toBe('L2');
    expect(effectiveLevel(undefined, 'L7')).toBe(SESSION_LIMITS.undeclaredLevel);
    expect(effectiveLevel(undefined, 'L5')).toBe('L5');
  });

  it('fails an agent that goes silent with work unfinished', async () => {
    const r = await run(withPolicy(() => []));
    expect(r.status).toBe('failed');
    expect(failureOf(r).message).toMatch(/never said complete/);
  });

  it('skips every check for an adapter without a recovery policy', async () => {
    const report = await runChecks({
      checks: recoverySuite,
      adapter: { describe: () => ({ name: 'none', version: '0' }) },
      seed: 1,
      runs: 5,
    });
    expect(report.checks.map((c) => c.status)).toEqual(recoverySuite.map(() => 'skipped'));
  });

  it('gives the agent JSON copies: a policy that mutates what it receives cannot change the world', async () => {
    const inner = referenceAdapter.recovery!;
    const vandal = withPolicy(
      async (s) => {
        const out = await inner.start(JSON.parse(JSON.stringify(s)));
        for (const t of s.tasks) t.url = 'https://evil.example/';
        return out;
      },
      async (id, o) => {
        const out = await inner.observe(id, JSON.parse(JSON.stringify(o)));
        if (o.payload) o.payload.body = null;
        return out;
      },
    );
    const h = createHarness(
      vandal,
      { name: 'vandal', version: '0', capabilityLevel: 'L7' },
      { timeoutMs: 5000, now: '2026-06-01T00:00:00Z', spec: bundledSpec() },
    );
    for (const c of fc.sample(recoveryCase({ levels: ['L7'], others: { faults: ALL_FAULT_KINDS } }), {
      numRuns: 30,
      seed: 8,
    })) {
      const s = await runSession(h, c);
      expect(s.world.workflow.scenario.tasks.every((t) => !t.url.includes('evil'))).toBe(true);
      expect(
        s.world.log.every((e) => e.item.type !== 'error' || (e.item as { payload: JsonObject }).payload.body !== null),
      ).toBe(true);
    }
  });

  it('takes an in-process answer as JSON, the way it would cross a process: -0 is 0', async () => {
    const agent = withPolicy(() => [{ type: 'wait', request_id: 'w1', ms: -0 }, { type: 'complete' }]);
    const h = createHarness(
      agent,
      { name: 'probe', version: '0', capabilityLevel: 'L7' },
      { timeoutMs: 5000, now: '2026-06-01T00:00:00Z', spec: bundledSpec() },
    );
    const [c] = fc.sample(recoveryCase({ levels: ['L7'] }), { numRuns: 1, seed: 5 });
    const s = await runSession(h, c!);
    const wait = s.world.log.find((e) => e.who === 'agent' && e.item.type === 'wait')!.item as unknown as Record<
      string,
      unknown
    >;
    expect(Object.is(wait.ms, -0)).toBe(false);
    expect(wait.ms).toBe(0);
  });
});
