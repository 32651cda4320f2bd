import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Adapter } from '../../../src/contract/adapter.js';
import type { RecoveryAction, RecoveryObservation, RecoveryScenario } from '../../../src/contract/recovery.js';
import { type SessionJudgement, type SessionWorld, sessionCheck } from '../../../src/engine/kinds/session.js';
import { runSynthetic, withoutTiming } from '../../helpers/synthetic.js';

/**
 * A toy world: `steps` observations to deliver (a timer each); the agent's answers are recorded.
 * The session ends when the agent says `complete`.
 */
class Toy implements SessionWorld {
  readonly scenario: RecoveryScenario;
  step = 0;
  ended = false;
  readonly said: RecoveryAction[][] = [];
  constructor(
    readonly steps: number,
    readonly play: number,
  ) {
    this.scenario = { session_id: `s-${steps}-${play}` } as unknown as RecoveryScenario;
  }
  apply(actions: RecoveryAction[]): void {
    this.said.push(actions);
    if (actions.some((a) => a.type === 'complete')) this.ended = true;
  }
  next(): RecoveryObservation | undefined {
    if (this.step >= this.steps) return undefined;
    this.step += 1;
    return { type: 'timer', request_id: `t${this.step}` } as RecoveryObservation;
  }
}

const plays: number[] = [];

/** A session check over toy worlds of 0 to 5 steps, judged by `judge`. */
const toyCheck = (judge: (w: Toy, outcome: string) => SessionJudgement, maxSteps = 3) =>
  sessionCheck<{ steps: number }, Toy>({
    id: 'REC-TOY',
    title: 'toy',
    suite: 'recovery',
    severity: 'MUST',
    specRef: '000 §toy',
    statement: 'A toy rule.',
    decisions: [],
    cases: { arbitrary: () => fc.integer({ min: 0, max: 5 }).map((steps) => ({ steps })) },
    maxSteps,
    world: (c, _run, play) => {
      plays.push(play);
      return new Toy(c.steps, play);
    },
    answerShape: () => (v) => (Array.isArray(v) ? null : 'not a list of actions'),
    view: (s) => ({ outcome: s.outcome, said: s.world.said.length }),
    judge: (s) => judge(s.world, s.outcome),
    messages: {
      ended: (p: { outcome: string }) => `the session ended ${p.outcome}`,
      quiet: () => 'the agent had nothing to do',
    },
  });

/** An agent that answers `[]` to every observation and `complete` once it has seen `after` of them. */
function agent(after: number, answer: (n: number) => unknown = () => []): Adapter {
  let seen = 0;
  return {
    describe: () => ({ name: 'toy', version: '1' }),
    recovery: {
      start: () => {
        seen = 0;
        return after === 0 ? [{ type: 'complete' }] : (answer(0) as RecoveryAction[]);
      },
      observe: () => {
        seen += 1;
        return (seen >= after ? [{ type: 'complete' }] : answer(seen)) as RecoveryAction[];
      },
    },
  };
}

const run = (check: ReturnType<typeof toyCheck>, adapter: Adapter, runs = 30) =>
  runSynthetic({ checks: [check], adapter, seed: 3, runs });

describe('sessionCheck', () => {
  it('plays start, then one observe per observation, until the agent says complete; the judge gets the ended session', async () => {
    const outcomes: string[] = [];
    const check = toyCheck((_w, outcome) => {
      outcomes.push(outcome);
      return null;
    });
    expect(check.requires).toEqual(['recovery']);
    const r = await run(check, agent(1));
    expect(r.checks[0]!.status).toBe('passed');
    // A world of 0 steps has nothing to deliver: the agent that waits for one observation stalls there.
    expect(new Set(outcomes)).toEqual(new Set(['complete', 'stalled']));
  });

  it('ends a session that runs past maxSteps as step-limit', async () => {
    const check = toyCheck((_w, outcome) =>
      outcome === 'step-limit' ? { reason: 'ended', params: { outcome }, expected: 'an end' } : null,
    );
    const [c] = (await run(check, agent(99))).checks;
    expect(c!.status).toBe('failed');
    expect(c!.status === 'failed' && c!.failure).toMatchObject({
      reason: 'ended',
      params: { outcome: 'step-limit' },
      message: 'the session ended step-limit',
      actual: { outcome: 'step-limit', said: 4 },
    });
  });

  it('a malformed answer errors the check, with the session so far as what was seen', async () => {
    const [c] = (
      await run(
        toyCheck(() => null),
        agent(3, (n) => (n === 1 ? { not: 'a list' } : [])),
      )
    ).checks;
    expect(c!.status).toBe('errored');
    expect(c!.status === 'errored' && c!.error.seen).toEqual({ outcome: 'stalled', said: 1 });
  });

  it('a check whose every session judged nothing is not-judged, never passed; one that judged some is passed, counting the rest', async () => {
    const quiet = toyCheck(() => ({ notJudged: 'quiet', params: {} }));
    const r = await run(quiet, agent(0));
    const [c] = r.checks;
    expect(c!.status).toBe('not-judged');
    expect(c!.status === 'not-judged' && c!.notJudged).toEqual({
      reason: 'quiet',
      message: 'the agent had nothing to do',
    });
    expect(c!.evidence).toMatchObject({ cases: 30, notJudged: 30 });
    expect(r.summary).toMatchObject({ total: 1, passed: 0, notJudged: 1, mustFailed: 0 });

    const some = toyCheck((w) => (w.steps < 3 ? { notJudged: 'quiet', params: {} } : null));
    const [d] = (await run(some, agent(1))).checks;
    expect(d!.status).toBe('passed');
    expect(d!.evidence.notJudged).toBeGreaterThan(0);
    expect(d!.evidence.notJudged).toBeLessThan(30);
  });

  it('counts the plays of each case (a replay of the same case is a session of its own), and is deterministic', async () => {
    plays.length = 0;
    const check = toyCheck((w) =>
      w.steps === 5 ? { reason: 'ended', params: { outcome: 'five' }, expected: 'x' } : null,
    );
    const a = await run(check, agent(1), 100);
    expect(a.checks[0]!.status).toBe('failed');
    // The counterexample is run again to tell a flaky answer: the same case object, played again.
    expect(Math.max(...plays)).toBeGreaterThan(1);
    expect(withoutTiming(await run(check, agent(1), 100))).toEqual(withoutTiming(a));
  });
});
