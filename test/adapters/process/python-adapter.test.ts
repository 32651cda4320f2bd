import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/api/run.js';
import {
  createProcessAdapter,
  createUasVerifyCommandAdapter,
  processControl,
} from '../../../src/adapters/process/index.js';
import { allChecks } from '../../../suites/index.js';

const example = join(import.meta.dirname, '..', '..', '..', 'examples', 'python-adapter');
const adapterPy = join(example, 'adapter.py');

/** The suites the Python example implements (examples/python-adapter/README.md). */
const SUITES = ['envelope', 'integrity', 'wire', 'uas'];

describe('examples/python-adapter (python3, standard library only)', () => {
  it('passes the envelope, integrity, wire and UAS suites through uaix-adapter/1', async () => {
    const adapter = await createProcessAdapter(['python3', adapterPy], { timeoutMs: 20_000 });
    try {
      const checks = allChecks.filter((c) => SUITES.includes(c.suite));
      const report = await runChecks({
        checks,
        adapter,
        seed: 5,
        runs: 40,
        timeoutMs: 20_000,
        adapterSpec: `cmd:python3 ${adapterPy}`,
      });
      const notPassed = report.checks
        .filter((c) => c.status !== 'passed')
        .map((c) => ({
          id: c.id,
          status: c.status,
          message: c.failure?.message ?? c.error?.message ?? c.skipReason,
          counterexample: c.failure?.counterexample,
        }));
      expect(notPassed).toEqual([]);
      expect(report.checks.length).toBe(checks.length);
    } finally {
      await processControl(adapter)!.close();
    }
  }, 240_000);

  it('its uas_verify.py command line passes UAS checks through --uas-verify-cmd', async () => {
    const adapter = createUasVerifyCommandAdapter(
      `python3 ${join(example, 'uas_verify.py')} --source {source} --artifact {artifact} --json`,
      { timeoutMs: 20_000 },
    );
    try {
      const checks = allChecks.filter((c) =>
        ['VAL-VALID-ACCEPTED', 'VAL-VERBATIM', 'VAL-XML-WELL-FORMED'].includes(c.id),
      );
      const report = await runChecks({ checks, adapter, seed: 5, runs: 3, timeoutMs: 20_000 });
      expect(report.checks.map((c) => [c.id, c.status])).toEqual(checks.map((c) => [c.id, 'passed']));
    } finally {
      await processControl(adapter)!.close();
    }
  }, 120_000);
});
