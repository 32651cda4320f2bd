import { REPORT_FILE_NAMES } from '../model/report-files.js';
import { createHash } from 'node:crypto';
import {
  accessSync,
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from '../contract/errors.js';
import { openUserFile, readUserFile } from './user-file.js';

/**
 * The output folder of a run (`--out`). Four promises, all kept here:
 * - it is checked before the run starts: a file, an unwritable or read-only folder, a FIFO or other
 *   non-regular file where a report goes, or a report file we did not write is one usage line;
 * - one run at a time: a lock file refuses a second run (a stale lock of a dead process is taken over);
 * - the pack only replaces files it wrote: the manifest (`MANIFEST`) lists each file with its
 *   sha256, and a file that is not listed, or changed since, is refused unless `--force`;
 * - the reports are one consistent set or nothing: every file is written to a temp file first; if
 *   any write fails, the temps and the previous set are removed (never a new report.json next to an
 *   old green badge.json); otherwise the previous set is removed, the new files renamed in, and the
 *   manifest written last. A temp file never outlives its process.
 * The set is flat but for `failures/<CHECK-ID>.json` (one per failed check, `FAILURES_DIR`): those
 * files are checked, listed, replaced and retired like the others, and the folder goes with its last one.
 */

/** One published file of a report: its name inside the output folder and its content (chunks are streamed, never joined). */
export interface ReportFile {
  name: string;
  content: string | Iterable<string>;
}

/**
 * The folder of the failure files: `failures/<CHECK-ID>.json`, one per failed check of the run. It
 * belongs to the report set like the other files: listed in the manifest, retired with them (a
 * stale failure file of an earlier run never sits next to a new report).
 */
export const FAILURES_DIR = 'failures';
/** A failure file's name inside the output folder; the only report files not at its top. */
const FAILURE_FILE = /^failures\/[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\.json$/;

/** The name of a failed check's failure file, `failures/<CHECK-ID>.json`. */
export function failureFileName(checkId: string): string {
  const name = `${FAILURES_DIR}/${checkId}.json`;
  if (!FAILURE_FILE.test(name)) throw new Error(`not a check id: ${JSON.stringify(checkId)}`);
  return name;
}

/** A name a report file may have: a top-level file, or a failure file (a manifest naming `../x` is never followed). */
function isReportFileName(name: string): boolean {
  return (
    (!name.includes('/') && !name.includes('\\') && name !== '' && name !== '.' && name !== '..') ||
    FAILURE_FILE.test(name)
  );
}

/** The temp file a report file is written to first, beside it: `.<name>.<pid>.tmp`. */
function tempOf(dir: string, name: string): string {
  const at = name.lastIndexOf('/');
  return join(dir, name.slice(0, at + 1), `.${name.slice(at + 1)}.${process.pid}.tmp`);
}

/** The manifest: which files of the folder the pack wrote, with their digests. */
export const MANIFEST = '.uaix-conformance.json';
/** The lock of the run writing into the folder. */
export const LOCK = '.uaix-conformance.lock';
/** The manifest's format id. */
export const MANIFEST_FORMAT = 'uaix-conformance-output/1';
/** The temp files of this module: `.<name>.<pid>.tmp`. */
const TEMP = /^\.(.+)\.(\d+)\.tmp$/;

/** How the output folder may be used. */
export interface OutOptions {
  /** Replace report files the pack did not write (or that were changed since). */
  force?: boolean;
}

/** A held lock on an output folder. */
export interface OutLock {
  readonly dir: string;
  /**
   * Removes the previous run's reports (the files of ours the manifest lists, and the manifest):
   * called when the new run starts, so that a run that dies before it writes (an adapter calling
   * `process.exit(0)`, a kill) leaves nothing, never the old green badge.json as if it were its own.
   */
  retirePrevious(): void;
  /** Removes the lock (idempotent; never removes a lock another process took over). */
  release(): void;
}

interface Manifest {
  format: typeof MANIFEST_FORMAT;
  files: { name: string; sha256: string; bytes: number }[];
}

/**
 * The locks this process holds, by folder, with the options they were taken with, and whether the
 * run has retired the folder's previous reports (from then on the folder is the run's: anything that
 * appears where a report goes was put there during the run, D-REL-04).
 */
const held = new Map<string, { token: string; options: OutOptions; retired?: boolean }>();

/** A file that appeared in the output folder during a run where a report goes, and where it was moved. */
export interface ForeignFile {
  /** Its name inside the output folder (`junit.xml`, `failures/ENV-X.json`, the manifest). */
  name: string;
  /** The name it was moved to, beside it (`junit.xml.foreign`). */
  movedTo: string;
}

/** The foreign files each folder's last write moved aside (`takeForeignFiles`). */
const foreign = new Map<string, ForeignFile[]>();

/** The files the last write into `outDir` found there that no run of ours wrote, and moved aside (once: they are forgotten then). */
export function takeForeignFiles(outDir: string): ForeignFile[] {
  const dir = resolve(outDir);
  const found = foreign.get(dir) ?? [];
  foreign.delete(dir);
  return found;
}
/** Temp files this process is writing: removed on exit, whatever ends the process. */
const temps = new Set<string>();
let exitHookInstalled = false;

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const t of temps) tryUnlink(t);
    for (const [dir, h] of held) releaseLock(dir, h.token);
  });
}

