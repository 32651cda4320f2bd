import { relative, resolve } from 'node:path';

/**
 * Where a command reads and writes: stdout for results, stderr for notes and errors, and the folder
 * the user's relative paths are relative to (all three injectable, so commands run in-process in
 * tests exactly as from a shell).
 */
export interface CliIO {
  out: NodeJS.WritableStream;
  err: NodeJS.WritableStream;
  /** The working folder of the command (default: the process's). */
  cwd?: string;
}

/** The working folder of a command. */
export function cwdOf(io: CliIO): string {
  return io.cwd ?? process.cwd();
}

/** A path the user gave, resolved against the command's working folder. */
export function pathIn(io: CliIO, path: string): string {
  return resolve(cwdOf(io), path);
}

/** A path as the user would write it from the working folder. */
export function shownPath(io: CliIO, path: string): string {
  return relative(cwdOf(io), path) || path;
}

/**
 * A reader that went away (`uaix-conformance list | head -1`) closes the pipe: the next write fails
 * with EPIPE. That is no error of the command: it ends at once, quietly, with `exit` (exit code 0),
 * never with a stack trace. Any other stream error is rethrown as it is.
 */
export function endQuietlyOnBrokenPipe(
  stream: NodeJS.WritableStream,
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') exit(0);
    else throw e;
  });
}

/** What a command waits for now, innermost last: the line and exit code of a process that ends while waiting. */
const waits: { what: string; code: number }[] = [];

/**
 * Marks `work` as what the command waits for until it settles: should the process end before it does
 * (nothing is left to keep Node's event loop turning, as when a promise never settles), the line
 * `guardExitCode` prints names it, and the process exits with `code` instead of Node's 13.
 */
export async function waitingFor<T>(what: string, code: number, work: Promise<T>): Promise<T> {
  const wait = { what, code };
  waits.push(wait);
  try {
    return await work;
  } finally {
    waits.splice(waits.lastIndexOf(wait), 1);
  }
}

/**
 * The exit code of the command line is its own (D-REL-01): installed before the command runs, it holds
 * the process's exit code to the one the command returned (`settle`), whatever code an adapter's
 * leftover timer passes to `process.exit` after the run; and a process that ends before the command
 * returned (an event loop with nothing left to wait for) says in one line what it was waiting for and
 * exits with that wait's code (1 when it names none), never 0 and never Node's bare 13.
 */
export function guardExitCode(err: { write(text: string): unknown } = process.stderr): { settle(code: number): void } {
  let settled: number | undefined;
  process.on('exit', () => {
    if (settled !== undefined) {
      process.exitCode = settled;
      return;
    }
    const wait = waits[waits.length - 1];
    err.write(
      `uaix-conformance: the process ended while it waited for ${wait?.what ?? 'the command to finish'}; nothing was judged or written after that\n`,
    );
    process.exitCode = wait?.code ?? 1;
  });
  return {
    settle: (code) => {
      settled = code;
    },
  };
}
