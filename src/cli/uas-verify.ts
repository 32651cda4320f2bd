import { statSync, type Stats } from 'node:fs';
import { parseArgs } from 'node:util';
import type { UasFinding } from '../contract/adapter.js';
import { PARALLEL_FROM, prestartHelper } from '../reference/uas/span-helper.js';
import type { UasReferenceVerdict } from '../reference/uas/verify.js';
import { escapeTerminal } from '../reporters/escape.js';

/**
 * `uas-verify --source <raw_input.txt> --artifact <compiled.xml> [--json]` (seed 003 §7).
 * Exit 0: the artifact locks the source; 1: it does not (findings on stdout); 2: usage error, or a
 * file that cannot be read (missing, not a regular file, an artifact too large), one line on
 * stderr, never a stack trace; 3: an internal error, a bug of uaix-conformance.
 */
const USAGE = 'usage: uas-verify --source <raw_input.txt> --artifact <compiled.xml> [--json]';

/** The exit codes of `uas-verify` (README "UAS hash-lock verification" says the same). */
export const UAS_EXIT = Object.freeze({ valid: 0, invalid: 1, usage: 2, internal: 3 });

/**
 * The largest artifact read (the artifact is parsed in memory; the source is read by position and
 * has no bound). Checked on the file's size before a byte is read, so `/dev/zero` or a runaway
 * file never grows memory.
 */
export const MAX_ARTIFACT_BYTES = 256 * 1024 * 1024;

/** Findings rendered per write: the output of a million findings is never one string. */
const FINDINGS_PER_WRITE = 1_000;

/** A bad command line: one line, with the usage. */
class UsageError extends Error {}
/** An input that cannot be verified (missing, not a regular file, too large): one line. */
class InputError extends Error {}

function parse(argv: string[]): { source: string; artifact: string; json: boolean; help: boolean } {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: { source: { type: 'string' }, artifact: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]);
  }
  if (values.help) return { source: '', artifact: '', json: false, help: true };
  if (!values.source || !values.artifact) throw new UsageError(`missing ${!values.source ? '--source' : '--artifact'}`);
  return { source: values.source, artifact: values.artifact, json: values.json === true, help: false };
}

/** What kind of thing a path is, for a message, when it is not a regular file. */
function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a FIFO';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Checks an input before anything opens it: it exists and is a regular file (opening a FIFO would
 * hang, reading a device would never end), and an artifact is at most `MAX_ARTIFACT_BYTES`.
 * Returns its size.
 */
export function checkInput(role: 'source' | 'artifact', path: string): number {
  let st: Stats;
  try {
    st = statSync(path);
  } catch (e) {
    throw new InputError(`cannot read ${role} ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  if (!st.isFile()) throw new InputError(`${role} ${path} is ${kindOf(st)}, not a regular file`);
  if (role === 'artifact' && st.size > MAX_ARTIFACT_BYTES) throw new InputError(`artifact ${path} is ${st.size} bytes, more than the ${MAX_ARTIFACT_BYTES} bytes uas-verify reads`);
  return st.size;
}

/** One finding as a text line, escaped for a terminal (a message may quote the artifact). */
function findingLine(f: UasFinding): string {
  return escapeTerminal(`${f.checkId}${f.unitId !== undefined ? ` unit=${f.unitId}` : ''}${f.byteOffset !== undefined ? ` byte=${f.byteOffset}` : ''}: ${f.message ?? ''}`);
}

/** The text output, in pieces: the verdict line, then findings a thousand lines at a time. */
function* textChunks(v: UasReferenceVerdict): Generator<string> {
  if (v.valid) return yield 'valid: the artifact is hash-locked to the source\n';
  yield `invalid: ${v.findings.length} finding(s)\n`;
  for (let i = 0; i < v.findings.length; i += FINDINGS_PER_WRITE) yield `${v.findings.slice(i, i + FINDINGS_PER_WRITE).map(findingLine).join('\n')}\n`;
}

/** Writes chunks to a stream, waiting for it to drain when it asks to (a slow pipe never makes the output pile up in memory). */
export async function writeChunks(stream: NodeJS.WritableStream, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) {
    if (!stream.write(chunk)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
  }
}

/**
 * The verdict as `--json` prints it, streamed: `{"valid":…,"findings":[…]}` and a newline, the
 * findings a thousand at a time (each finding is small and made by the verifier: plain
 * `JSON.stringify` per finding is exact and fast). Equal to `JSON.stringify` of the whole verdict.
 */
export function* jsonOutput(v: Pick<UasReferenceVerdict, 'valid' | 'findings'>): Generator<string> {
  yield `{"valid":${v.valid},"findings":[`;
  for (let i = 0; i < v.findings.length; i += FINDINGS_PER_WRITE) {
    yield `${i === 0 ? '' : ','}${v.findings.slice(i, i + FINDINGS_PER_WRITE).map((f) => JSON.stringify(f)).join(',')}`;
  }
  yield ']}\n';
}

/** The command: returns its exit code; writes only to the streams given. */
export async function uasVerifyMain(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  let args;
  try {
    args = parse(argv);
    if (args.help) {
      out.write(`${USAGE}\n`);
      return UAS_EXIT.valid;
    }
    // Both inputs are checked before either is opened.
    const sourceSize = checkInput('source', args.source);
    checkInput('artifact', args.artifact);
    // A large source gets its span-hashing thread now, so that the thread starts while the verifier loads.
    if (sourceSize >= PARALLEL_FROM) prestartHelper();
  } catch (e) {
    if (e instanceof UsageError) err.write(`uas-verify: ${escapeTerminal(e.message)} (${USAGE})\n`);
    else if (e instanceof InputError) err.write(`uas-verify: ${escapeTerminal(e.message)}\n`);
    else throw e;
    return UAS_EXIT.usage;
  }
  const [{ UnreadableFileError, verifyUasFile }, { bundledSpec }] = await Promise.all([import('../reference/uas/verify-file.js'), import('../spec/index.js')]);
  let v: UasReferenceVerdict;
  try {
    // The pinned decisions as the pack ships them (spec/uas.json): this CLI takes no overrides.
    v = await verifyUasFile(args.source, args.artifact, bundledSpec().uas);
  } catch (e) {
    if (e instanceof UnreadableFileError) {
      err.write(`uas-verify: ${escapeTerminal(e.message)}\n`);
      return UAS_EXIT.usage;
    }
    err.write(`uas-verify: internal error: this is a bug in uaix-conformance, please report it with the command you ran: ${escapeTerminal(describeInternal(e))}\n`);
    return UAS_EXIT.internal;
  }
  await writeChunks(out, args.json ? jsonOutput(v) : textChunks(v));
  return v.valid ? UAS_EXIT.valid : UAS_EXIT.invalid;
}

/** An internal error on one line (guarded: a thrown value may throw again). */
function describeInternal(e: unknown): string {
  try {
    return e instanceof Error ? `${e.name}: ${e.message}`.split('\n')[0]! : String(e);
  } catch {
    return 'a thrown value that cannot be shown';
  }
}
