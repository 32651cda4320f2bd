import { UsageError } from '../contract/errors.js';
import { diffCommand } from './commands/diff.js';
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
    if (e instanceof UsageError) {
      io.err.write(`uaix-conformance: ${e.message}\n`);
      return EXIT.usage;
    }
    io.err.write(`uaix-conformance: internal error: this is a bug in uaix-conformance, please report it with the command you ran\n${internalDetail(e)}\n`);
    return EXIT.internal;
  }
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
