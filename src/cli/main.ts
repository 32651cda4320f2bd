import { UsageError } from '../contract/errors.js';
import { diffCommand } from './commands/diff.js';
import { doctorCommand } from './commands/doctor.js';
import { explainCommand } from './commands/explain.js';
import { fixturesCommand } from './commands/fixtures.js';
import { gateCommand } from './commands/gate.js';
import { initCommand } from './commands/init.js';
import { listCommand } from './commands/list.js';
import { mergeCommand } from './commands/merge.js';
import { replayCommand } from './commands/replay.js';
import { runCommand } from './commands/run.js';
import { escapeTerminal } from '../reporters/escape.js';
import { EXIT } from './exit.js';
import { configChoice, withConfig, type CommandContext } from './config.js';
import type { CliIO } from './io.js';
import { COMMAND_HELP, nearName, withSuggestion } from './usage.js';

const COMMANDS: Readonly<Record<string, (argv: string[], io: CliIO, context: CommandContext) => Promise<number>>> = {
  run: runCommand,
  list: listCommand,
  explain: explainCommand,
  replay: replayCommand,
  fixtures: fixturesCommand,
  diff: diffCommand,
  merge: mergeCommand,
  gate: gateCommand,
  init: initCommand,
  doctor: doctorCommand,
};

/**
 * The CLI: dispatches to a command and maps what it threw to an exit code, in one place. A usage
 * error is one line and exit 2; anything else is a bug of the pack, said as such, with its stack,
 * and exit 3 (never mistaken for the user's mistake). Returns the exit code.
 */
export async function main(argv: string[], io: CliIO = { out: process.stdout, err: process.stderr }): Promise<number> {
  const [first] = argv;
  const named = first !== undefined && Object.hasOwn(COMMANDS, first) ? first : undefined;
  try {
    if (named !== undefined && asksForHelp(argv.slice(1))) {
      io.out.write(`${COMMAND_HELP[named]}\n`);
      return EXIT.ok;
    }
    if (named === undefined && first !== undefined && !first.startsWith('-')) throw new UsageError(unknownCommand(first));
    const command = named ?? 'run';
    const args = named !== undefined ? argv.slice(1) : argv;
    // Help and version never depend on a config file (a broken one must not hide them).
    const { argv: withFile, config } = asksForHelp(args) || args.includes('--version') ? { argv: configChoice(args).rest, config: undefined } : await withConfig(command, args, io);
    return await COMMANDS[command]!(withFile, io, config !== undefined ? { config } : {});
  } catch (e) {
    const { code, stderr } = errorExit(e instanceof UsageError ? new UsageError(withSuggestion(e.message, named ?? 'run')) : e);
    io.err.write(stderr);
    return code;
  }
}

/** True when a command's arguments ask for its help (`-h` or `--help` before any `--`). */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end === -1 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** The usage line for an unknown command: every command, and the one it was likely meant to be. */
function unknownCommand(name: string): string {
  const near = nearName(name, Object.keys(COMMANDS));
  return `unknown command "${name}" (${near !== undefined ? `did you mean "${near}"? ` : ''}commands: ${Object.keys(COMMANDS).join(', ')})`;
}

/**
 * What `main` makes of a thrown value: the exit code and the text for stderr. A `UsageError` is the
 * user's mistake: exit 2 and its one line. Anything else is a bug of the pack: exit 3, said as such,
 * with the stack (or the thrown value when it has none).
 */
export function errorExit(e: unknown): { code: number; stderr: string } {
  if (e instanceof UsageError) return { code: EXIT.usage, stderr: `uaix-conformance: ${escapeTerminal(e.message)}\n` };
  return { code: EXIT.internal, stderr: `uaix-conformance: internal error: this is a bug in uaix-conformance, please report it with the command you ran\n${internalDetail(e).split('\n').map(escapeTerminal).join('\n')}\n` };
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
