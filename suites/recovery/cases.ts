import * as fc from 'fast-check';
import type { RecoveryCase } from '../../generators/recovery/types.js';
import type { FailureParams, Messages } from '../../src/engine/check.js';
import type { CaseSet } from '../../src/engine/kinds/common.js';
import type { SessionCheckDefinition, SessionJudgement } from '../../src/engine/kinds/session.js';
import type { SpecData } from '../../src/spec/index.js';
import { recoveryFixture } from './fixtures.js';
import { answerShape, newWorld, recovers, SESSION_LIMITS, type SessionResult, sessionView } from './world/session.js';
import { describeCase } from './world/trace.js';
import { buildWorkflow, type Workflow } from './world/workflow.js';
import type { World } from './world/world.js';

/**
 * What a recovery check finds wrong with one finished session, under the run's spec data (`spec`:
 * the recovery data, and the envelope data an emitted packet is held to): null when the session
 * keeps the rule, else a reason of the check's messages, its params, and what a conforming agent does.
 */
export type Judge = (s: SessionResult, spec: SpecData) => SessionProblem | null;

/** What is wrong with a session: a reason of the check's messages, its params, and what a conforming agent does. */
export interface SessionProblem {
  reason: string;
  params: FailureParams;
  expected: unknown;
}

/**
 * A mutation family of a recovery check: one way agents get the check's rule wrong, with the cases
 * that expose it. `holds` reads the case alone (its normalized workflow): it is true of every case
 * the family draws and of every shrink of one, and of any other case with the same structure, so
 * that a failure the family's bug class causes always carries the family's tag.
 */
export interface RecoveryFamily {
  name: string;
  /** Draw weight among the check's families (default 1; every family is drawn in at least ~5% of the cases). */
  weight?: number;
  cases: (spec: SpecData) => fc.Arbitrary<RecoveryCase>;
  holds: (w: Workflow, c: RecoveryCase) => boolean;
}

/** The decisions every recovery check stands on: the contract, the session level and the fault model. */
export const RECOVERY_DECISIONS = ['D-REC-01', 'D-REC-02', 'D-REC-04'] as const;

/**
 * How the recovery suite plays a session: in its simulated world (`World`), each answer held to the
 * actions schema, at most `SESSION_LIMITS.maxSteps` observations, a failure showing the trace.
 */
export const RECOVERY_SESSION: Pick<
  SessionCheckDefinition<RecoveryCase, World>,
  'maxSteps' | 'world' | 'answerShape' | 'view'
> = {
  maxSteps: SESSION_LIMITS.maxSteps,
  world: newWorld,
  answerShape: () => answerShape(),
  view: sessionView,
};

/**
 * The sentences of a session that never reached its end: every recovery check judges the whole
 * session, so a looping agent and one that stops with its work unfinished fail every check.
 */
export const SESSION_MESSAGES: Messages = {
  'step-limit': (p: { steps: number }) => `the session did not end within ${p.steps} steps`,
  stalled: () => 'the agent stopped acting with its work unfinished and never said complete',
};

/**
 * The judge of a recovery check: a session that ran past the step bound, or that never said
 * `complete`, fails (`SESSION_MESSAGES`); below L6 only a check that judges every level
 * (`allLevels`) judges the session (a legacy session is LEGACY-HALT's business); then `judge`.
 */
export function judgedSession(judge: Judge, options: { allLevels?: boolean } = {}) {
  return (s: { world: World; outcome: SessionResult['outcome'] }, spec: SpecData): SessionJudgement => {
    const expected = 'a session that ends with complete';
    if (s.outcome === 'step-limit') return { reason: 'step-limit', params: { steps: s.world.step }, expected };
    if (s.outcome === 'stalled') return { reason: 'stalled', params: {}, expected };
    if (!options.allLevels && !recovers(spec.recovery, s.world.level)) return null;
    return judge({ world: s.world, outcome: s.outcome, level: s.world.level }, spec);
  };
}

/**
 * The cases of a recovery check, as reports see them: its general cases (`arbitrary`), with its
 * mutation `families` drawn beside them (each tagged `family:<name>` where it holds), every case
 * tagged by level, size, faults and states, shown as its workflow and fault schedule.
 */
export function recoveryCases(def: {
  title: string;
  arbitrary: (spec: SpecData) => fc.Arbitrary<RecoveryCase>;
  families?: readonly RecoveryFamily[];
  /** The weight of the general cases among the families (default 1). */
  generalWeight?: number;
}): CaseSet<RecoveryCase> {
  const families = def.families ?? [];
  return {
    arbitrary: (spec) =>
      families.length
        ? fc.oneof(...families.map((f) => ({ weight: f.weight ?? 1, arbitrary: f.cases(spec) })), {
            weight: def.generalWeight ?? 1,
            arbitrary: def.arbitrary(spec),
          })
        : def.arbitrary(spec),
    ...(families.length ? { reach: () => families.map((f) => `family:${f.name}`) } : {}),
    show: describeCase,
    tags: (c) => {
      const tags = new Set<string>([`level:${c.level}`, `tasks:${c.tasks.length}`]);
      for (const t of c.tasks) {
        for (const f of t.faults)
          tags.add(f.kind === 'timeout' ? `fault:timeout-${f.committed ? 'committed' : 'dropped'}` : `fault:${f.kind}`);
        if (t.kind === 'schedule' && t.schemaChanged) tags.add('state:schema-changed');
        if (t.kind === 'handoff' && t.lowCapability) tags.add('state:low-capability-receiver');
      }
      if (families.length) {
        const w = buildWorkflow(c, 'rs-?', c.level, '1970-01-01T00:00:00Z');
        for (const f of families) if (f.holds(w, c)) tags.add(`family:${f.name}`);
      }
      tags.add(
        [...tags].some((t) => t.startsWith('fault:') || t.startsWith('state:') || t.startsWith('family:'))
          ? 'adversarial'
          : 'valid',
      );
      return [...tags].sort();
    },
    fixture: recoveryFixture(def.title),
  };
}
