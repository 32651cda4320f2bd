import type { Adapter } from '../../contract/adapter.js';
import type { SpecData } from '../../spec/index.js';
import type { RecoveryAction, RecoveryObservation, RecoveryPolicy, RecoveryScenario } from '../../contract/recovery.js';
import { RecoverySession } from './session.js';

export { RecoverySession } from './session.js';

/** A session class: the reference's `RecoverySession`, or a variant of it. */
export type RecoverySessionClass = new (scenario: RecoveryScenario, spec: SpecData) => RecoverySession;

/**
 * Builds a recovery policy (the adapter member `recovery`) for the given spec data (the recovery
 * data, and the envelope data its blockers are held to) from a session class. Sessions are kept by
 * id until they say `complete`. Variants of the reference (the pack's broken adapters) pass a
 * subclass that changes one decision.
 */
export function createRecoveryPolicy(spec: SpecData, Session: RecoverySessionClass = RecoverySession): RecoveryPolicy {
  const sessions = new Map<string, RecoverySession>();
  const settle = (s: RecoverySession, actions: RecoveryAction[]): RecoveryAction[] => {
    if (s.finished) sessions.delete(s.id);
    return actions;
  };
  return {
    start(scenario: RecoveryScenario): RecoveryAction[] {
      const s = new Session(scenario, spec);
      sessions.set(s.id, s);
      return settle(s, s.start());
    },
    observe(sessionId: string, observation: RecoveryObservation): RecoveryAction[] {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`unknown recovery session ${sessionId}`);
      return settle(s, s.observe(observation));
    },
  };
}

/** The reference's `recovery` member for the given spec data. */
export function recoveryReference(spec: SpecData): Pick<Required<Adapter>, 'recovery'> {
  return { recovery: createRecoveryPolicy(spec) };
}