function tryUnlink(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new UsageError(`cannot inspect ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** The nearest folder of `dir` that exists (itself when it does), or a usage error when a file stands in the way. */
function existingFolder(dir: string): string {
  for (let at = resolve(dir); ; at = dirname(at)) {
    let st: Stats | undefined;
    try {
      st = statSync(at);
    } catch {
      st = undefined;
    }
    if (st) {
      if (!st.isDirectory())
        throw new UsageError(
          at === resolve(dir)
            ? `the output folder ${dir} is a file, not a folder (choose another --out)`
            : `the output folder ${dir} cannot be made: ${at} is a file`,
        );
      return at;
    }
    if (dirname(at) === at) return at;
  }
}

/** The folder can take files: it (or the folder it would be made in) is writable, on a writable file system. */
function assertWritable(dir: string): void {
  const at = existingFolder(dir);
  try {
    accessSync(at, constants.W_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'EROFS' ? 'it is on a read-only file system' : 'it is not writable';
    throw new UsageError(`cannot write reports into ${dir}: ${why} (${code ?? 'no access'}; choose another --out)`);
  }
}

/** A report file's place holds nothing, or a regular file (a FIFO would hang the run, a folder or device would lose the report). */
function assertRegularOrAbsent(path: string): Stats | undefined {
  const st = lstatOrUndefined(path);
  if (st && !st.isFile()) {
    const kind = st.isFIFO()
      ? 'a FIFO'
      : st.isDirectory()
        ? 'a folder'
        : st.isSymbolicLink()
          ? 'a symbolic link'
          : st.isSocket()
            ? 'a socket'
            : 'not a regular file';
    throw new UsageError(
      `${path} is ${kind}, where a report file goes: refusing to write there (remove it or choose another --out)`,
    );
  }
  return st;
}

/** The sha256 of a file, read in chunks (a report may be large). */
function fileDigest(path: string): string {
  const hash = createHash('sha256');
  // Opened without blocking and checked as opened (D-REL-05): a FIFO swapped in after the check cannot hang the run.
  const { fd } = openUserFile(path, path);
  try {
    const buf = Buffer.alloc(1 << 20);
    for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) hash.update(buf.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest('hex');
}

/** The folder's manifest, or undefined when there is none or it is not ours. */
function readManifest(dir: string): Manifest | undefined {
  const path = join(dir, MANIFEST);
  if (!lstatOrUndefined(path)?.isFile()) return undefined;
  try {
    const m = JSON.parse(readUserFile(path, path, 64 * 1024 * 1024).toString('utf8')) as Partial<Manifest>;
    if (m.format !== MANIFEST_FORMAT || !Array.isArray(m.files)) return undefined;
    return {
      format: MANIFEST_FORMAT,
      files: m.files.filter((f) => typeof f?.name === 'string' && typeof f.sha256 === 'string'),
    };
  } catch {
    return undefined;
  }
}

/** True when the manifest lists `name` with the digest the file has now: the pack wrote it and nobody changed it. */
function isOurs(dir: string, name: string, manifest: Manifest | undefined): boolean {
  const entry = manifest?.files.find((f) => f.name === name);
  if (entry === undefined) return false;
  try {
    return fileDigest(join(dir, name)) === entry.sha256;
  } catch (e) {
    throw new UsageError(
      `cannot read ${join(dir, name)}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} (choose another --out)`,
    );
  }
}

/** Every report file in place is a regular file the pack wrote (or `force`). */
function assertOwnedFiles(dir: string, names: readonly string[], options: OutOptions): void {
  assertRegularOrAbsent(join(dir, MANIFEST));
  const manifest = readManifest(dir);
  for (const name of names) {
    const path = join(dir, name);
    if (assertRegularOrAbsent(path) && options.force !== true && !isOurs(dir, name, manifest)) {
      throw new UsageError(
        `${path} was not written by uaix-conformance (or was changed since): refusing to overwrite it (use --force, or choose another --out)`,
      );
    }
  }
}

/**
 * Checks, before a run starts, that `outDir` can take its reports: a folder (or makeable), writable,
 * with no non-regular file where a report goes and no report file the pack did not write (unless
 * `force`). A folder this process holds the lock of was checked when the lock was taken.
 * Every problem is one usage line.
 */
export function assertReplaceable(
  outDir: string,
  options: OutOptions = {},
  names: readonly string[] = REPORT_FILE_NAMES,
): void {
  if (held.has(resolve(outDir))) return;
  assertOutDir(outDir, options, names);
}

function assertOutDir(outDir: string, options: OutOptions, names: readonly string[]): void {
  assertWritable(outDir);
  if (lstatOrUndefined(outDir) === undefined) return;
  assertRegularOrAbsent(join(outDir, LOCK));
  assertOwnedFiles(outDir, [...names, ...presentFailureFiles(outDir)], options);
}

/**
 * The failure files in the folder's `failures/` (none when it is absent): any of them a run may
 * replace, so each must be the pack's (or `force`). Anything but a folder there is refused.
 */
function presentFailureFiles(outDir: string): string[] {
  const path = join(outDir, FAILURES_DIR);
  const st = lstatOrUndefined(path);
  if (st === undefined) return [];
  if (!st.isDirectory())
    throw new UsageError(
      `${path} is ${st.isSymbolicLink() ? 'a symbolic link' : 'not a folder'}, where the failure files go: refusing to write there (remove it or choose another --out)`,
    );
  let entries: string[];
  try {
    entries = readdirSync(path);
  } catch (e) {
    throw new UsageError(
      `cannot read ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} (choose another --out)`,
    );
  }
  return entries.map((f) => `${FAILURES_DIR}/${f}`).filter((name) => FAILURE_FILE.test(name));
}

/** True when a process with this pid exists (EPERM: it exists, owned by someone else). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid a lock file names, or undefined when it names none. */
function lockOwner(path: string): number | undefined {
  try {
    const pid = (JSON.parse(readUserFile(path, path, 4096).toString('utf8')) as { pid?: unknown }).pid;
    return typeof pid === 'number' && Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function releaseLock(dir: string, token: string): void {
  const path = join(dir, LOCK);
  try {
    if ((JSON.parse(readUserFile(path, path, 4096).toString('utf8')) as { token?: unknown }).token === token)
      unlinkSync(path);
  } catch {
    // gone, or taken over: not ours to remove
  }
  if (held.get(dir)?.token === token) held.delete(dir);
}

/** Creates the lock file exclusively; false when one exists. */
function tryCreateLock(path: string, token: string): boolean {
  try {
    writeFileSync(path, `${JSON.stringify({ pid: process.pid, token, since: new Date().toISOString() })}\n`, {
      flag: 'wx',
    });
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    throw new UsageError(
      `cannot write reports into ${dirname(path)}: ${code ?? (e as Error).message} (choose another --out)`,
    );
  }
}

/**
 * Checks `outDir` (as `assertReplaceable`), makes it, and takes its lock for this run: a second run
 * into the same folder is refused in one line while the first one's process lives; the lock of a
 * process that is gone is taken over. Stale temp files of dead runs are removed.
 */
export function lockOutDir(
  outDir: string,
  options: OutOptions = {},
  names: readonly string[] = REPORT_FILE_NAMES,
): OutLock {
  const dir = resolve(outDir);
  if (held.has(dir))
    throw new UsageError(`another run of this process is writing into ${outDir}: choose another --out`);
  assertOutDir(outDir, options, names);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (e) {
    throw new UsageError(
      `cannot make the output folder ${outDir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  const path = join(dir, LOCK);
  const token = `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  if (!tryCreateLock(path, token)) {
    const owner = lockOwner(path);
    if (owner !== undefined && isAlive(owner))
      throw new UsageError(
        `another uaix-conformance run (pid ${owner}) is writing into ${outDir}: wait for it to end, or choose another --out`,
      );
    tryUnlink(path); // the lock of a process that is gone
    if (!tryCreateLock(path, token))
      throw new UsageError(`another uaix-conformance run took the lock of ${outDir} just now: choose another --out`);
  }
  installExitHook();
  held.set(dir, { token, options });
  removeStaleTemps(dir);
  return {
    dir,
    retirePrevious: () => {
      removeOurSet(dir, []);
      const h = held.get(dir);
      if (h?.token === token) h.retired = true;
    },
    release: () => releaseLock(dir, token),
  };
}

/**
 * Moves whatever stands in `dir` where one of `names` goes, where the manifest goes, or among the
 * failure files, to a free name beside it (`<name>.foreign`, `<name>.foreign-2`, ...); a `failures`
 * that is not a folder goes the same way. Renaming opens nothing, so a FIFO or a folder moves as a
 * file does. Returns what it moved.
 */
function moveAside(dir: string, names: readonly string[]): ForeignFile[] {
  const moved: ForeignFile[] = [];
  const move = (name: string) => {
    if (lstatOrUndefined(join(dir, name)) === undefined) return;
    let to = `${name}.foreign`;
    for (let n = 2; lstatOrUndefined(join(dir, to)) !== undefined; n++) to = `${name}.foreign-${n}`;
    try {
      renameSync(join(dir, name), join(dir, to));
      moved.push({ name, movedTo: to });
    } catch (e) {
      throw new UsageError(
        `${join(dir, name)} appeared during the run and cannot be moved aside: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      );
    }
  };
  const failures = lstatOrUndefined(join(dir, FAILURES_DIR));
  if (failures !== undefined && !failures.isDirectory()) move(FAILURES_DIR);
  for (const name of new Set([MANIFEST, ...names, ...presentFailureFiles(dir)])) move(name);
  return moved;
}

