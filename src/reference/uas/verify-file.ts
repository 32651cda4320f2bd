import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { analyzeArtifact } from './analyze.js';
import { DEFAULT_CHUNK, fileSource } from './file-source.js';
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
  const chunkSize = opts.chunkSize ?? DEFAULT_CHUNK;
  let artifact: string;
  try {
    const bytes = readFileSync(artifactPath);
    try {
      artifact = utf8.decode(bytes);
    } catch {
      artifact = '\u0000'; // not UTF-8: reported as not well-formed, like any byte XML cannot carry
    }
  } catch (e) {
    throw new UnreadableFileError(
      `cannot read artifact ${artifactPath}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  let fd: number;
  try {
    fd = openSync(sourcePath, 'r');
  } catch (e) {
    throw new UnreadableFileError(
      `cannot read source ${sourcePath}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
    );
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UnreadableFileError(`source ${sourcePath} is not a regular file`);
    const length = st.size;
    const prefix = Buffer.alloc(Math.min(length, spec.legacyScanBytes));
    readSync(fd, prefix, 0, prefix.length, 0);
    const helper = length >= (opts.parallelFrom ?? PARALLEL_FROM) ? takeHelper() : undefined;
    let healthy = true;
    try {
      const { issues, model, readable } = analyzeArtifact(artifact, spec, length, legacyContainerOf(prefix, spec));
      if (!model) return toVerdict(issues.items, model);
      const src = fileSource(fd, length, chunkSize);
      let digests: string[] | undefined;
      if (helper && readable.length > 0) {
        // The helper claims spans while this thread hashes the whole source, then both share what is left.
        const jobs = spanJobs(readable.map((u) => u.span!));
        const helped = runOnHelper(helper, { path: sourcePath, length, chunkSize, jobs });
        checkRoot(model, src.hash(0, length), length, issues);
        hashClaimedSpans(jobs, src);
        healthy = await helped;
        digests = finishSpans(jobs, src);
      } else {
        checkRoot(model, src.hash(0, length), length, issues);
      }
      const spanIssues = new IssueList();
      checkSpanContents(readable, src, spec, spanIssues, digests);
      return toVerdict([...issues.items, ...spanIssues.items], model);
    } finally {
      if (helper) releaseHelper(helper, healthy);
    }
  } finally {
    closeSync(fd);
  }
}
