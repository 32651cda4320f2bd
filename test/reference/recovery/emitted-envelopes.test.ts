import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import type { Adapter } from '../../../src/contract/adapter.js';
import type { EmitAction, JsonObject } from '../../../src/contract/recovery.js';
import { createHarness } from '../../../src/engine/harness.js';
import { createReferenceAdapter } from '../../../src/reference/index.js';
import { blockerEnvelope } from '../../../src/reference/recovery/blocker.js';
import { bundledSpec, withOverrides, type SpecData } from '../../../src/spec/index.js';
import { token } from '../../../generators/envelope/fields.js';
import { ALL_FAULT_KINDS, recoveryCase } from '../../../generators/recovery/recovery-case.js';
import { recIsolatedNoop } from '../../../suites/recovery/isolated-noop.js';
import { runSession } from '../../../suites/recovery/world/session.js';

/**
 * The rule behind seed 000's blocker: every packet the pack asks an agent to emit (the contract's
 * `emit` action carries only blockers) is a valid UAI-1 envelope of its profile under the pack's own
 * validator, the references it must carry in fields that profile declares (D-REC-07). Proven on the
 * reference agent, judged by the reference validator of the same spec data.
 */
const NOW = '2026-06-01T00:00:00Z';

/** Every packet `adapter`'s recovery policy emitted in sessions of `cases`, with the world's clock when it did. */
async function emitted(
  adapter: Adapter,
  spec: SpecData,
  cases: fc.Arbitrary<Parameters<typeof runSession>[1]>,
  numRuns: number,
  seed: number,
) {
  const h = createHarness(
    adapter,
    { name: 'reference', version: '0', capabilityLevel: 'L7' },
    { timeoutMs: 5000, now: NOW, spec },
  );
  const out: { packet: JsonObject; now: string }[] = [];
  for (const c of fc.sample(cases, { numRuns, seed })) {
    const s = await runSession(h, c);
    for (const e of s.world.log)
      if (e.who === 'agent' && e.item.type === 'emit')
        out.push({ packet: (e.item as EmitAction).packet, now: s.world.iso(e.t) });
  }
  return out;
}

/** The packets of `list` that `adapter`'s envelope validator refuses, with its findings. */
async function refused(adapter: Adapter, list: { packet: JsonObject; now: string }[]) {
  const out: unknown[] = [];
  for (const { packet, now } of list) {
    const v = await adapter.validateEnvelope!(packet, { now });
    if (!v.valid) out.push({ packet, findings: v.findings });
  }
  return out;
}

const anySchedule = recoveryCase({ levels: ['L3', 'L6', 'L7'], others: { faults: ALL_FAULT_KINDS, max: 6 } });

describe('every packet the reference agent emits', () => {
  it('is a valid envelope of the blocker profile under the reference validator, across sessions and fault schedules', async () => {
    const spec = bundledSpec();
    const list = [
      ...(await emitted(referenceAdapter, spec, anySchedule, 150, 21)),
      ...(await emitted(referenceAdapter, spec, recIsolatedNoop.arbitrary(spec), 150, 22)),
    ];
    expect(list.length).toBeGreaterThan(150);
    expect(list.filter((x) => x.packet.profile !== spec.recovery.blockerProfile)).toEqual([]);
    expect(await refused(referenceAdapter, list)).toEqual([]);
  });

  it('stays valid under the other decisions, judged by the validator of the same spec data', async () => {
    const spec = withOverrides(bundledSpec(), {
      recovery: { isolatedNoopBlockerType: 'boundary_conflict' },
      envelope: { expiry: 'after', checksumScope: 'integrity-object' },
    });
    const adapter = createReferenceAdapter(spec, { version: 'override' });
    const list = await emitted(adapter, spec, recIsolatedNoop.arbitrary(spec), 80, 23);
    expect(list.length).toBeGreaterThan(0);
    expect(
      list.every(
        (x) =>
          (x.packet.body as JsonObject).blocker_type === 'boundary_conflict' &&
          (x.packet.body as JsonObject).human_review_required === true,
      ),
    ).toBe(true);
    expect(await refused(adapter, list)).toEqual([]);
  });

  it('is valid for whatever a blocker says: no error to cite, blank detail, any session id, any clock', async () => {
    const spec = bundledSpec();
    const facts = fc.record(
      {
        taskId: token(),
        errorMessageId: token(),
        condition: fc.constantFrom('missing_permission', 'unavailable_tool', 'stale_revision'),
        detail: fc.constantFrom(
          'This operation needs explicit review under the no-op protocol.',
          'cannot correct $.parameters.at',
          '',
          '  ',
        ),
        review: fc.webUrl(),
        prerequisites: fc.array(token(), { maxLength: 3 }),
        evidence: fc.array(token(), { maxLength: 3 }),
      },
      { requiredKeys: ['taskId', 'detail', 'prerequisites', 'evidence'] },
    );
    const place = fc.record({
      sessionId: fc.string({ minLength: 1, maxLength: 300 }),
      now: fc.integer({ min: 0, max: Date.UTC(2090, 0, 1) }),
      sequence: fc.nat(1000),
    });
    for (const [f, p] of fc.sample(fc.tuple(facts, place), { numRuns: 300, seed: 24 })) {
      const v = await referenceAdapter.validateEnvelope!(blockerEnvelope(spec, f, p), {
        now: new Date(p.now).toISOString(),
      });
      expect(v, JSON.stringify({ f, p })).toEqual({ valid: true });
    }
  });

  it('keeps its blocker body to the fields the blocker profile of its spec declares', () => {
    const spec = bundledSpec();
    const profile = spec.envelope.profiles[spec.recovery.blockerProfile]!;
    const { evidence_ids: _e, prerequisite_task_ids: _p, ...narrower } = profile.fields;
    const narrowed = {
      ...spec,
      envelope: {
        ...spec.envelope,
        profiles: { ...spec.envelope.profiles, [spec.recovery.blockerProfile]: { ...profile, fields: narrower } },
      },
    };
    const packet = blockerEnvelope(
      narrowed,
      { taskId: 'task-2', detail: 'refused', prerequisites: ['task-1'], evidence: ['ev-task-1-1'] },
      { sessionId: 'rs-1', now: 0, sequence: 1 },
    );
    expect(Object.keys(packet.body as JsonObject).filter((k) => !Object.hasOwn(narrower, k))).toEqual([]);
    expect(packet.body).not.toHaveProperty('evidence_ids');
    expect(packet.body).toMatchObject({ blocked_task_id: 'task-2' });
  });
});
