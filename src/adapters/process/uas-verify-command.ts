import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, join, resolve } from 'node:path';
import { AdapterFault } from '../../engine/check.js';
import { UsageError } from '../../contract/errors.js';
import type { UasVerdict } from '../../contract/adapter.js';
import { joinCommand, splitCommand } from './command-line.js';
import { cutLine } from './evidence.js';
import { buildAdapter, transportDeadline, type ProcessAdapter } from './process-adapter.js';
import { shapeProblem } from '../../contract/shapes.js';
import { killAllOnce, runOnce, type OnceResult } from './run-once.js';
import {
  budgetHint,
  DEFAULT_BUDGETS,
  measureJsonText,
  overBudget,
  textOverBudget,
  type Budgets,
} from '../../contract/budgets.js';

/** Placeholders of a `--uas-verify-cmd` template, replaced inside argv words (never through a shell). */
export const PLACEHOLDERS = ['{source}', '{artifact}'] as const;

export interface UasVerifyCommandOptions {
  /** The harness's per-call timeout (the command gets slightly less, see transportDeadline). */
  timeoutMs?: number;
  /** Largest stdout accepted (default: the budget `answer-bytes`, 8 MiB). */
  maxStdoutBytes?: number;
  /** What one verdict may hold (D-REL-02); default `DEFAULT_BUDGETS`. */
  budgets?: Budgets;
  /** The folder the command runs in (default: the current directory). */
  cwd?: string;
}

/**
 * Maps one run of a verifier command to a UAS verdict (docs/protocol.md, "Command-line verifiers"):
 * exit 0 is valid, exit 1 invalid, anything else (or a timeout, a signal) is a fault; a stdout
 * that starts with `{` must be a uas-verdict JSON object agreeing with the exit status, and its
 * findings are the verdict's; any other stdout is ignored.
 */
export function verdictOfRun(r: OnceResult, command: string, budgets: Budgets = DEFAULT_BUDGETS): UasVerdict {
  const evidence = {
    kind: 'exit',
    command,
    method: 'verifyUas',
    exitCode: r.code,
    signal: r.signal,
    stdout: cutLine(r.stdout),
    stderrTail: r.stderrTail,
    restarts: 0,
  };
  if (r.spawnError !== undefined)
    throw new AdapterFault(`verifyUas: cannot start the verifier (${command}): ${r.spawnError}`, {
      ...evidence,
      kind: 'spawn-failed',
    });
  if (r.timedOut)
    throw new AdapterFault('verifyUas: the verifier did not finish in time and was killed', {
      ...evidence,
      kind: 'timeout',
    });
  if (r.stdoutTooLong)
    throw new AdapterFault(
      `verifyUas: the verifier wrote more output than the limit and was killed (${budgetHint('answer-bytes')})`,
      {
        ...evidence,
        kind: 'line-too-long',
      },
    );
  if (r.code !== 0 && r.code !== 1) {
    const how = r.signal ? `was killed by ${r.signal}` : `exited with code ${r.code}`;
    throw new AdapterFault(
      `verifyUas: the verifier ${how} (0 means valid, 1 invalid, anything else could not verify)`,
      evidence,
    );
  }
  const valid = r.code === 0;
  const text = r.stdout.trim();
  if (!text.startsWith('{')) return { valid };
  const over = textOverBudget(measureJsonText(text), budgets);
  if (over !== undefined)
    throw new AdapterFault(`verifyUas: ${over}`, { ...evidence, kind: 'over-budget', line: cutLine(text) });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AdapterFault('verifyUas: the verifier wrote output that starts like JSON but is not JSON', {
      ...evidence,
      kind: 'bad-json',
      line: cutLine(text),
    });
  }
  const problem = shapeProblem('uas-verdict', parsed);
  if (problem)
    throw new AdapterFault("verifyUas: the verifier's JSON output is not a uas-verdict", {
      ...evidence,
      kind: 'bad-result',
      line: cutLine(text),
      problem,
    });
  const v = parsed as UasVerdict;
  if ((v.findings?.length ?? 0) > budgets.findings)
    throw new AdapterFault(`verifyUas: ${overBudget('findings', budgets.findings, 'the verdict has')}`, {
      ...evidence,
      kind: 'over-budget',
      line: cutLine(text),
    });
  if (v.valid !== valid)
    throw new AdapterFault(
      `verifyUas: the exit status (${r.code}) says ${valid ? 'valid' : 'invalid'} but the JSON output says "valid": ${v.valid}`,
      { ...evidence, kind: 'bad-result', line: cutLine(text) },
    );
  return v;
}

