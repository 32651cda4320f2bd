import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport } from '../../../src/io/json-file.js';
import { BUILT_REFERENCE_ENTRY, spawnCli, tempDir } from '../../helpers/cli.js';

/**
 * An adapter in process on the real command line's main thread (D-REL-01): what the tests run in
 * process cannot show, because only the main thread has the watchdog and only a process has an exit
 * status. Each run ends with its report and exit 1, whatever the adapter did.
 */

/** A module built on the reference whose first `computeChecksum` call runs `body`. */
const misbehaving = (body: string) => `import { referenceAdapter as ref } from ${JSON.stringify(BUILT_REFERENCE_ENTRY)};
let calls = 0;
export default {
  ...ref,
  describe: () => ({ name: 'misbehaving', version: '1' }),
  computeChecksum(packet) {
    calls += 1;
    if (calls === 1) { ${body} }
    return ref.computeChecksum(packet);
  },
};
`;

/** The built CLI, in process, on INT-CHECKSUM then WIRE-ROUNDTRIP; its exit code and the report's entries in short (one at a time: each is a real process). */
function run(source: string, extra: string[]) {
  const dir = tempDir();
  writeFileSync(join(dir, 'adapter.mjs'), source);
  const r = spawnCli(
    [
      '--adapter',
      './adapter.mjs',
      '--in-process',
      '--check',
      'INT-CHECKSUM',
      '--check',
      'WIRE-ROUNDTRIP',
      '--seed',
      '1',
      '--runs',
      '5',
      '--workers',
      '1',
      '--out',
      'out',
      ...extra,
    ],
    dir,
    {},
    120_000,
  );
  const report = readReport(join(dir, 'out', 'report.json'));
  return {
    code: r.code,
    stderr: r.stderr,
    checks: report.checks.map((c) => [c.id, c.status, c.status === 'errored' ? c.error.message : undefined]),
  };
}

describe('an adapter in process on the main thread: the watchdog and the exit status', () => {
  it('a synchronous endless loop is stopped after --timeout + 1 s: the call times out, the next check passes, exit 1', async () => {
    const r = run(misbehaving('for (;;) {}'), ['--timeout', '1000']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.checks).toEqual([
      ['INT-CHECKSUM', 'errored', 'computeChecksum timed out: TimeoutError: no answer within 1000 ms'],
      ['WIRE-ROUNDTRIP', 'passed', undefined],
    ]);
  });

  it('a synchronous loop that allocates without bound is stopped at the memory budget: the call errors naming it, exit 1', async () => {
    const r = run(misbehaving('const keep = []; for (;;) keep.push(new Array(1e6).fill(keep.length));'), [
      '--timeout',
      '60000',
      '--budget',
      'memory=400',
    ]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.checks).toEqual([
      [
        'INT-CHECKSUM',
        'errored',
        "computeChecksum was stopped: while it ran, the pack's process held more than 400 MiB (budget memory; raise it with --budget memory=<n>)",
      ],
      ['WIRE-ROUNDTRIP', 'passed', undefined],
    ]);
  });

  it('an unhandled rejection while the call is pending errors that call: exit 1, never a crash', async () => {
    const r = run(misbehaving("Promise.reject(new Error('nobody awaits me')); return new Promise(() => {});"), [
      '--timeout',
      '60000',
    ]);
    expect(r.code, r.stderr).toBe(1);
    expect(r.checks[0]).toEqual([
      'INT-CHECKSUM',
      'errored',
      'computeChecksum: the adapter threw outside any call: nobody awaits me: in process it cannot end or crash the run, so the call is errored (isolated, without --in-process, its process would have ended)',
    ]);
  });

  it('a timer the adapter leaves behind that calls process.exit(0) after the run cannot turn its exit 1 into 0', async () => {
    // Every answer arms a timer that exits 0; the run fails INT-CHECKSUM (a wrong checksum), so it must exit 1.
    const source = `import { referenceAdapter as ref } from ${JSON.stringify(BUILT_REFERENCE_ENTRY)};
export default {
  ...ref,
  describe: () => ({ name: 'exits later', version: '1' }),
  computeChecksum(packet) { setTimeout(() => process.exit(0), 0); return 'sha256:' + '0'.repeat(64); },
};
`;
    const r = run(source, ['--timeout', '60000']);
    expect(r.code, r.stderr).toBe(1);
    // Failed on its checksum, or errored when a timer's exit attempt met a later call: never a pass, never exit 0.
    expect(['failed', 'errored']).toContain(r.checks[0]?.[1]);
  });
});
