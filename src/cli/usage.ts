/** The help texts of every command, in one place (the commands and `main` read them from here). */
export const USAGE = `Usage:
  uaix-conformance --adapter <reference|./module|./folder> [options]   run the pack
  uaix-conformance --adapter-cmd "<command>" [options]                run an adapter process
  uaix-conformance list [--suite s] [--check glob] [--json]           the check catalog
  uaix-conformance explain <check-id> [--json]                        what a check enforces, its decisions and override keys
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
1 some did (or the gate failed); 2 usage error or unloadable adapter; 3 internal error (a bug of
uaix-conformance).`;

export const REPLAY_USAGE = `usage: uaix-conformance replay <report.json> <check-id> [--adapter spec] [--path p] [--seed n]
       uaix-conformance replay <check-id> --adapter spec --seed n --path p [--runs n]`;

export const FIXTURES_USAGE = `usage: uaix-conformance fixtures export [report.json] --out <dir> [--corpus N]
       uaix-conformance fixtures run <dir> --adapter <spec> [--check glob] [--json]`;

export const EXPLAIN_USAGE = 'usage: uaix-conformance explain <check-id> [--json]';

export const DIFF_USAGE = 'usage: uaix-conformance diff <old report.json> <new report.json> [--json]';

export const MERGE_USAGE = 'usage: uaix-conformance merge <shard report.json>... [--out dir] [--expect file [--allow-stale]]';

export const GATE_USAGE = 'usage: uaix-conformance gate <report.json> --expect <expectations.json> [--allow-stale] [--update-expect]';
