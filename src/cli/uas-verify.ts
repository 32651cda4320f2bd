import { closeSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { UasFinding } from '../contract/adapter.js';
import { PARALLEL_FROM, prestartHelper } from '../reference/uas/span-helper.js';
import type { UasReferenceVerdict } from '../reference/uas/verify.js';
import { TOOL } from '../io/package.js';
import { openUserFile, readAll, UserFileError } from '../io/user-file.js';
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

/** `uas-verify --help`: what it does, every option, the exit codes, an example. */
export const UAS_VERIFY_HELP = `${USAGE}

Checks that a compiled UAS XML artifact is hash-locked to its raw source (seed 003 §7): the XML
is well formed, every verbatim unit's byte span and SHA-256 match the source, ids are unique and
references resolve to the right kind, roles, relations and weights follow the taxonomy, and the
root hash covers the whole source. It reads the source by position, so the source may be any size;
the artifact is parsed in memory (at most ${MAX_ARTIFACT_BYTES / (1024 * 1024)} MiB).

Options:
  --source <file>     the raw source the artifact was compiled from
  --artifact <file>   the compiled XML document
  --json              print the verdict as JSON: {"valid":true|false,"findings":[...]}
  -h, --help          print this help
  --version           print the version

Each finding names its check id, and the unit id and byte offset when it has them.

Exit codes: 0 the artifact locks the source; 1 it does not (the findings are on stdout);
2 a usage error or an input that cannot be read (one line on stderr); 3 a bug of uas-verify.

Example:
  uas-verify --source fixtures/uas/raw_input.txt --artifact fixtures/uas/compiled.xml --json`;

/** Findings rendered per write: the output of a million findings is never one string. */
const FINDINGS_PER_WRITE = 1_000;

/** A bad command line: one line, with the usage. */
class UsageError extends Error {}
/** An input that cannot be verified (missing, not a regular file, too large): one line. */
class InputError extends Error {}

/** What the command line asks for: a verification, or the help or version text. */
type Parsed = { ask: 'verify'; source: string; artifact: string; json: boolean } | { ask: 'help' | 'version' };

function parse(argv: string[]): Parsed {
  let values: { source?: string; artifact?: string; json?: boolean; help?: boolean; version?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        source: { type: 'string' },
        artifact: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    }));
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]);
  }
  if (values.help) return { ask: 'help' };
  if (values.version) return { ask: 'version' };
  if (!values.source || !values.artifact) throw new UsageError(`missing ${!values.source ? '--source' : '--artifact'}`);
  return { ask: 'verify', source: values.source, artifact: values.artifact, json: values.json === true };
}

/**
 * Opens an input and checks what was opened (D-REL-05): the path is opened without blocking, so a
 * FIFO (or a path swapped for one after any earlier look) cannot hang it, and the open file must be
 * a regular file (reading a device would never end), an artifact at most `MAX_ARTIFACT_BYTES`.
 * Returns the descriptor and the size.
 */
export function checkInput(role: 'source' | 'artifact', path: string): { fd: number; size: number } {
  let opened: { fd: number; size: number };
  try {
    opened = openUserFile(path, `${role} ${path}`);
  } catch (e) {
    if (e instanceof UserFileError) throw new InputError(e.message);
    throw e;
  }
  if (role === 'artifact' && opened.size > MAX_ARTIFACT_BYTES) {
    closeSync(opened.fd);
    throw new InputError(
      `artifact ${path} is ${opened.size} bytes, more than the ${MAX_ARTIFACT_BYTES} bytes uas-verify reads`,
    );
  }
  return opened;
}

/** One finding as a text line, escaped for a terminal (a message may quote the artifact). */
function findingLine(f: UasFinding): string {
  return escapeTerminal(
    `${f.checkId}${f.unitId !== undefined ? ` unit=${f.unitId}` : ''}${f.byteOffset !== undefined ? ` byte=${f.byteOffset}` : ''}: ${f.message ?? ''}`,
  );
}

/** The text output, in pieces: the verdict line, then findings a thousand lines at a time. */
function* textChunks(v: UasReferenceVerdict): Generator<string> {
  if (v.valid) return yield 'valid: the artifact is hash-locked to the source\n';
  yield `invalid: ${v.findings.length} finding${v.findings.length === 1 ? '' : 's'}\n`;
  for (let i = 0; i < v.findings.length; i += FINDINGS_PER_WRITE)
    yield `${v.findings
      .slice(i, i + FINDINGS_PER_WRITE)
      .map(findingLine)
      .join('\n')}\n`;
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
    yield `${i === 0 ? '' : ','}${v.findings
      .slice(i, i + FINDINGS_PER_WRITE)
      .map((f) => JSON.stringify(f))
      .join(',')}`;
  }
  yield ']}\n';
}

/** The command: returns its exit code; writes only to the streams given. */
export async function uasVerifyMain(
  argv: string[],
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  let args: Extract<Parsed, { ask: 'verify' }>;
  let source: { fd: number; size: number } | undefined;
  let artifact: Buffer;
  try {
    const parsed = parse(argv);
    if (parsed.ask !== 'verify') {
      out.write(`${parsed.ask === 'help' ? UAS_VERIFY_HELP : TOOL.version}\n`);
      return UAS_EXIT.valid;
    }
    args = parsed;
    // Both inputs are opened and checked before either is read.
    source = checkInput('source', args.source);
    const a = checkInput('artifact', args.artifact);
    try {
      artifact = readAll(a.fd, a.size, MAX_ARTIFACT_BYTES, `artifact ${args.artifact}`);
    } catch (e) {
      if (e instanceof UserFileError) throw new InputError(e.message);
      throw e;
    } finally {
      closeSync(a.fd);
    }
    // A large source gets its span-hashing thread now, so that the thread starts while the verifier loads.
    if (source.size >= PARALLEL_FROM) prestartHelper();
  } catch (e) {
    if (source !== undefined) closeSync(source.fd);
    if (e instanceof UsageError) err.write(`uas-verify: ${escapeTerminal(e.message)} (${USAGE})\n`);
    else if (e instanceof InputError) err.write(`uas-verify: ${escapeTerminal(e.message)}\n`);
    else throw e;
    return UAS_EXIT.usage;
  }
  const [{ UnreadableFileError, verifyUasOpen }, { bundledSpec }] = await Promise.all([
    import('../reference/uas/verify-file.js'),
    import('../spec/index.js'),
  ]);
  let v: UasReferenceVerdict;
  try {
    // The pinned decisions as the pack ships them (spec/uas.json): this CLI takes no overrides.
    v = await verifyUasOpen({ fd: source.fd, length: source.size, path: args.source }, artifact, bundledSpec().uas);
  } catch (e) {
    if (e instanceof UnreadableFileError) {
      err.write(`uas-verify: ${escapeTerminal(e.message)}\n`);
      return UAS_EXIT.usage;
    }
    err.write(
      `uas-verify: internal error: this is a bug in uaix-conformance, please report it with the command you ran: ${escapeTerminal(describeInternal(e))}\n`,
    );
    return UAS_EXIT.internal;
  } finally {
    closeSync(source.fd);
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
