import * as fc from 'fast-check';
import { defineCheck, fail, PASS, type CaseResult, type CheckDefinition } from '../../src/engine/check.js';
import type { RecoveryCase } from '../../generators/recovery/types.js';
import type { SpecData } from '../../src/spec/index.js';
import { recoveryFixture } from './fixtures.js';
import { lastSession, recovers, runSession, type SessionResult } from './world/session.js';
import { showCase, traceLines } from './world/trace.js';
import { buildWorkflow, type Workflow } from './world/workflow.js';

/**
 * What a recovery check says about one finished session, under the run's spec data (`h.spec`: the
 * recovery data, and the envelope data an emitted packet is held to): null when it holds, else why not.
 */
export type Judge = (s: SessionResult, spec: SpecData) => { message: string; expected: unknown } | null;

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

export interface RecoveryCheckDefinition {
  id: string;
  title: string;
  severity?: 'MUST' | 'SHOULD';
  specRef: string;
  /** The seed clause the check enforces, in the pack's own words: one sentence an implementer can act on. */
  statement: string;
  decisions: string[];
  /** The check's general cases, drawn from the run's spec data (its levels, above all). */
  arbitrary: (spec: SpecData) => fc.Arbitrary<RecoveryCase>;
  /** The check's mutation families, drawn beside the general cases (each tagged `family:<name>` where it holds). */
  families?: readonly RecoveryFamily[];
  /** The weight of the general cases among the families (default 1). */
  generalWeight?: number;
  judge: Judge;
  /** Judge below L6 too (default: only levels that recover; a legacy session is LEGACY-HALT's business). */
  allLevels?: boolean;
}

/** The mutation families of every recovery check, by check id (for the pack's own tests of them). */
export const RECOVERY_FAMILIES = new Map<string, readonly RecoveryFamily[]>();

/**
 * A recovery check: play one session in the simulated world, then judge the record. A session that
 * runs past the step bound fails every check (a looping agent); one that never says `complete`
 * fails too, since every check needs the session's end. The failure's `actual` holds the fault
 * schedule and the message trace, so the report shows what happened step by step.
 */
export function recoveryCheck(def: RecoveryCheckDefinition): CheckDefinition<RecoveryCase> {
  if (def.families?.length) RECOVERY_FAMILIES.set(def.id, def.families);
  return defineCheck<RecoveryCase>({
    id: def.id,
    title: def.title,
    suite: 'recovery',
    severity: def.severity ?? 'MUST',
    specRef: def.specRef,
    statement: def.statement,
    requires: ['recovery'],
    // Every recovery check stands on the contract, the session level and the fault model.
    decisions: [...new Set(['D-REC-01', 'D-REC-02', 'D-REC-04', ...def.decisions])],
    arbitrary: (spec) =>
      def.families?.length
        ? fc.oneof(...def.families.map((f) => ({ weight: f.weight ?? 1, arbitrary: f.cases(spec) })), {
            weight: def.generalWeight ?? 1,
            arbitrary: def.arbitrary(spec),
          })
        : def.arbitrary(spec),
    ...(def.families?.length ? { reach: () => def.families!.map((f) => `family:${f.name}`) } : {}),
    async run(c, h): Promise<CaseResult> {
      const s = await runSession(h, c);
      const view = () => ({ outcome: s.outcome, level: s.level, trace: traceLines(s.world.log) });
      if (s.outcome === 'step-limit')
        return fail(
          `the session did not end within ${s.world.step} steps`,
          'a session that ends with complete',
          view(),
        );
      if (s.outcome === 'stalled')
        return fail(
          'the agent stopped acting with its work unfinished and never said complete',
          'a session that ends with complete',
          view(),
        );
      if (!def.allLevels && !recovers(h.spec.recovery, s.level)) return PASS;
      const verdict = def.judge(s, h.spec);
      return verdict ? fail(verdict.message, verdict.expected, view()) : PASS;
    },
    show: (c) => showCase(c, lastSession(c)),
    tags: (c) => {
      const tags = new Set<string>([`level:${c.level}`, `tasks:${c.tasks.length}`]);
      for (const t of c.tasks) {
        for (const f of t.faults)
          tags.add(f.kind === 'timeout' ? `fault:timeout-${f.committed ? 'committed' : 'dropped'}` : `fault:${f.kind}`);
        if (t.kind === 'schedule' && t.schemaChanged) tags.add('state:schema-changed');
        if (t.kind === 'handoff' && t.lowCapability) tags.add('state:low-capability-receiver');
      }
      if (def.families?.length) {
        const w = buildWorkflow(c, 'rs-?', c.level, '1970-01-01T00:00:00Z');
        for (const f of def.families) if (f.holds(w, c)) tags.add(`family:${f.name}`);
      }
      tags.add(
        [...tags].some((t) => t.startsWith('fault:') || t.startsWith('state:') || t.startsWith('family:'))
          ? 'adversarial'
          : 'valid',
      );
      return [...tags].sort();
    },
    fixture: recoveryFixture(def.title),
  });
}
