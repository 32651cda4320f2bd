import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { analyzeArtifact } from './analyze.js';
import { DEFAULT_CHUNK, fileSource, SourceChangedError } from './file-source.js';
import { PARALLEL_FROM, releaseHelper, runOnHelper, takeHelper } from './span-helper.js';
import { finishSpans, hashClaimedSpans, spanJobs } from './span-jobs.js';
import { IssueList } from './issues.js';
import { checkRoot, checkSpanContents, legacyContainerOf } from './source.js';
import type { UasSpec } from '../../spec/uas.js';
import { toVerdict, type UasReferenceVerdict } from './verify.js';

/** Options of the file verifier. */
export interface FileVerifyOptions {
  /** Bytes of the source read window, the size of every positional read (default 128 KiB); memory stays at about one window per thread. */
  chunkSize?: number;
  /** Sources at least this large get a worker thread for span hashes (default 16 MiB). */
  parallelFrom?: number;
}

/** A file the verifier cannot read: the CLI maps it to exit code 2. */
export class UnreadableFileError extends Error {}

// The byte order mark stays in the text: the XML parser allows one (XML 1.0 §4.3.3), and a second is a character before the root.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Verifies an artifact file against a source file without loading the source: the artifact is
 * parsed in memory; the source is read by position through one window (`fileSource`), which serves
 * every span inside it. For large sources a worker thread hashes spans while this thread hashes the
 * whole source, and both then share the spans left. Same findings as `verifyUas` with the same `spec`.
 */
export async function verifyUasFile(
  sourcePath: string,
  artifactPath: string,
  spec: UasSpec,
  opts: FileVerifyOptions = {},
): Promise<UasReferenceVerdict> {
  // Opened first, without blocking, and the open files checked (a path swapped for a FIFO cannot hang it).
  const artifactFd = openRegular(artifactPath, 'artifact');
  let artifact: Buffer;
  try {
    artifact = readToEnd(artifactFd, artifactPath);
  } finally {
    closeSync(artifactFd);
  }
  const fd = openRegular(sourcePath, 'source');
  try {
    return await verifyUasOpen({ fd, length: fstatSync(fd).size, path: sourcePath }, artifact, spec, opts);
  } finally {
    closeSync(fd);
  }
}

/** An open source file: its descriptor (read by position, never closed here), its length, and its name for messages. */
export interface OpenSource {
  fd: number;
  length: number;
  path: string;
}

/**
 * `verifyUasFile` on a source already opened and an artifact already read (the command line opens
 * both first, then checks what it opened). A source that turns out shorter than `length` while it is
 * read (truncated meanwhile) is an `UnreadableFileError`, never an internal error.
 */
export async function verifyUasOpen(
  source: OpenSource,
  artifactBytes: Uint8Array,
  spec: UasSpec,
  opts: FileVerifyOptions = {},
): Promise<UasReferenceVerdict> {
  const chunkSize = opts.chunkSize ?? DEFAULT_CHUNK;
  let artifact: string;
  try {
    artifact = utf8.decode(artifactBytes);
  } catch {
    artifact = '\u0000'; // not UTF-8: reported as not well-formed, like any byte XML cannot carry
  }
  try {
    return await verifyOpenSource(source, artifact, spec, chunkSize, opts);
  } catch (e) {
    if (e instanceof SourceChangedError)
      throw new UnreadableFileError(`source ${source.path} changed while it was read: ${e.message}`);
    throw e;
  }
}

async function verifyOpenSource(
  source: OpenSource,
  artifact: string,
  spec: UasSpec,
  chunkSize: number,
  opts: FileVerifyOptions,
): Promise<UasReferenceVerdict> {
  const { fd, length } = source;
  const prefix = Buffer.alloc(Math.min(length, spec.legacyScanBytes));
  readSync(fd, prefix, 0, prefix.length, 0);
  const helper = length >= (opts.parallelFrom ?? PARALLEL_FROM) ? takeHelper() : undefined;
  // Healthy once its job is over: a helper still reading the source when this thread stops (a throw)
  // is ended, never kept, since the caller closes the descriptor it reads.
  let healthy = helper === undefined;
  try {
    const { issues, model, readable } = analyzeArtifact(artifact, spec, length, legacyContainerOf(prefix, spec));
    if (!model) {
      healthy = true;
      return toVerdict(issues.items, model);
    }
    const src = fileSource(fd, length, chunkSize);
    let digests: string[] | undefined;
    if (helper && readable.length > 0) {
      // The helper claims spans while this thread hashes the whole source, then both share what is left.
      const jobs = spanJobs(readable.map((u) => u.span!));
      const helped = runOnHelper(helper, { fd, length, chunkSize, jobs });
      checkRoot(model, src.hash(0, length), length, issues);
      hashClaimedSpans(jobs, src);
      healthy = await helped;
      digests = finishSpans(jobs, src);
    } else {
      healthy = true;
      checkRoot(model, src.hash(0, length), length, issues);
    }
    const spanIssues = new IssueList();
    checkSpanContents(readable, src, spec, spanIssues, digests);
    return toVerdict([...issues.items, ...spanIssues.items], model);
  } finally {
    if (helper) releaseHelper(helper, healthy);
  }
}

/** Opens a file by path without blocking and checks the open file is a regular one. */
function openRegular(path: string, role: 'source' | 'artifact'): number {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    throw new UnreadableFileError(
      `cannot read ${role} ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  if (!fstatSync(fd).isFile()) {
    closeSync(fd);
    throw new UnreadableFileError(`${role} ${path} is not a regular file`);
  }
  return fd;
}

/** The whole of an open regular file. */
function readToEnd(fd: number, path: string): Buffer {
  try {
    const chunks: Buffer[] = [];
    for (;;) {
      const buf = Buffer.allocUnsafe(1 << 20);
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) return Buffer.concat(chunks);
      chunks.push(buf.subarray(0, n));
    }
  } catch (e) {
    throw new UnreadableFileError(
      `cannot read artifact ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
}
