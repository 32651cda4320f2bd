import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTAINMENT_ENV, containment, resetContainment } from '../../../src/adapters/process/contain.js';
import { IN_PROCESS_ENV } from '../../../src/adapters/load.js';
import { BUILT_REFERENCE_ENTRY, cli, tempDir } from '../../helpers/cli.js';
import { alive } from '../isolated/gallery.js';
import { HOSTILE } from './gallery.js';

/**
 * Nothing an adapter process or a verifier command starts outlives it (D-REL-03): a grandchild in a
 * session of its own holding the pipes, a detached child burning a CPU for ever, one left by every
 * case of a command-line verifier. Run through the command line, in each containment this platform
 * has: a PID namespace where it allows one, the environment mark where it does not, and none (which
 * the run says in one line). The processes each adapter started are counted once the run is over.
 */

const VERIFIER = join(import.meta.dirname, 'verifiers', 'setsid-grandchild.mjs');
const node = process.execPath;

/** The pids a run's adapters recorded (their host pids, one per line). */
const pidsIn = (file: string) => readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(Number);

/** The recorded processes still alive once `ms` have passed for the kernel to reap them (the check ends early when none is left). */
async function leftAfter(pids: number[], ms = 5000): Promise<number[]> {
  const end = Date.now() + ms;
  for (;;) {
    const left = pids.filter(alive);
    if (left.length === 0 || Date.now() > end) return left;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs the command line with `UAIX_CONFORMANCE_CONTAINMENT=mode`; returns its stderr and the processes its adapters left. */
async function runContained(mode: string, args: string[], grandchildren: string, dir: string) {
  const saved = process.env[CONTAINMENT_ENV];
  process.env[CONTAINMENT_ENV] = mode;
  process.env.HOSTILE_GRANDCHILD_FILE = grandchildren;
  resetContainment();
  try {
    const r = await cli([...args, '--seed', '1', '--timeout', '10000', '--no-reports', '--workers', '1'], dir);
    const pids = pidsIn(grandchildren);
    const left = await leftAfter(pids, mode === 'none' ? 500 : 5000);
    for (const pid of left) process.kill(pid, 'SIGKILL'); // never left running after the test
    return { r, kind: containment().kind, started: pids.length, left: left.length };
  } finally {
    delete process.env.HOSTILE_GRANDCHILD_FILE;
    if (saved === undefined) delete process.env[CONTAINMENT_ENV];
    else process.env[CONTAINMENT_ENV] = saved;
    resetContainment();
  }
}

afterAll(() => resetContainment());

/** Every way an adapter's process can start something that escapes its process group. */
function escapes(dir: string): { name: string; args: string[] }[] {
  writeFileSync(
    join(dir, 'isolated-burner.mjs'),
    `import { spawn } from 'node:child_process';
import { referenceAdapter } from ${JSON.stringify(BUILT_REFERENCE_ENTRY)};
import { recordCount, waitForRecord } from ${JSON.stringify(join(HOSTILE, 'lib.mjs'))};
const burn = "require('node:fs').appendFileSync(process.argv[1], require('node:fs').readlinkSync('/proc/self') + '\\\\n'); for (;;) {}";
const file = process.env.HOSTILE_GRANDCHILD_FILE;
const before = recordCount(file);
spawn('setsid', [process.execPath, '-e', burn, file], { stdio: 'ignore', detached: true }).unref();
waitForRecord(file, before);
export default referenceAdapter;
`,
  );
  return [
    {
      name: 'an adapter process whose grandchild holds its pipes from a session of its own',
      args: [
        '--adapter-cmd',
        `${node} ${join(HOSTILE, 'setsid-grandchild.mjs')}`,
        '--check',
        'WIRE-ROUNDTRIP',
        '--runs',
        '3',
      ],
    },
    {
      name: 'an adapter process with a detached child that burns a CPU for ever',
      args: [
        '--adapter-cmd',
        `${node} ${join(HOSTILE, 'detached-burner.mjs')}`,
        '--check',
        'WIRE-ROUNDTRIP',
        '--runs',
        '3',
      ],
    },
    {
      name: 'an isolated module that starts a detached CPU burner when it loads',
      args: ['--adapter', './isolated-burner.mjs', '--check', 'WIRE-ROUNDTRIP', '--runs', '3'],
    },
    {
      name: 'a command-line verifier that leaves a grandchild in a session of its own on every case',
      args: [
        '--uas-verify-cmd',
        `${node} ${VERIFIER} {source} {artifact}`,
        '--check',
        'VAL-VALID-ACCEPTED',
        '--runs',
        '5',
      ],
    },
  ];
}

describe('nothing an adapter starts outlives the run', () => {
  // The isolated module must run isolated, whatever the environment of the tests says.
  const savedInProcess = process.env[IN_PROCESS_ENV];
  afterAll(() => {
    if (savedInProcess !== undefined) process.env[IN_PROCESS_ENV] = savedInProcess;
  });

  for (const mode of ['auto', 'environment'] as const) {
    it(`containment ${mode}: every escaping process is gone once the run is over`, async () => {
      delete process.env[IN_PROCESS_ENV];
      const dir = tempDir();
      const counts: [string, number, number][] = [];
      for (const e of escapes(dir)) {
        const grandchildren = join(dir, `${counts.length}.pids`);
        writeFileSync(grandchildren, '');
        // The verifier takes the file as an argument; the adapters read it from the environment.
        const args = e.args.map((a) => a.replace('{artifact}', `{artifact} ${grandchildren}`));
        const { r, kind, started, left } = await runContained(mode, args, grandchildren, dir);
        // The gallery's adapters answer the probes' way, not the suites': a run's verdicts say nothing here.
        expect([0, 1], `${e.name}: ${r.stderr}`).toContain(r.code);
        if (mode === 'auto') expect(['pid-namespace', 'environment']).toContain(kind);
        else expect(kind).toBe('environment');
        // In a PID namespace the run says nothing; with the environment mark it says what may escape.
        expect(r.stderr.includes('no PID namespace here')).toBe(kind !== 'pid-namespace');
        counts.push([e.name, started, left]);
      }
      for (const [name, started, left] of counts) {
        expect(started, name).toBeGreaterThan(0);
        expect(left, name).toBe(0);
      }
    });
  }

  it('containment none: the run says in one line that what left the process group may outlive it', async () => {
    delete process.env[IN_PROCESS_ENV];
    const dir = tempDir();
    const grandchildren = join(dir, 'none.pids');
    writeFileSync(grandchildren, '');
    const { r, kind, started } = await runContained('none', escapes(dir)[1]!.args, grandchildren, dir);
    expect(kind).toBe('none');
    expect([0, 1], r.stderr).toContain(r.code);
    expect(started).toBe(1);
    expect(r.stderr).toMatch(
      /^uaix-conformance: the containment was switched off \(UAIX_CONFORMANCE_CONTAINMENT=none\): what an adapter starts in a session of its own may outlive the run$/m,
    );
  });
});
