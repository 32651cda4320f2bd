import { spawn } from 'node:child_process';
import { STDERR_TAIL } from './evidence.js';
import { containment, exitOf } from './contain.js';

/** How one run of a command line tool ended. */
export interface OnceResult {
  code: number | null;
  signal: string | null;
  stdout: string;
  /** True when stdout grew past the limit (the process was killed and stdout cut). */
  stdoutTooLong: boolean;
  stderrTail: string;
  timedOut: boolean;
  /** Set when the command could not be started at all. */
  spawnError?: string;
}

/** Process groups of commands running now, killed on abort and when the pack exits. */
const running = new Set<number>();
let hooked = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(process.platform === 'win32' ? pid : -pid, signal);
  } catch {
    /* gone */
  }
}

/** Kills every command started by `runOnce` that is still running. */
export function killAllOnce(): void {
  for (const pid of running) killGroup(pid, 'SIGKILL');
}

/**
 * Runs a command to completion with a deadline and bounded output: stdin is empty, stdout is kept
 * up to `maxStdoutBytes`, stderr only as a tail. The command runs in its own process group, killed
 * as a whole on timeout.
 */
export function runOnce(
  argv: readonly string[],
  opts: { timeoutMs: number; maxStdoutBytes: number; cwd?: string },
): Promise<OnceResult> {
  if (!hooked) {
    hooked = true;
    process.on('exit', killAllOnce);
  }
  return new Promise((resolve) => {
    // The deadline starts before the spawn, which can itself take a while on a loaded machine.
    let pid: number | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) killGroup(pid, 'SIGKILL');
      // Answer at the deadline: the pipes may take a while to close after the kill.
      settle(null, 'SIGKILL');
    }, opts.timeoutMs);
    // In a PID namespace of its own where the platform allows: what it leaves behind dies with it (D-REL-03).
    const contained = containment().contain(argv, undefined, opts.cwd);
    const child = spawn(contained.argv[0]!, contained.argv.slice(1), {
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
      ...(opts.cwd !== undefined ? { cwd: opts.cwd } : {}),
      ...(contained.env !== undefined ? { env: contained.env } : {}),
    });
    const out: Buffer[] = [];
    let outBytes = 0;
    let stdoutTooLong = false;
    let stderr = '';
    let timedOut = false;
    let spawnError: string | undefined;
    pid = child.pid;
    if (pid !== undefined) running.add(pid);
    let settled = false;
    const settle = (code: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      const stdout = Buffer.concat(out).subarray(0, opts.maxStdoutBytes).toString('utf8');
      resolve({
        code,
        signal,
        stdout,
        stdoutTooLong,
        stderrTail: stderr.slice(-STDERR_TAIL),
        timedOut,
        ...(spawnError !== undefined ? { spawnError } : {}),
      });
    };
    child.stdout.on('data', (b: Buffer) => {
      if (stdoutTooLong) return;
      outBytes += b.length;
      out.push(b);
      if (outBytes > opts.maxStdoutBytes) {
        stdoutTooLong = true;
        if (pid !== undefined) killGroup(pid, 'SIGKILL');
      }
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (s: string) => {
      stderr = (stderr + s).slice(-4 * STDERR_TAIL);
    });
    child.once('error', (e) => {
      spawnError = e.message;
    });
    const finish = (rawCode: number | null, rawSignal: NodeJS.Signals | null) => {
      clearTimeout(timer);
      if (pid !== undefined) {
        running.delete(pid);
        killGroup(pid, 'SIGKILL'); // anything it left running in its group
      }
      contained.sweep(); // and anything that left the group, where only its mark tells
      const { code, signal } = exitOf(contained.shell, rawCode, rawSignal);
      settle(code, signal);
      // Whoever still holds the pipes (a grandchild that left the group) cannot hold the pack.
      for (const stream of [child.stdout, child.stderr]) stream.destroy();
      child.unref();
    };
    child.once('close', (code, signal) => finish(code, signal));
    // The verdict is the exit status: once the command exited, its output is read for a moment more, not for ever.
    child.once('exit', (code, signal) => void new Promise((r) => setTimeout(r, 200)).then(() => finish(code, signal)));
  });
}
