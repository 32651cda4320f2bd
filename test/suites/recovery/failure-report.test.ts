import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/api/run.js';
import { recoverySuite } from '../../../suites/recovery/index.js';
import { broken } from './broken.js';
import { failureOf } from './report.js';

const check = (id: string) => recoverySuite.find((c) => c.id === id)!;

describe('a recovery failure', () => {
  it('shows the shrunk fault schedule as the case, and what the agent did as the answer: readable trace lines', async () => {
    const report = await runChecks({
      checks: [check('REC-READBACK-BEFORE-REPLAY')],
      adapter: broken['REC-READBACK-BEFORE-REPLAY']!,
      seed: 7,
      runs: 100,
      adapterSpec: './broken',
    });
    const failure = failureOf(report.checks[0]!);
    const shown = failure.counterexample as { level: string; workflow: string[]; faults: string[] };
    expect(Object.keys(shown)).toEqual(['level', 'workflow', 'faults']);
    expect(shown.workflow.length).toBeGreaterThan(0);
    expect(shown.faults.length).toBeGreaterThan(0);
    const did = failure.actual as { outcome: string; level: string; trace: string[] };
    expect(did.outcome).toBe('complete');
    expect(did.trace[0]).toBe('#0 t=0ms world -> start');
    expect(did.trace.every((l) => /^#\d+ t=\d+ms (world|agent) -> /.test(l))).toBe(true);
  });

  it('is the same shrunk counterexample for the same seed, run after run', async () => {
    const once = async () =>
      failureOf(
        (
          await runChecks({
            checks: [check('REC-READBACK-BEFORE-REPLAY')],
            adapter: broken['REC-READBACK-BEFORE-REPLAY']!,
            seed: 3,
            runs: 100,
          })
        ).checks[0]!,
      );
    const [x, y] = [await once(), await once()];
    expect(x.counterexample).toEqual(y.counterexample);
    expect(x.actual).toEqual(y.actual);
  });
});
