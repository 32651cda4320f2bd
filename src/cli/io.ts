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