/** True when `word` names an executable file: a path (relative to `cwd`), or a name found on PATH. */
export function commandFound(word: string, cwd: string): boolean {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (word.includes('/') || (process.platform === 'win32' && word.includes('\\')))
    return executable(resolve(cwd, word));
  if (process.platform === 'win32') return true; // PATHEXT lookups: left to the spawn, whose failure is reported per case
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && executable(join(dir, word)));
}

/**
 * An adapter whose only member, `verifyUas`, runs a command-line verifier once per case: the
 * template's `{source}` and `{artifact}` become paths of files holding the case (the source bytes
 * as they are, the artifact as UTF-8).
 */
export function createUasVerifyCommandAdapter(template: string, options: UasVerifyCommandOptions = {}): ProcessAdapter {
  let argv: string[];
  try {
    argv = splitCommand(template);
  } catch (e) {
    throw new UsageError((e as Error).message);
  }
  if (argv.length === 0) throw new UsageError('the uas-verify command template is empty');
  for (const p of PLACEHOLDERS)
    if (!argv.some((w) => w.includes(p)))
      throw new UsageError(`the uas-verify command template has no ${p} placeholder: ${template}`);
  if (!commandFound(argv[0]!, options.cwd ?? process.cwd()))
    throw new UsageError(
      `the uas-verify command ${argv[0]} was not found (no such file${argv[0]!.includes('/') ? '' : ', and not on PATH'})`,
    );
  const timeoutMs = transportDeadline(options.timeoutMs ?? 10_000);
  const budgets = options.budgets ?? DEFAULT_BUDGETS;
  const maxStdoutBytes = options.maxStdoutBytes ?? budgets['answer-bytes'];
  let dir: string | undefined;
  let cases = 0;
  let stopped: string | undefined;

  async function verifyUas(source: Uint8Array, artifact: string): Promise<UasVerdict> {
    if (stopped) throw new AdapterFault(`verifyUas: ${stopped}`);
    const started = performance.now(); // the deadline counts the file writes too, as the harness's does
    dir ??= mkdtempSync(join(tmpdir(), 'uaix-uas-verify-'));
    const caseDir = join(dir, String(++cases));
    mkdirSync(caseDir);
    const files = { '{source}': join(caseDir, 'raw_input.txt'), '{artifact}': join(caseDir, 'compiled.xml') };
    writeFileSync(files['{source}'], source);
    writeFileSync(files['{artifact}'], artifact, 'utf8');
    const words = argv.map((w) =>
      w.replaceAll('{source}', files['{source}']).replaceAll('{artifact}', files['{artifact}']),
    );
    try {
      const left = Math.max(1, Math.round(timeoutMs - (performance.now() - started)));
      return verdictOfRun(
        await runOnce(words, {
          timeoutMs: left,
          maxStdoutBytes,
          ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
        }),
        joinCommand(argv),
        budgets,
      );
    } finally {
      rmSync(caseDir, { recursive: true, force: true });
    }
  }

  const cleanup = () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  };
  process.once('exit', cleanup);
  return buildAdapter(
    {
      name: `uas-verify command: ${basename(argv[0]!)}`,
      version: 'unknown',
      protocol: 'uaix-adapter/1',
      methods: ['verifyUas'],
    },
    (_method, args) => verifyUas(args[0] as Uint8Array, args[1] as string),
    {
      abort: () => {
        stopped = 'the run was interrupted; the verifier was stopped';
        killAllOnce();
      },
      close: async () => {
        stopped ??= 'the adapter was closed';
        cleanup();
        process.off('exit', cleanup);
      },
    },
  );
}
