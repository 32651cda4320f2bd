import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { PARALLEL_FROM, prestartHelper } from '../reference/uas/span-helper.js';
import type { UasReferenceVerdict } from '../reference/uas/verify.js';

/**
 * `uas-verify --source <raw_input.txt> --artifact <compiled.xml> [--json]` (seed 003 §7).
 * Exit 0: the artifact locks the source; 1: it does not (findings on stdout); 2: usage error or
 * unreadable file (one line on stderr, never a stack trace).
 */
const USAGE = 'usage: uas-verify --source <raw_input.txt> --artifact <compiled.xml> [--json]';

class UsageError extends Error {}

function parse(argv: string[]): { source: string; artifact: string; json: boolean } {
  let values;
  try {
    ({ values } = parseArgs({ args: argv, strict: true, allowPositionals: false, options: { source: { type: 'string' }, artifact: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (e) {
    throw new UsageError((e as Error).message.split('\n')[0]);
  }
  if (values.help) throw new UsageError('');
  if (!values.source || !values.artifact) throw new UsageError(`missing ${!values.source ? '--source' : '--artifact'}`);
  return { source: values.source, artifact: values.artifact, json: values.json === true };
}

function render(v: UasReferenceVerdict): string {
  if (v.valid) return 'valid: the artifact is hash-locked to the source\n';
  const lines = v.findings.map((f) => `${f.checkId}${f.unitId !== undefined ? ` unit=${f.unitId}` : ''}${f.byteOffset !== undefined ? ` byte=${f.byteOffset}` : ''}: ${f.message ?? ''}`);
  return `invalid: ${v.findings.length} finding(s)\n${lines.join('\n')}\n`;
}

async function main(argv: string[]): Promise<number> {
  let args;
  try {
    args = parse(argv);
  } catch (e) {
    const msg = (e as Error).message;
    if (!msg) process.stdout.write(`${USAGE}\n`);
    else process.stderr.write(`uas-verify: ${msg}\n${USAGE}\n`);
    return msg ? 2 : 0;
  }
  // A large source gets its span-hashing thread now, so that the thread starts while the verifier
  // loads; the verifier is imported only after that.
  try {
    if (statSync(args.source).size >= PARALLEL_FROM) prestartHelper();
  } catch {
    // unreadable: the verifier reports it
  }
  const [{ UnreadableFileError, verifyUasFile }, { bundledSpec }] = await Promise.all([import('../reference/uas/verify-file.js'), import('../spec/index.js')]);
  try {
    // The pinned decisions as the pack ships them (spec/uas.json): this CLI takes no overrides.
    const v = await verifyUasFile(args.source, args.artifact, bundledSpec().uas);
    process.stdout.write(args.json ? `${JSON.stringify({ valid: v.valid, findings: v.findings })}\n` : render(v));
    return v.valid ? 0 : 1;
  } catch (e) {
    const msg = e instanceof UnreadableFileError ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`;
    process.stderr.write(`uas-verify: ${msg}\n`);
    return 2;
  }
}

process.exitCode = await main(process.argv.slice(2));