/** Removes the temp files of runs whose process is gone (a run killed while it wrote). */
function removeStaleTemps(dir: string): void {
  for (const at of [dir, join(dir, FAILURES_DIR)]) {
    let entries: string[];
    try {
      entries = readdirSync(at);
    } catch {
      continue;
    }
    for (const f of entries) {
      const m = TEMP.exec(f);
      if (m && Number(m[2]) !== process.pid && !isAlive(Number(m[2]))) tryUnlink(join(at, f));
    }
  }
}

/** Writes one file's content to `path`, chunk by chunk, returning its digest and size. */
function writeStreamed(path: string, content: string | Iterable<string>): { sha256: string; bytes: number } {
  const hash = createHash('sha256');
  let bytes = 0;
  const fd = openSync(path, 'wx');
  try {
    for (const chunk of typeof content === 'string' ? [content] : content) {
      const buf = Buffer.from(chunk, 'utf8');
      hash.update(buf);
      for (let off = 0; off < buf.length; ) off += writeSync(fd, buf, off);
      bytes += buf.length;
    }
  } finally {
    closeSync(fd);
  }
  return { sha256: hash.digest('hex'), bytes };
}

/** Removes the files of ours the manifest lists, then the manifest: what is left cannot be mistaken for a run's reports. */
function removeOurSet(dir: string, names: readonly string[]): void {
  const listed = new Set([...(readManifest(dir)?.files.map((f) => f.name) ?? []), ...names]);
  tryUnlink(join(dir, MANIFEST));
  for (const name of listed)
    if (isReportFileName(name) && lstatOrUndefined(join(dir, name))?.isFile()) tryUnlink(join(dir, name));
  removeIfEmpty(join(dir, FAILURES_DIR));
}

