import { describe, expect, it } from 'vitest';
import { runChecks } from '../../src/api/run.js';
import { recoverySuite } from '../../suites/recovery/index.js';
import { BROKEN } from './broken-policies.js';

describe('every recovery check fails, with its own id, on a policy broken for it', () => {
  it('has a broken policy for every check id', () => {
    expect(recoverySuite.map((c) => c.id).filter((id) => !BROKEN.some((b) => b.check === id))).toEqual([]);
  });

  it('reports the same shrunk counterexample for the same seed, run after run', async () => {
    const b = BROKEN.find((x) => x.check === 'REC-READBACK-BEFORE-REPLAY')!;
    const check = recoverySuite.find((c) => c.id === b.check)!;
    const once = async () => (await runChecks({ checks: [check], adapter: b.adapter(), seed: 3, runs: 100 })).checks[0].failure;
    const [x, y] = [await once(), await once()];
    expect(x?.counterexample).toEqual(y?.counterexample);
    expect(x?.actual).toEqual(y?.actual);
  });

  for (const b of BROKEN) {
    it(`${b.check} fails on a policy that ${b.name}`, async () => {
      const check = recoverySuite.find((c) => c.id === b.check)!;
      const report = await runChecks({ checks: [check], adapter: b.adapter(), seed: 7, runs: 200, adapterSpec: './broken' });
      const r = report.checks[0];
      expect({ id: r.id, status: r.status, error: r.error?.message }).toEqual({ id: b.check, status: 'failed', error: undefined });
      // The report shows the shrunk fault schedule and the message trace as readable lines.
      const shown = r.failure!.counterexample as { workflow: string[]; faults: string[]; trace: string[] };
      expect(shown.workflow.length).toBeGreaterThan(0);
      expect(shown.faults.length).toBeGreaterThan(0);
      expect(shown.trace[0]).toBe('#0 t=0ms world -> start');
      expect(shown.trace.every((l) => /^#\d+ t=\d+ms (world|agent) -> /.test(l))).toBe(true);
      expect((r.failure!.actual as { trace: string[] }).trace).toEqual(shown.trace);
      expect(r.failure!.replay).toContain(`--check ${b.check}`);
    });
  }
});
