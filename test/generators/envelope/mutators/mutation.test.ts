import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { envelopeOf } from '../../../../generators/envelope/envelope.js';
import {
  badCorrelationId,
  badFallbackDirective,
  badIdempotencyKey,
  malformedIdentity,
  notUtcZ,
} from '../../../../generators/envelope/mutators/format.js';
import { mutated, type EnvelopeMutator } from '../../../../generators/envelope/mutators/mutation.js';
import {
  blockerWithoutReview,
  coldMemoryPromoted,
  expired,
  hollowEvidence,
  secretInMemory,
  unsupportedClaimAdded,
} from '../../../../generators/envelope/mutators/policy.js';
import { wrongValue } from '../../../../generators/envelope/mutators/types.js';
import {
  missingRequired,
  undeclaredField,
  unknownProfile,
} from '../../../../generators/envelope/mutators/structure.js';
import type { EnvelopeSpec } from '../../../../src/spec/envelope.js';
import { bundledSpec, withOverrides, type SpecData } from '../../../../src/spec/index.js';
import { envelopeSuite } from '../../../../suites/envelope/index.js';

const spec = bundledSpec();

/**
 * The exact instant of an RFC 3339 UTC date-time in nanoseconds (a leap second `23:59:60` is the
 * next day's midnight), written apart from the generators' and the reference's own readers.
 */
function instant(text: string): bigint | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}):(\d{2})(?:\.(\d{1,9}))?Z$/.exec(text);
  if (!m) return null;
  const seconds = Number(m[3]);
  const ms =
    Date.parse(`${m[1]}T${m[2]}:${String(Math.min(seconds, 59)).padStart(2, '0')}Z`) + (seconds === 60 ? 1000 : 0);
  return BigInt(ms) * 1_000_000n + BigInt((m[4] ?? '').padEnd(9, '0'));
}

/** Every envelope mutator, as the rules of the envelope suite apply it (on the profiles it needs). */
const MUTATORS: { of: (spec: EnvelopeSpec) => EnvelopeMutator; profiles?: string[] }[] = [
  { of: unknownProfile },
  { of: missingRequired },
  { of: undeclaredField },
  { of: wrongValue },
  { of: notUtcZ },
  { of: () => malformedIdentity },
  { of: () => badCorrelationId },
  { of: () => badIdempotencyKey },
  { of: () => badFallbackDirective },
  { of: expired },
  { of: unsupportedClaimAdded },
  { of: secretInMemory, profiles: ['uai.agent.memory-proposal.v1'] },
  { of: coldMemoryPromoted, profiles: ['uai.agent.memory-proposal.v1'] },
  { of: () => hollowEvidence, profiles: ['uai.agent.final-report.v1'] },
  { of: blockerWithoutReview, profiles: ['uai.agent.blocker.v1'] },
];