/** Removes a folder the pack made when nothing is left in it (a user's file in it keeps it). */
function removeIfEmpty(folder: string): void {
  try {
    rmdirSync(folder);
  } catch {
    // absent, not empty, or not ours to remove
  }
}

/** Makes the folders the files' names need (`failures/`) inside the output folder. */
function makeSubfolders(dir: string, names: readonly string[]): void {
  for (const name of names)
    if (name.includes('/')) mkdirSync(join(dir, name.slice(0, name.lastIndexOf('/'))), { recursive: true });
}

/** Why a write failed, in words, with its code. */
function writeProblem(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC') return 'the disk is full (ENOSPC)';
  if (code === 'EDQUOT') return 'the disk quota is exceeded (EDQUOT)';
  return code ?? (e instanceof Error ? e.message : String(e));
}

/**
 * Publishes one consistent set of report files into `outDir` (see the module comment): all
 * written aside first, then swapped in, the manifest last. Runs under the folder's lock (taken here
 * for the write when this process does not hold it). A write that fails leaves no report file of
 * ours and no temp file, and is one usage line. Returns the paths written, in order.
 */
export function writeReportFiles(outDir: string, files: readonly ReportFile[]): string[] {
  const dir = resolve(outDir);
  const own = held.has(dir)
    ? undefined
    : lockOutDir(
        outDir,
        {},
        files.map((f) => f.name),
      );
  try {
    for (const f of files)
      if (!isReportFileName(f.name)) throw new Error(`not a report file name: ${JSON.stringify(f.name)}`);
    // A run that retired the folder's reports made it its own: what stands where a report goes now
    // was put there during the run (an adapter writing a junit.xml), and is moved aside, never
    // overwritten and never a reason to lose the run (D-REL-04).
    const h = held.get(dir);
    if (h?.retired === true && h.options.force !== true)
      foreign.set(
        dir,
        moveAside(
          dir,
          files.map((f) => f.name),
        ),
      );
    assertOwnedFiles(
      dir,
      files.map((f) => f.name),
      held.get(dir)?.options ?? {},
    );
    const written: { name: string; temp: string; sha256: string; bytes: number }[] = [];
    try {
      makeSubfolders(
        dir,
        files.map((f) => f.name),
      );
      for (const f of files) {
        const temp = tempOf(dir, f.name);
        tryUnlink(temp);
        temps.add(temp);
        written.push({ name: f.name, temp, ...writeStreamed(temp, f.content) });
      }
    } catch (e) {
      for (const t of [...temps].filter((t) => dirname(t) === dir || dirname(t) === join(dir, FAILURES_DIR))) {
        tryUnlink(t);
        temps.delete(t);
      }
      removeOurSet(
        dir,
        files.map((f) => f.name),
      );
      // A renderer's bug stays a bug (exit 3); only the file system's refusals are the folder's problem.
      if (e instanceof UsageError || typeof (e as NodeJS.ErrnoException | undefined)?.code !== 'string') throw e;
      throw new UsageError(
        `cannot write the reports into ${outDir}: ${writeProblem(e)}; no report of this run was written, and the previous reports were removed so that none is taken for this run's`,
      );
    }
    removeOurSet(
      dir,
      files.map((f) => f.name),
    );
    for (const w of written) {
      renameSync(w.temp, join(dir, w.name));
      temps.delete(w.temp);
    }
    const manifest: Manifest = {
      format: MANIFEST_FORMAT,
      files: written.map(({ name, sha256, bytes }) => ({ name, sha256, bytes })),
    };
    const temp = join(dir, `.${MANIFEST}.${process.pid}.tmp`);
    temps.add(temp);
    writeFileSync(temp, `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(temp, join(dir, MANIFEST));
    temps.delete(temp);
    return written.map((w) => join(dir, w.name));
  } finally {
    own?.release();
  }
}

export { REPORT_FILE_NAMES } from '../model/report-files.js';
