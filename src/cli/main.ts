import { UsageError } from '../contract/errors.js';
import { TOOL } from '../io/package.js';
import { escapeTerminal } from '../reporters/escape.js';
import type { CommandContext } from './config.js';
import { EXIT } from './exit.js';
import type { CliIO } from './io.js';
import { COMMAND_HELP, namesUnknownCheck, nearName, USAGE, withSuggestion } from './usage.js';
import { MACHINERY } from './lazy.js';

type Command = (argv: string[], io: CliIO, context: CommandContext) => Promise<number>;

/**
 * The commands, each imported when it runs: `--version`, `--help` and a usage error load no suite,
 * generator or validator (start-up is most of a short command's time).
 */
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  run: async () => (await import('./commands/run.js')).runCommand,
  list: async () => (await import('./commands/list.js')).listCommand,
  explain: async () => (await import('./commands/explain.js')).explainCommand,
  replay: async () => (await import('./commands/replay.js')).replayCommand,
  fixtures: async () => (await import('./commands/fixtures.js')).fixturesCommand,
  diff: async () => (await import('./commands/diff.js')).diffCommand,
  merge: async () => (await import('./commands/merge.js')).mergeCommand,
  site: async () => (await import('./commands/site.js')).siteCommand,
  gate: async () => (await import('./commands/gate.js')).gateCommand,
  init: async () => (await import('./commands/init.js')).initCommand,
  doctor: async () => (await import('./commands/doctor.js')).doctorCommand,
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
    if (named === undefined && first !== undefined && !first.startsWith('-'))
      throw new UsageError(unknownCommand(first));
    // The run's own help and the version, before the run command (and all it loads) is imported.
    if (named === undefined && asksForHelp(argv)) {
      io.out.write(`${USAGE}\n`);
      return EXIT.ok;
    }
    if ((named === undefined || named === 'run') && beforeDashes(argv).includes('--version')) {
      io.out.write(`${TOOL.version}\n`);
      return EXIT.ok;
    }
    const command = named ?? 'run';
    const args = named !== undefined ? argv.slice(1) : argv;
    // The command's module loads while the config file is read (a usage error of the file still wins).
    const loading = COMMANDS[command]!();
    loading.catch(() => undefined); // awaited below, unless the config file is refused first
    // Help and version (answered above) never depend on a config file: a broken one must not hide them.
    const { withConfig } = await import('./config.js'); // the config reader: only when a file is found
    const { argv: withFile, config } = await withConfig(command, args, io);
    const run = await loading;
    return await run(withFile, io, config !== undefined ? { config } : {});
  } catch (e) {
    const checkIds =
      e instanceof UsageError && namesUnknownCheck(e.message)
        ? (await MACHINERY.catalog()).packCatalog().checks.map((c) => c.id)
        : [];
    const { code, stderr } = errorExit(
      e instanceof UsageError ? new UsageError(withSuggestion(e.message, named ?? 'run', checkIds)) : e,
    );
    io.err.write(stderr);
    return code;
  }
}

/** The arguments before any `--` (after it, nothing is an option). */
function beforeDashes(args: readonly string[]): readonly string[] {
  const end = args.indexOf('--');
  return end === -1 ? args : args.slice(0, end);
}

/** True when a command's arguments ask for its help (`-h` or `--help` before any `--`). */
function asksForHelp(args: readonly string[]): boolean {
  return beforeDashes(args).some((a) => a === '--help' || a === '-h');
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
  return {
    code: EXIT.internal,
    stderr: `uaix-conformance: internal error: this is a bug in uaix-conformance, please report it with the command you ran\n${internalDetail(e).split('\n').map(escapeTerminal).join('\n')}\n`,
  };
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
