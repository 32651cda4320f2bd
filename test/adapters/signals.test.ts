import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readReport } from '../../src/io/json-file.js';
import { BIN, tempDir } from '../helpers/cli.js';
import { alive } from './isolated/gallery.js';

/**
 * The signal matrix, through real processes (the built CLI): phase (describe, a pending call, shrinking)
 * x adapter kind (isolated module, --in-process module, --adapter-cmd process) x signal (SIGINT,
 * SIGTERM, SIGINT twice). Every run ends soon after the signal with exit 1; once checks ran, the
 * report of what finished is written (incomplete, valid against its schema); no adapter process is left.
 */
const bin = process.env.UAIX_TEST_BIN ?? BIN;
const TIMEOUT = 30_000;
/** The run ends within 0.1 x --timeout + 5 s of the signal (without the handling, a call would wait the whole --timeout). */
const BOUND_MS = 0.1 * TIMEOUT + 5000;

/** One adapter for every phase: `SIG_PHASE` says where it hangs; it records its pid and the phase reached in `SIG_MARK`. */
const MODULE = `import { appendFileSync, readlinkSync } from 'node:fs';
const mark = (what) => appendFileSync(process.env.SIG_MARK, what + '\\n');
mark('pid ' + readlinkSync('/proc/self')); // the host's pid: the adapter may be in a PID namespace of its own
const phase = process.env.SIG_PHASE;
let calls = 0;
export default {
  async describe() {
    if (phase === 'describe') { mark('phase'); await new Promise(() => {}); }
    return { name: 'signals', version: '1' };
  },
  computeChecksum() {
    calls += 1;
    if (phase === 'run') { mark('phase'); return new Promise(() => {}); }
    if (calls === 1) return 'sha256:' + '0'.repeat(64); // wrong: shrinking starts
    mark('phase');
    return new Promise(() => {});
  },
};
`;

/** The same adapter as a uaix-adapter/1 process. */
const COMMAND = `import { appendFileSync, readlinkSync } from 'node:fs';
import { createInterface } from 'node:readline';
const mark = (what) => appendFileSync(process.env.SIG_MARK, what + '\\n');
mark('pid ' + readlinkSync('/proc/self'));
const phase = process.env.SIG_PHASE;
let calls = 0;
const send = (m) => process.stdout.write(JSON.stringify(m) + '\\n');
createInterface({ input: process.stdin }).on('line', (line) => {
  const req = JSON.parse(line);
  if (req.method === 'describe') {
    if (phase === 'describe') return mark('phase');
    return send({ jsonrpc: '2.0', id: req.id, result: { name: 'signals', version: '1', protocol: 'uaix-adapter/1', methods: ['computeChecksum'] } });
  }
  calls += 1;
  if (phase === 'run') return mark('phase');
  if (calls === 1) return send({ jsonrpc: '2.0', id: req.id, result: 'sha256:' + '0'.repeat(64) });
  mark('phase');
});
`;

type Phase = 'describe' | 'run' | 'shrink';
type Kind = 'isolated' | 'in-process' | 'command';
type Signal = 'SIGINT' | 'SIGTERM' | 'SIGINT twice';

async function waitFor(test: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (test()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return test();
}

async function interrupt(phase: Phase, kind: Kind, signal: Signal) {
  const dir = tempDir();
  writeFileSync(join(dir, 'adapter.mjs'), MODULE);
  writeFileSync(join(dir, 'server.mjs'), COMMAND);
  const markFile = join(dir, 'mark');
  writeFileSync(markFile, '');
  const adapterArgs =
    kind === 'command'
      ? ['--adapter-cmd', `${process.execPath} server.mjs`]
      : ['--adapter', './adapter.mjs', ...(kind === 'in-process' ? ['--in-process'] : [])];
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', SIG_PHASE: phase, SIG_MARK: markFile };
  delete env.UAIX_CONFORMANCE_IN_PROCESS;
  const child = spawn(
    process.execPath,
    [
      bin,
      ...adapterArgs,
      '--check',
      'ENV-EXPIRED',
      '--check',
      'INT-CHECKSUM',
      '--seed',
      '1',
      '--runs',
      '50',
      '--timeout',
      String(TIMEOUT),
      '--out',
      'out',
    ],
    { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (b) => (stderr += b));
  child.stdout.resume();
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  // The exit can come before the last of stderr has been read: 'close' says the pipes are drained.
  const drained = new Promise<void>((r) => child.once('close', () => r()));
  const reached = await waitFor(() => readFileSync(markFile, 'utf8').includes('phase'), 60_000);
  expect(reached, `phase ${phase} never reached: ${stderr}`).toBe(true);
  const t0 = Date.now();
  child.kill(signal === 'SIGTERM' ? 'SIGTERM' : 'SIGINT');
  // The second Ctrl-C right behind the first, while the run is still winding down (one sent after the
  // process has finished could meet it tearing down its signal handlers: a race of the test, not of the pack).
  if (signal === 'SIGINT twice') child.kill('SIGINT');
  const code = await exited;
  const ms = Date.now() - t0;
  // A process left holding the pipes is the pids check's to report, not a reason to wait.
  await Promise.race([drained, new Promise((r) => setTimeout(r, 5000))]);
  const pids = readFileSync(markFile, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('pid '))
    .map((l) => Number(l.slice(4)));
  return { code, ms, stderr, dir, pids };
}

const PHASES: Phase[] = ['describe', 'run', 'shrink'];
const KINDS: Kind[] = ['isolated', 'in-process', 'command'];
const SIGNALS: Signal[] = ['SIGINT', 'SIGTERM', 'SIGINT twice'];

describe('signals work in every phase, for every adapter kind', () => {
  for (const phase of PHASES)
    for (const kind of KINDS)
      for (const signal of SIGNALS) {
        it.concurrent(`${signal} during ${phase}, ${kind}: exit 1 within 0.1 x --timeout + 5 s, ${phase === 'describe' ? 'no report' : 'the report of what finished'}, no process left`, async () => {
          const r = await interrupt(phase, kind, signal);
          expect(r.code, r.stderr).toBe(1);
          expect(r.ms).toBeLessThan(BOUND_MS);
          const reportFile = join(r.dir, 'out', 'report.json');
          if (phase === 'describe') {
            expect(r.stderr).toMatch(/interrupted while the adapter was starting; no check ran, no report was written/);
            expect(existsSync(reportFile)).toBe(false);
          } else {
            const report = readReport(reportFile);
            expect(report.incomplete).toBe(true);
            // ENV-EXPIRED was skipped (no validateEnvelope) before INT-CHECKSUM was interrupted: what finished is there.
            expect(report.checks.map((c) => [c.id, c.status])).toEqual([['ENV-EXPIRED', 'skipped']]);
          }
          for (const pid of r.pids)
            if (pid !== 0) expect(await waitFor(() => !alive(pid), 3000), `pid ${pid} outlived the run`).toBe(true);
        });
      }
});
