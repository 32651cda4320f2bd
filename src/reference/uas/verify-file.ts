import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { analyzeArtifact } from './analyze.js';
import { DEFAULT_CHUNK, fileSource, hashFile } from './file-source.js';
import { IssueList } from './issues.js';
import { checkRoot, checkSpanContents, legacyContainerOf } from './source.js';
import { uasSpec, type UasSpec } from './spec.js';
import { toVerdict, type UasReferenceVerdict } from './verify.js';

/** Options of the file verifier. */
export interface FileVerifyOptions {
  spec?: UasSpec;
  /** Bytes per positional read (default 4 MiB). */
  chunkSize?: number;
  /** Sources at least this large get their root hash on a worker thread (default 16 MiB). */
  parallelFrom?: number;
}

/** A file the verifier cannot read: the CLI maps it to exit code 2. */
export class UnreadableFileError extends Error {}

function rootHashOnWorker(path: string, length: number, chunkSize: number): { hex: Promise<string>; stop: () => void } | undefined {
  const url = new URL('./root-hash-worker.js', import.meta.url);
  if (url.protocol !== 'file:' || !existsSync(url)) return undefined; // running from sources: hash inline
  // The worker needs none of the parent's flags (and some, like --input-type, would stop it).
  const w = new Worker(url, { workerData: { path, length, chunkSize }, execArgv: [] });
  const hex = new Promise<string>((resolve, reject) => {
    w.once('message', (m: { hex?: string; error?: string }) => (m.hex ? resolve(m.hex) : reject(new UnreadableFileError(m.error ?? 'root hash failed'))));
    w.once('error', reject);
  });
  hex.catch(() => {});
  return { hex, stop: () => void w.terminate() };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Verifies an artifact file against a source file without loading the source: the artifact is
 * parsed in memory; the source is read by position, its root hash computed on a worker thread
 * in parallel with the span hashes and byte comparisons. Same findings as `verifyUas`.
 */
export async function verifyUasFile(sourcePath: string, artifactPath: string, opts: FileVerifyOptions = {}): Promise<UasReferenceVerdict> {
  const spec = opts.spec ?? uasSpec();
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
    throw new UnreadableFileError(`cannot read artifact ${artifactPath}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let fd: number;
  try {
    fd = openSync(sourcePath, 'r');
  } catch (e) {
    throw new UnreadableFileError(`cannot read source ${sourcePath}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UnreadableFileError(`source ${sourcePath} is not a regular file`);
    const length = st.size;
    const prefix = Buffer.alloc(Math.min(length, spec.legacyScanBytes));
    readSync(fd, prefix, 0, prefix.length, 0);
    const root = length >= (opts.parallelFrom ?? 16 << 20) ? rootHashOnWorker(sourcePath, length, chunkSize) : undefined;
    const { issues, model, readable } = analyzeArtifact(artifact, spec, length, legacyContainerOf(prefix, spec));
    if (!model) {
      root?.stop();
      return toVerdict(issues.items, model);
    }
    const spanIssues = new IssueList();
    checkSpanContents(readable, fileSource(fd, length, chunkSize), spec, spanIssues);
    checkRoot(model, root ? await root.hex : hashFile(fd, length, chunkSize), length, issues);
    return toVerdict([...issues.items, ...spanIssues.items], model);
  } finally {
    closeSync(fd);
  }
}
