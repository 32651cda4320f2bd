import { CatalogError } from '../engine/catalog.js';
import { UsageError } from '../contract/errors.js';
import { runCommand, listCommand, catalog } from './commands/run.js';
import { diffCommand } from './commands/diff.js';
import { fixturesCommand } from './commands/fixtures.js';
import { gateCommand } from './commands/gate.js';
import { mergeCommand } from './commands/merge.js';
import { replayCommand } from './commands/replay.js';

export const USAGE = `Usage:
  uaix-conformance --adapter <reference|./module|./folder> [options]   run the pack
  uaix-conformance --adapter-cmd "<command>" [options]                run an adapter process
  uaix-conformance list [--suite s] [--check glob] [--json]           the check catalog
  uaix-conformance replay <report.json> <check-id> [--path p]         re-run a failing case: FIXED or STILL FAILING
  uaix-conformance fixtures export [report.json] --out <dir> [--corpus N]   portable fixture files
  uaix-conformance fixtures run <dir> --adapter <spec>                 run a fixture set
  uaix-conformance diff <old.json> <new.json> [--json]                regressed/fixed/new/removed checks
  uaix-conformance merge <shard.json>... [--out dir]                  shard reports into one report
  uaix-conformance gate <report.json> --expect <file>                 apply expectations to a report

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
      --expect <file>    known failures and skips (schemas/expectations.schema.json): gate on them
      --allow-stale      stale expectations do not fail the gate
      --update-expect    write --expect from this run (keeps reasons and entries the run did not touch)
      --shard <i/n>      run shard i of n (a deterministic split of checks and long runs); then merge
  -q, --quiet            only the final line
  -v, --verbose          every check, not only failures
  -h, --help             this text
      --version          the tool's version

Exit codes: 0 no MUST check failed or errored (with --expect: the run matches its expectations);
1 some did (or the gate failed); 2 usage error or unloadable adapter.`;

/** The CLI: maps typed errors to exit codes in one place. Returns the exit code. */
export async function main(argv: string[], io = { out: process.stdout, err: process.stderr }): Promise<number> {
  try {
    const [first] = argv;
    if (first === 'list') return await listCommand(argv.slice(1), io);
    if (first === 'run') return await runCommand(argv.slice(1), io);
    if (first === 'replay') return await replayCommand(argv.slice(1), io);
    if (first === 'fixtures') return await fixturesCommand(argv.slice(1), io);
    if (first === 'diff') return await diffCommand(argv.slice(1), io);
    if (first === 'merge') return await mergeCommand(argv.slice(1), io, catalog());
    if (first === 'gate') return await gateCommand(argv.slice(1), io, catalog().checks.map((c) => c.id));
    if (first !== undefined && !first.startsWith('-')) throw new UsageError(`unknown command "${first}" (commands: run, list, replay, fixtures, diff, merge, gate)`);
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
