import { createHash } from 'node:crypto';
import type { Harness, InvokeOptions } from '../../../src/engine/check.js';
import { CAPABILITY_LEVELS, type CapabilityLevel } from '../../../src/contract/levels.js';
import type { RecoverySpec } from '../../../src/spec/recovery.js';
import type { RecoveryAction } from '../../../src/contract/recovery.js';
import type { RecoveryCase } from '../../../generators/recovery/types.js';
import { actionsShape } from './protocol.js';
import { World } from './world.js';

/** How a session ended: the agent said `complete`, it had nothing left to say, or it ran too long. */
export type SessionOutcome = 'complete' | 'stalled' | 'step-limit';

export interface SessionResult {
  world: World;
  outcome: SessionOutcome;
  level: CapabilityLevel;
}

/**
 * The harness limits of the recovery suite. They are not spec data (nothing a seed leaves open that
 * an implementer could read otherwise, so `--spec-dir` cannot move them): they say how the pack
 * drives an agent. `maxSteps`: observations a session may take before the pack calls the agent
 * looping (D-REC-01). `undeclaredLevel`: the level an adapter whose `describe()` names none is
 * taken at; the scenario's level still binds it (D-REC-02).
 */
export const SESSION_LIMITS: Readonly<{ maxSteps: number; undeclaredLevel: CapabilityLevel }> = Object.freeze({
  maxSteps: 300,
  undeclaredLevel: 'L7',
});

/**
 * The level a session runs at: the case's level, capped by the level the adapter declares, or by
 * `SESSION_LIMITS.undeclaredLevel` when it declares none (D-REC-02).
 */
export function effectiveLevel(declared: CapabilityLevel | undefined, asked: CapabilityLevel): CapabilityLevel {
  const d = declared ?? SESSION_LIMITS.undeclaredLevel;
  const rank = (l: string): number => {
    // Only the exact names of the ladder: no case or whitespace variant, no prototype name.
    const i = CAPABILITY_LEVELS.indexOf(l as CapabilityLevel);
    if (i < 0) throw new Error(`${JSON.stringify(l)} is not a capability level (${CAPABILITY_LEVELS.join(', ')})`);
    return i;
  };
  return CAPABILITY_LEVELS[Math.min(rank(d), rank(asked))]!;
}

/** True when the level may recover on its own (the spec's `recoveringLevels`; seed 000: L6 and L7). */
export function recovers(spec: RecoverySpec, level: CapabilityLevel): boolean {
  return spec.recoveringLevels.includes(level);
}

const results = new WeakMap<object, SessionResult>();
const plays = new WeakMap<object, number>();

/**
 * A session id that depends only on the case (and how often this very case object was played), so
 * that the same seed gives the same ids, tokens and traces, run after run, in one process or many.
 * An agent that gets `start` with an id it still holds replaces that session.
 */
function sessionId(c: RecoveryCase): string {
  const n = (plays.get(c) ?? 0) + 1;
  plays.set(c, n);
  return `rs-${createHash('sha256').update(JSON.stringify(c)).digest('hex').slice(0, 10)}${n > 1 ? `-${n}` : ''}`;
}

/** The last session run for a case (for `show()`: the failing case's message trace). */
export function lastSession(c: object): SessionResult | undefined {
  return results.get(c);
}

/** Every message of a session crosses as JSON (`InvokeOptions.json`). */
const AS_JSON: InvokeOptions = Object.freeze({ json: true });

/**
 * Plays one session: the world hands the scenario to `recovery.start`, then delivers observations
 * one at a time to `recovery.observe`, applying every answer, until the agent says `complete`, has
 * nothing pending and nothing to say (stalled), or exceeds the step bound (`SESSION_LIMITS`). Every
 * answer is checked against the actions schema: a malformed answer is an adapter fault (errored),
 * never a failure. Which levels recover is the run's spec data (`h.spec.recovery`).
 */
export async function runSession(h: Harness, c: RecoveryCase): Promise<SessionResult> {
  const spec = h.spec.recovery;
  const level = effectiveLevel(h.info.capabilityLevel, c.level);
  const world = new World(c, level, h.now, sessionId(c), recovers(spec, level));
  const used = new Set<string>();
  const result: SessionResult = { world, outcome: 'stalled', level };
  results.set(c, result);
  const scenario = world.workflow.scenario;
  // Messages cross as JSON both ways, so the agent can neither share nor mutate the world's own
  // objects, nor change the record of what it did by mutating an answer it already gave: an
  // adapter process gets them as JSON text, and in process the harness copies them as JSON once.
  world.apply(await h.invoke<RecoveryAction[]>('recovery.start', [scenario], actionsShape(used), AS_JSON));
  while (!world.ended) {
    if (world.step >= SESSION_LIMITS.maxSteps) {
      result.outcome = 'step-limit';
      return result;
    }
    const obs = world.next();
    if (!obs) return result;
    world.apply(
      await h.invoke<RecoveryAction[]>('recovery.observe', [scenario.session_id, obs], actionsShape(used), AS_JSON),
    );
  }
  result.outcome = 'complete';
  return result;
}
