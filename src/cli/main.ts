import { CatalogError } from '../core/catalog.js';
import { UsageError } from '../core/errors.js';
import { runCommand, listCommand } from './commands.js';

export const USAGE = `Usage:
  uaix-conformance --adapter <reference|./module|./folder> [options]   run the pack
  uaix-conformance --adapter-cmd "<command>" [options]                run an adapter process
  uaix-conformance list [--suite s] [--check glob] [--json]           the check catalog

Options:
  -a, --adapter <spec>   reference, an adapter module (.js .mjs .cjs .ts) or a folder
      --adapter-cmd <cmd>  run an adapter process speaking uaix-adapter/1 on stdin/stdout
                         (same as --adapter "cmd:<cmd>"; docs/protocol.md)
      --uas-verify-cmd <template>  a command-line UAS verifier, e.g.
                         "uas-verify --source {source} --artifact {artifact} --json"
  -o, --out <dir>        where reports go (default reports/)
  -s, --seed <int>       run seed (printed at the start; random when not given)
  -n, --runs <int>       cases per check (default 100)
      --timeout <ms>     per-call timeout (default 10000)
      --suite <name>     only these suites (repeat or comma-separate)
  -c, --check <glob>     only checks whose id matches (e.g. ENV-*)
      --replay <path>    replay one case (with --check and --seed); writes no report unless --out is given
      --now <instant>    the validators' clock, UTC with Z (default 2026-06-01T00:00:00Z)
      --spec-dir <dir>   JSON files that override the bundled spec decisions (spec/*.json)
      --no-reports       print the summary only
  -q, --quiet            only the final line
  -v, --verbose          every check, not only failures
  -h, --help             this text
      --version          the tool's version

Exit codes: 0 no MUST check failed or errored; 1 some did; 2 usage error or unloadable adapter.`;

/** The CLI: maps typed errors to exit codes in one place. Returns the exit code. */
export async function main(argv: string[], io = { out: process.stdout, err: process.stderr }): Promise<number> {
  try {
    const [first] = argv;
    if (first === 'list') return await listCommand(argv.slice(1), io);
    if (first === 'run') return await runCommand(argv.slice(1), io);
    if (first !== undefined && !first.startsWith('-')) throw new UsageError(`unknown command "${first}" (commands: run, list)`);
    return await runCommand(argv, io);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err.write(`uaix-conformance: ${e.message}\n`);
      return 2;
    }
    if (e instanceof CatalogError) {
      io.err.write(`uaix-conformance: internal error in the check catalog: ${e.message}\n`);
      return 2;
    }
    const msg = e instanceof Error ? e.message : String(e);
    io.err.write(`uaix-conformance: unexpected error: ${msg.split('\n')[0]}\n`);
    return 2;
  }
}
