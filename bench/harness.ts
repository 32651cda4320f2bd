import type { Bench } from 'tinybench';
import type { Adapter } from '../src/contract/adapter.js';
import { createHarness, CROSSES_PROCESS } from '../src/engine/harness.js';
import { guardPrototypes } from '../src/engine/prototype-guard.js';
import { bundledSpec } from '../src/spec/index.js';

/** An envelope-sized case: what one call of `validateEnvelope` carries. */
const CASE = {
  uai_version: '1.0',
  message_id: 'msg_0001',
  profile: 'uai.agent.message.v1',
  sender: { id: 'agt_a', role: 'planner' },
  recipient: { id: 'agt_b', role: 'executor' },
  created_at: '2026-06-01T00:00:00Z',
  expires_at: '2026-06-02T00:00:00Z',
  correlation_id: 'corr_1',
  body: { text: 'ping', attachments: [{ uri: 'https://example.com/a', sha256: 'ab'.repeat(32) }] },
  integrity: { checksum: `sha256:${'0'.repeat(64)}` },
};

/**
 * What the harness costs per in-process call, apart from the adapter: the same trivial adapter
 * called through the harness as an in-process module (the case copied in, the answer copied out,
 * the prototype guard comparing every guarded built-in after the call) and marked as crossing a
 * process boundary (none of that); and the prototype guard's snapshot comparison alone.
 */
export function benchHarness(bench: Bench): void {
  const answer = { valid: true, findings: [] };
  const plain: Adapter = { describe: () => ({ name: 'bench', version: '1' }), validateEnvelope: () => answer };
  const marked: Adapter = { describe: () => ({ name: 'bench', version: '1' }), validateEnvelope: () => answer };
  Object.defineProperty(marked, CROSSES_PROCESS, { value: true });
  const options = { timeoutMs: 10_000, now: '2026-06-01T00:00:00Z', spec: bundledSpec() };
  const inProcess = createHarness(plain, { name: 'bench', version: '1' }, options);
  const remote = createHarness(marked, { name: 'bench', version: '1' }, options);
  bench.add('harness: an in-process call (copies and prototype guard)', async () => {
    await inProcess.invoke('validateEnvelope', [CASE, { now: options.now }], 'verdict');
  });
  bench.add('harness: the same call, marked as crossing a process', async () => {
    await remote.invoke('validateEnvelope', [CASE, { now: options.now }], 'verdict');
  });
  const guard = guardPrototypes();
  bench.add('harness: the prototype guard alone (one comparison)', () => {
    guard.restore();
  });
}
