import { UsageError } from '../contract/errors.js';
import { diffCommand } from './commands/diff.js';
import { explainCommand } from './commands/explain.js';
import { fixturesCommand } from './commands/fixtures.js';
import { gateCommand } from './commands/gate.js';
import { listCommand } from './commands/list.js';
import { mergeCommand } from './commands/merge.js';
import { replayCommand } from './commands/replay.js';
import { runCommand } from './commands/run.js';
import { EXIT } from './exit.js';
import type { CliIO } from './io.js';

const COMMANDS: Readonly<Record<string, (argv: string[], io: CliIO) => Promise<number>>> = {
  run: runCommand,
  list: listCommand,
  explain: explainCommand,
  replay: replayCommand,
  fixtures: fixturesCommand,
  diff: diffCommand,
  merge: mergeCommand,
  gate: gateCommand,
};

/**
 * The CLI: dispatches to a command and maps what it threw to an exit code, in one place. A usage
 * error is one line and exit 2; anything else is a bug of the pack, said as such, with its stack,
 * and exit 3 (never mistaken for the user's mistake). Returns the exit code.
 */
export async function main(argv: string[], io: CliIO = { out: process.stdout, err: process.stderr }): Promise<number> {
  try {
    const [first] = argv;
    const command = first !== undefined && Object.hasOwn(COMMANDS, first) ? COMMANDS[first]! : undefined;
    if (command) return await command(argv.slice(1), io);
    if (first !== undefined && !first.startsWith('-')) throw new UsageError(`unknown command "${first}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
    return await runCommand(argv, io);
  } catch (e) {
    const { code, stderr } = errorExit(e);
    io.err.write(stderr);
    return code;
  }
}

/**
 * What `main` makes of a thrown value: the exit code and the text for stderr. A `UsageError` is the
 * user's mistake: exit 2 and its one line. Anything else is a bug of the pack: exit 3, said as such,
 * with the stack (or the thrown value when it has none).
 */
export function errorExit(e: unknown): { code: number; stderr: string } {
  if (e instanceof UsageError) return { code: EXIT.usage, stderr: `uaix-conformance: ${e.message}\n` };
  return { code: EXIT.internal, stderr: `uaix-conformance: internal error: this is a bug in uaix-conformance, please report it with the command you ran\n${internalDetail(e)}\n` };
}

/** What an internal error shows: its stack, or what was thrown when it has none (guarded: a thrown value may throw again). */
function internalDetail(e: unknown): string {
  try {
    if (e instanceof Error) return e.stack ?? `${e.name}: ${e.message}`;
    return `thrown value: ${String(e)}`;
  } catch {
    return 'thrown value that cannot be shown';
  }
}
