import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/contract/errors.js';
import { runChecks } from '../../src/api/run.js';
import type { Adapter } from '../../src/contract/adapter.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { allChecks } from '../../suites/index.js';

const pick = (...ids: string[]) => allChecks.filter((c) => ids.includes(c.id));

/** Hostile in-process adapters: each makes its check errored with the reason, and the run goes on. */
const hostile: Record<string, { adapter: Partial<Adapter>; message: RegExp }> = {
  throws: { adapter: { validateEnvelope: () => { throw new TypeError('boom'); } }, message: /validateEnvelope threw: TypeError: boom/ },
  rejects: { adapter: { validateEnvelope: async () => Promise.reject(new Error('async boom')) }, message: /validateEnvelope threw: async boom/ },
  'throws a string': { adapter: { validateEnvelope: () => { throw 'plain string'; } }, message: /threw a non-error value: "plain string"/ },
  'wrong shape': { adapter: { validateEnvelope: () => ({ ok: true }) as never }, message: /wrong shape: expected a verdict: \(root\) must have required property 'valid'/ },
  'not an object': { adapter: { validateEnvelope: () => 'yes' as never }, message: /wrong shape/ },
  'findings not a list': { adapter: { validateEnvelope: () => ({ valid: false, findings: 'bad' }) as never }, message: /\/findings must be array/ },
  hangs: { adapter: { validateEnvelope: () => new Promise(() => {}) }, message: /timed out: TimeoutError: no answer within 300 ms/ },
};

describe('a hostile adapter makes its check errored and the run goes on', () => {
  for (const [name, { adapter, message }] of Object.entries(hostile)) {
    it(name, async () => {
      const report = await runChecks({ checks: pick('ENV-SEED-FIXTURES', 'INT-CHECKSUM'), adapter: { ...referenceAdapter, ...adapter }, seed: 1, runs: 5, timeoutMs: 300 });
      const [env, int] = report.checks;
      expect(env!.status).toBe('errored');
      expect(env!.error!.message).toMatch(message);
      expect(env!.error!.input).toBeDefined();
      expect(int!.status).toBe('passed');
      expect(report.summary).toMatchObject({ errored: 1, passed: 1, mustFailed: 1 });
    });
  }

  it('an adapter that edits its input cannot change the case the report shows', async () => {
    const editing: Adapter = {
      ...referenceAdapter,
      validateEnvelope(packet) {
        (packet as Record<string, unknown>).profile = 'edited';
        return { valid: true };
      },
    };
    const report = await runChecks({ checks: pick('ENV-EXPIRED'), adapter: editing, seed: 1, runs: 5 });
    const shown = report.checks[0]!.failure!.counterexample as { packet: { profile: string } };
    expect(shown.packet.profile).not.toBe('edited');
  });

  it('a method the adapter lacks skips its checks', async () => {
    const report = await runChecks({ checks: pick('INT-CHECKSUM', 'WIRE-ROUNDTRIP'), adapter: { describe: () => ({ name: 'bare', version: '0' }) }, seed: 1, runs: 5 });
    expect(report.checks.map((c) => [c.status, c.skipReason])).toEqual([
      ['skipped', 'adapter does not implement computeChecksum'],
      ['skipped', 'adapter does not implement toKeyless, fromKeyless'],
    ]);
    expect(report.summary.mustFailed).toBe(0);
  });

  it('an adapter whose describe() fails or lies cannot run at all', async () => {
    const run = (describe: () => unknown) => runChecks({ checks: pick('INT-CHECKSUM'), adapter: { describe } as Adapter, seed: 1, runs: 1 });
    await expect(run(() => { throw new Error('nope'); })).rejects.toThrow(UsageError);
    await expect(run(() => ({ name: 'x' }))).rejects.toThrow(/wrong shape/);
    await expect(run(() => ({ name: 'x', version: '1', capabilityLevel: 'L9' }))).rejects.toThrow(/capabilityLevel/);
  });

  it('stops between checks when asked, and says the report is incomplete', async () => {
    let calls = 0;
    const report = await runChecks({ checks: pick('ENV-SEED-FIXTURES', 'INT-CHECKSUM'), adapter: referenceAdapter, seed: 1, runs: 5, listeners: [{ onCheckEnd: () => calls++ }], shouldStop: () => calls > 0 });
    expect(report.incomplete).toBe(true);
    expect(report.checks.map((c) => c.id)).toEqual(['ENV-SEED-FIXTURES']);
  });

  it('a check interrupted mid-run is left out, never reported as passed', async () => {
    let seen = 0;
    const slow: Adapter = { ...referenceAdapter, computeChecksum: (p) => { seen++; return referenceAdapter.computeChecksum!(p); } };
    const report = await runChecks({ checks: pick('INT-CHECKSUM'), adapter: slow, seed: 1, runs: 50, shouldStop: () => seen >= 3 });
    expect(report.incomplete).toBe(true);
    expect(report.checks).toEqual([]);
  });
});
