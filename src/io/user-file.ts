import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { UsageError } from '../contract/errors.js';

/**
 * Reading a file a user named, open first and check after (D-REL-05): the path is opened without
 * blocking (`O_NONBLOCK`: opening a FIFO for reading returns at once instead of waiting for a writer)
 * and what was opened is what is checked (`fstat`) and read. A check of the path followed by an open
 * would judge one file and open another when the path is swapped in between (a FIFO put there
 * blocks the open for ever). Only a regular file is read, and never past a bound, so neither a device
 * (`/dev/zero`) nor a file that grows while it is read can grow memory.
 */

/** Why a file a user named cannot be read: one line, for the caller to put in its own message. */
export class UserFileError extends Error {
  constructor(
    message: string,
    /** `missing` (ENOENT), `kind` (not a regular file), `size` (over the bound), `io` (anything else). */
    readonly reason: 'missing' | 'kind' | 'size' | 'io',
  ) {
    super(message);
    this.name = 'UserFileError';
  }
}

/** What a file that is not a regular file is, in words. */
export function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  if (st.isSymbolicLink()) return 'a symbolic link';
  return 'not a regular file';
}

const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

/**
 * Opens `path` for reading without blocking and checks the open file: a regular file of at most
 * `maxBytes` (when given). Returns the descriptor (the caller closes it) and its size. `what` names
 * the file in messages (`source raw.txt`, `report out/report.json`).
 */
export function openUserFile(path: string, what: string, maxBytes?: number): { fd: number; size: number } {
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UserFileError(
      `cannot read ${what}: ${code ?? (e as Error).message}`,
      code === 'ENOENT' ? 'missing' : 'io',
    );
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UserFileError(`${what} is ${kindOf(st)}, not a regular file`, 'kind');
    if (maxBytes !== undefined && st.size > maxBytes)
      throw new UserFileError(`${what} is ${st.size} bytes, more than the ${maxBytes} bytes read`, 'size');
    return { fd, size: st.size };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}

/** The bytes of a regular file a user named, read from what was opened (see the top), at most `maxBytes`. */
export function readUserFile(path: string, what: string, maxBytes = 256 * 1024 * 1024): Buffer {
  const { fd, size } = openUserFile(path, what, maxBytes);
  try {
    return readAll(fd, size, maxBytes, what);
  } finally {
    closeSync(fd);
  }
}

/** Reads an open file to its end, never past `maxBytes` (a file that grows while it is read is refused). */
export function readAll(fd: number, sizeHint: number, maxBytes: number, what: string): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  let buf = Buffer.allocUnsafe(Math.max(1, Math.min(sizeHint + 1, maxBytes + 1, 1 << 20)));
  for (;;) {
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, null);
    } catch (e) {
      throw new UserFileError(
        `cannot read ${what}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
        'io',
      );
    }
    if (n === 0) break;
    total += n;
    if (total > maxBytes)
      throw new UserFileError(`${what} grew past the ${maxBytes} bytes read while it was read`, 'size');
    chunks.push(buf.subarray(0, n));
    buf = Buffer.allocUnsafe(1 << 20);
  }
  return Buffer.concat(chunks, total);
}

/** The largest JSON file a command reads (a report of a very long run stays far below it). */
export const MAX_JSON_BYTES = 512 * 1024 * 1024;

/**
 * The text of a file a user named, opened first and checked after (`readUserFile`, D-REL-05), or one
 * usage line: no such file, a folder, not a regular file (a FIFO, a device), too large, unreadable.
 */
export function readUserText(
  file: string,
  what: string,
  shown: string = file,
  maxBytes = MAX_JSON_BYTES,
  /** What a folder there is called (the spec folder's files say `is not a regular file` of everything). */
  folder = 'is a folder, not a file',
): string {
  try {
    return readUserFile(file, `${what} ${shown}`, maxBytes).toString('utf8');
  } catch (e) {
    if (!(e instanceof UserFileError)) throw e;
    if (e.reason === 'missing') throw new UsageError(`${what} ${shown}: no such file`);
    if (e.reason === 'kind')
      throw new UsageError(
        e.message.includes(' is a folder,') ? `${what} ${shown} ${folder}` : `${what} ${shown} is not a regular file`,
      );
    throw new UsageError(e.message);
  }
}