describe('the envelope mutators', () => {
  it('break, between them, every rule the envelope suite rejects on', () => {
    const rejecting = envelopeSuite.filter((c) =>
      fc.sample(c.arbitrary(spec), { seed: 1, numRuns: 1 }).some((input) => c.claim!(input, spec).valid === false),
    );
    expect(MUTATORS.map((m) => m.of(spec.envelope).breaks).sort()).toEqual(rejecting.map((c) => c.id).sort());
  });

  describe.each(MUTATORS.map((m) => [m.of(spec.envelope).breaks, m] as const))(
    'the mutator of %s',
    (_id, { of, profiles }) => {
      const mutator = of(spec.envelope);

      it('draws every family it declares, and no other', () => {
        const families = new Set(
          fc.sample(mutated(spec, mutator, profiles).cases, { seed: 6, numRuns: 300 }).map((c) => c.family),
        );
        expect([...families].sort()).toEqual([...mutator.families].sort());
      });

      it('never edits the envelope it is given', () => {
        const base = profiles ? fc.constantFrom(...profiles).chain((p) => envelopeOf(spec, p)) : envelopeOf(spec);
        for (const c of fc.sample(base, { seed: 8, numRuns: 5 })) {
          const before = structuredClone(c);
          fc.sample(mutator.mutate(c), { seed: 9, numRuns: 5 });
          expect(c).toEqual(before);
        }
      });
    },
  );

  it('follow the policy of the spec they are given', () => {
    const types = ['authorization', 'dependency_unavailable'];
    // Seed data a user cannot override, but the mutators follow any data they are given.
    const overridden: SpecData = {
      ...spec,
      envelope: { ...spec.envelope, policy: { ...spec.envelope.policy, humanReviewBlockerTypes: types } },
    };
    const mutator = blockerWithoutReview(overridden.envelope);
    expect(mutator.families).toEqual([...types, 'truthy-non-boolean']);
    const drawn = new Set(
      fc
        .sample(mutated(overridden, mutator, ['uai.agent.blocker.v1']).cases, { seed: 2, numRuns: 50 })
        .map((c) => c.packet.body.blocker_type),
    );
    expect([...drawn].sort()).toEqual(types);
  });

  it('plant an expiry at its very instant only where that instant is already too late (D-ENV-07)', () => {
    const after = withOverrides(spec, { envelope: { expiry: 'after' } });
    const mutator = expired(after.envelope);
    expect(mutator.families).toEqual([
      'just-after',
      'long-after',
      'mixed-precision',
      'long-fraction',
      'leap-second',
      'fine-clock',
    ]);
    for (const c of fc.sample(mutated(after, mutator).cases, { seed: 3, numRuns: 100 })) {
      expect(instant(c.now)! > instant(c.packet.delivery.expires_at)!, c.note).toBe(true);
    }
  });

  it("write the clock of fine-clock to the expiry's own precision, below the millisecond, at or just after it (D-ENV-04, D-ENV-07)", () => {
    for (const data of [spec, withOverrides(spec, { envelope: { expiry: 'after' } })]) {
      const cases = fc
        .sample(mutated(data, expired(data.envelope)).cases, { seed: 5, numRuns: 300 })
        .filter((c) => c.family === 'fine-clock');
      expect(cases.length).toBeGreaterThan(10);
      for (const c of cases) {
        const expires = instant(c.packet.delivery.expires_at)!;
        const now = instant(c.now)!;
        expect(data.envelope.expiry === 'after' ? now === expires + 1n : now === expires, c.note).toBe(true);
        // Read to the millisecond, the clock falls before the expiry.
        expect(BigInt(Date.parse(c.now)) * 1_000_000n < expires, c.note).toBe(true);
      }
    }
  });

  it('plant undeclared members at the top level only where only the top level is closed (D-ENV-14)', () => {
    const open = withOverrides(spec, { envelope: { undeclaredMembers: 'top-level' } });
    const mutator = undeclaredField(open.envelope);
    expect(mutator.families).toEqual(['top-level', 'prototype-name', 'near-name']);
    const cases = fc.sample(mutated(open, mutator).cases, { seed: 3, numRuns: 60 });
    expect([...new Set(cases.map((c) => c.family))].sort()).toEqual(['near-name', 'prototype-name', 'top-level']);
    for (const c of cases) expect(c.note).toMatch(/ at \/$/);
  });
});

describe('mutated', () => {
  it('seals every mutated envelope again, with the checksum or the placeholder', () => {
    const sealings = new Set(
      fc.sample(mutated(spec, expired(spec.envelope)).cases, { seed: 4, numRuns: 40 }).map((c) => c.sealing),
    );
    expect([...sealings].sort()).toEqual(['computed', 'placeholder']);
  });

  it('names the rule of its mutator, with what a finding may also name', () => {
    expect(mutated(spec, missingRequired(spec.envelope))).toMatchObject({
      breaks: 'ENV-REQUIRED-FIELDS',
      alsoAllowed: ['ENV-CORRELATION-ID', 'ENV-IDEMPOTENCY-KEY', 'ENV-FALLBACK-DIRECTIVE', 'ENV-IDENTITY'],
    });
    expect(mutated(spec, expired(spec.envelope))).toMatchObject({ breaks: 'ENV-EXPIRED', alsoAllowed: undefined });
  });

  it('discards a draw its mutator answers with null', () => {
    const onlyAcks: EnvelopeMutator = {
      breaks: 'ENV-EXPIRED',
      families: ['kept'],
      mutate: (c) =>
        expired(spec.envelope)
          .mutate(c)
          .map((m) => (m && c.profile === 'uai.agent.ack.v1' ? { ...m, family: 'kept' } : null)),
    };
    const cases = fc.sample(mutated(spec, onlyAcks).cases, { seed: 5, numRuns: 20 });
    expect(cases.map((c) => [c.profile, c.family])).toEqual(cases.map(() => ['uai.agent.ack.v1', 'kept']));
  });
});
