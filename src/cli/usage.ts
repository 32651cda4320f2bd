import { editDistance, closestName } from '../model/names.js';

/** The help texts of every command, in one place (the commands and `main` read them from here). */
export const USAGE = `Usage:
  uaix-conformance --adapter <reference|./module|./folder> [options]   run the pack
  uaix-conformance --adapter-cmd "<command>" [options]                run an adapter process
  uaix-conformance --adapter-url <http(s)://...> [options]            test a live service over HTTP
  uaix-conformance list [--suite s] [--check glob] [--json]           the check catalog
  uaix-conformance explain <check-id> [--json]                        what a check enforces, its decisions and override keys
  uaix-conformance replay <report.json> <check-id> [--path p]         re-run a failing case: FIXED or STILL FAILING
  uaix-conformance fixtures export [report.json] --out <dir> [--corpus N]   portable fixture files
  uaix-conformance fixtures run <dir> --adapter <spec>                 run a fixture set
  uaix-conformance diff <old.json> <new.json> [--json]                regressed/fixed/new/removed checks
  uaix-conformance merge <shard.json>... [--out dir]                  shard reports into one report
  uaix-conformance site <report.json>... --out <dir>                  a static results site: matrix, history, badges
  uaix-conformance gate <report.json> --expect <file>                 apply expectations to a report
  uaix-conformance init [--lang ts|js|python|go|rust|java|python-http|node-http] [dir]
                                                                      write a starter adapter or service
  uaix-conformance doctor --adapter <spec>                            try each member once, say what is wrong

Options:
  -a, --adapter <spec>   reference, an adapter module (.js .mjs .cjs .ts) or a folder
      --adapter-cmd <cmd>  run an adapter process speaking uaix-adapter/1 on stdin/stdout
                         (same as --adapter "cmd:<cmd>"; docs/protocol.md)
      --adapter-url <url>  a live service speaking uaix-adapter/1 over HTTP (one JSON-RPC request per
                         POST; same as --adapter <url>; docs/protocol.md, "The HTTP binding")
      --uas-verify-cmd <template>  a command-line UAS verifier, e.g.
                         "uas-verify --source {source} --artifact {artifact} --json"
  -H, --header <"Name: value">
                         a request header for the live service (repeat); never written anywhere
      --read-only        a live service: call only the members that change nothing (no recovery
                         sessions), at most --max-rate requests a second (default 10); said first
      --max-rate <n>     a live service: at most n requests a second
  -o, --out <dir>        where reports go (default reports/)
  -s, --seed <int>       run seed (printed at the start; random when not given)
  -n, --runs <int>       cases per check (default 100)
      --timeout <ms>     per-call timeout (default 10000; for a live service, per request)
      --suite <name>     only these suites (repeat or comma-separate)
  -c, --check <glob>     only checks whose id matches (e.g. ENV-*)
      --replay <path>    replay one case (with --check and --seed); writes no report unless --out is given
      --now <instant>    the validators' clock, UTC with Z (default 2026-06-01T00:00:00Z)
      --spec-dir <dir>   JSON files that override the bundled spec decisions (spec/*.json)
      --in-process       load a module adapter (or reference) into the pack's process (debugging;
                         by default it runs isolated, in a child process of its own)
      --shrink-budget <ms>
                         shrink time per failing check (default 30000), then the smallest case found is reported
      --no-reports       print the summary only
      --allow-empty      a run that judges nothing (every check skipped) exits 0, not 4
      --force            replace report files in --out that uaix-conformance did not write
      --expect <file>    known failures and skips (schemas/expectations.schema.json): gate on them
      --allow-stale      stale expectations do not fail the gate
      --update-expect    write --expect from this run (keeps reasons and entries the run did not touch)
      --shard <i/n>      run shard i of n (a deterministic split of checks and long runs); then merge
      --workers <n>      adapter instances run at once (default: one per core; 1 runs serially)
      --budget <name>=<n>  raise or lower a budget (repeat or comma-separate): answer-bytes,
                         answer-values, answer-depth, answer-string, findings, session-calls,
                         session-values, session-ms, memory (MiB); an answer or a session over
                         one errors its case, a run over memory stops with its report
  -q, --quiet            only the final line
  -v, --verbose          every check, not only failures
      --config <file>    read options from this file (default: uaix-conformance.config.json or
                         .mjs, in this folder or the nearest above it; flags win over it)
      --no-config        read no config file
  -h, --help             this text
      --version          the tool's version

Exit codes: 0 no MUST check failed or errored (with --expect: the run matches its expectations);
1 some did (or the gate failed); 2 usage error or unloadable adapter; 3 internal error (a bug of
uaix-conformance); 4 nothing judged: every check skipped (unless --allow-empty).

Examples:
  uaix-conformance --adapter reference --seed 42
  uaix-conformance --adapter-cmd "python3 adapter.py" --suite envelope,wire --runs 200
  uaix-conformance --adapter-url https://validator.example/uaix --header "Authorization: Bearer $TOKEN" --read-only
  uaix-conformance init --lang python && uaix-conformance doctor --adapter-cmd "python3 adapter.py"

Every command has its own help: uaix-conformance <command> --help`;

export const REPLAY_USAGE = `usage: uaix-conformance replay <report.json> <check-id> [--adapter spec | --use-report-adapter] [--path p] [--seed n]
       uaix-conformance replay <check-id> --adapter spec --seed n --path p [--runs n]
A report's own adapter runs only when it is reference or with --use-report-adapter: a report may come from anywhere.`;

export const FIXTURES_USAGE = `usage: uaix-conformance fixtures export [report.json] --out <dir> [--corpus N]
       uaix-conformance fixtures run <dir> --adapter <spec> [--check glob] [--json]`;

export const EXPLAIN_USAGE = 'usage: uaix-conformance explain <check-id> [--json]';

export const DIFF_USAGE = 'usage: uaix-conformance diff <old report.json> <new report.json> [--json]';

export const MERGE_USAGE =
  'usage: uaix-conformance merge <shard report.json>... [--out dir] [--force] [--allow-empty] [--expect file [--allow-stale]]';

export const SITE_USAGE = 'usage: uaix-conformance site <report.json>... --out <dir> [--force]';

export const GATE_USAGE =
  'usage: uaix-conformance gate <report.json> --expect <expectations.json> [--allow-stale] [--update-expect]';

export const INIT_USAGE = `usage: uaix-conformance init [--lang ts|js|python|go|rust|java|python-http|node-http] [dir]

Writes a starter adapter into dir (default: the current folder): every member stubbed and left
unlisted, so the pack skips its checks until you implement one, a three-line README, and the
command to run. ts and js are in-process modules; python, go, rust and java are child processes
speaking uaix-adapter/1 (docs/protocol.md); python-http (standard library) and node-http are small
HTTP services speaking its HTTP binding, tested with --adapter-url. Never overwrites a file.

Options:
  -l, --lang <lang>   ts (default), js, python, go, rust, java, python-http or node-http
  -h, --help          this text

Example:
  uaix-conformance init --lang python my-impl`;

export const DOCTOR_USAGE = `usage: uaix-conformance doctor --adapter <spec> | --adapter-cmd "<command>" | --adapter-url <url> [--timeout ms]

Starts or loads the adapter, runs the handshake, calls each member it has once with a seed
fixture (fixtures/), and says in plain words what is wrong: a wrong answer or answer shape, a
log line on stdout, a member name that looks misspelt, no capability level claimed; for a live
service, a wrong path, an error status, an HTML page instead of JSON, a redirect.
Exit 0 when all is well, 1 when something is wrong, 2 for a bad option.

Options:
  -a, --adapter <spec>           a module, a folder, or reference
      --adapter-cmd <cmd>        an adapter process speaking uaix-adapter/1
      --adapter-url <url>        a live service speaking uaix-adapter/1 over HTTP
  -H, --header <"Name: value">   a request header for the live service (repeat); never printed
      --uas-verify-cmd <tmpl>    a command-line UAS verifier
      --timeout <ms>             per-call timeout (default 10000)
      --in-process               load a module adapter into this process
      --config <file>            read the adapter options from this file (default: the nearest
                                 uaix-conformance.config.json or .mjs; flags win over it)
      --no-config                read no config file
  -h, --help                     this text

Example:
  uaix-conformance doctor --adapter-cmd "python3 adapter.py"`;

/** `list --help`. */
const LIST_HELP = `usage: uaix-conformance list [--suite s] [--check glob] [--json]

The check catalog: every check's id, suite, severity, title and spec reference.

Options:
      --suite <name>   only these suites (repeat or comma-separate)
  -c, --check <glob>   only checks whose id matches (e.g. ENV-*)
      --json           the catalog as JSON (statements, requirements, decisions)
  -h, --help           this text

Example:
  uaix-conformance list --suite envelope`;

/** `explain --help`. */
const EXPLAIN_HELP = `${EXPLAIN_USAGE}

What a check enforces, the spec text it rests on, its decisions and their override keys.

Options:
      --json           the same as JSON
  -h, --help           this text

Example:
  uaix-conformance explain ENV-EXPIRED`;

/** `replay --help`. */
const REPLAY_HELP = `${REPLAY_USAGE}

Re-runs one failing case of a report (or a seed and path) and says FIXED or STILL FAILING.

Options:
  -a, --adapter <spec>   the adapter to replay against (default: reference, when the report names it)
      --adapter-cmd <cmd>  an adapter process speaking uaix-adapter/1
      --use-report-adapter  run the adapter the report names (a command or a module): a report may
                         come from anywhere, so replay runs none but reference without this
      --path <p>         the fast-check path of the case (default: the report's)
  -s, --seed <int>       the run seed (default: the report's)
  -n, --runs <int>       cases per check, as in the run that failed
      --uas-verify-cmd <template>  a command-line UAS verifier
      --timeout <ms>     per-call timeout (default 10000)
      --now <instant>    the validators' clock, UTC with Z
      --spec-dir <dir>   JSON files that override the bundled spec decisions
  -h, --help             this text

Example:
  uaix-conformance replay reports/report.json ENV-EXPIRED --adapter ./my-impl.mjs`;

/** `fixtures --help`. */
const FIXTURES_HELP = `${FIXTURES_USAGE}

export: writes portable fixture files (the seed fixtures and a corpus of generated cases, or a
report's failing cases) that another test runner can use. run: runs such a folder against an adapter.

Options:
  -o, --out <dir>        where export writes (required)
      --corpus <N>       generated cases per check to export
      --spec-dir <dir>   JSON files that override the bundled spec decisions
  -a, --adapter <spec>   (run) the adapter to run the fixtures against
      --adapter-cmd <cmd>  (run) an adapter process speaking uaix-adapter/1
      --uas-verify-cmd <template>  (run) a command-line UAS verifier
      --timeout <ms>     (run) per-call timeout (default 10000)
      --now <instant>    (run) the validators' clock, UTC with Z
  -c, --check <glob>     (run) only these checks
      --json             (run) results as JSON
  -h, --help             this text

Example:
  uaix-conformance fixtures export --out my-fixtures --corpus 20`;

/** `diff --help`. */
const DIFF_HELP = `${DIFF_USAGE}

Compares two reports: the checks that regressed, were fixed, are new or were removed.

Options:
      --json           the comparison as JSON
  -h, --help           this text

Example:
  uaix-conformance diff reports-old/report.json reports/report.json`;

/** `merge --help`. */
const MERGE_HELP = `${MERGE_USAGE}

Merges the reports of the shards of one run (--shard i/n) into one report.

Options:
  -o, --out <dir>        where the merged reports go (default reports/)
      --force            replace report files uaix-conformance did not write
      --allow-empty      a merged run that judges nothing exits 0, not 4
      --expect <file>    gate the merged report on known failures and skips
      --allow-stale      stale expectations do not fail the gate
      --update-expect    write --expect from this report
  -q, --quiet            only the final line
  -h, --help             this text

Example:
  uaix-conformance merge shard-1/report.json shard-2/report.json --out reports`;

/** `site --help`. */
const SITE_HELP = `${SITE_USAGE}

Builds a static results site (no script, no network) from any number of reports: a matrix of
every implementation against every check, the history of each implementation over its reports
with regressions marked, a page per check with each implementation's failure, a badge per
implementation (SVG and shields.io endpoint JSON) and index.json (schemas/site-index.schema.json).
Reports of different pack versions or catalog stamps get matrices of their own, never mixed.

Options:
  -o, --out <dir>        where the site goes (required): a new or empty folder, or a site written before
      --force            write into a folder uaix-conformance site did not write
  -h, --help             this text

Example:
  uaix-conformance site reports/report.json other/report.json --out site`;

/** `gate --help`. */
const GATE_HELP = `${GATE_USAGE}

Applies expectations (known failures and skips, schemas/expectations.schema.json) to a report:
exit 0 when the report matches them, 1 when it does not.

Options:
      --expect <file>    the expectations file (required)
      --allow-stale      stale expectations do not fail the gate
      --update-expect    write --expect from this report
  -h, --help             this text

Example:
  uaix-conformance gate reports/report.json --expect expectations.json`;

/** The `--help` text of each command (\`uaix-conformance <command> --help\`): its options and an example. */
export const COMMAND_HELP: Readonly<Record<string, string>> = Object.freeze({
  run: USAGE,
  list: LIST_HELP,
  explain: EXPLAIN_HELP,
  replay: REPLAY_HELP,
  fixtures: FIXTURES_HELP,
  diff: DIFF_HELP,
  merge: MERGE_HELP,
  site: SITE_HELP,
  gate: GATE_HELP,
  init: INIT_USAGE,
  doctor: DOCTOR_USAGE,
});

/**
 * The known name `name` was most likely meant to be, or undefined when none is near: the closest
 * by edit distance (case ignored), accepted within a third of the name's length (at least two
 * edits: a swapped pair of letters is two) and never when every letter differs, so that "did you
 * mean" never names something unrelated.
 */
export function nearName(name: string, known: readonly string[]): string | undefined {
  const best = closestName(name, known);
  if (best === undefined || best === name) return undefined;
  const d = editDistance(name.toLowerCase(), best.toLowerCase());
  return d < name.length && d <= Math.max(2, Math.floor(name.length / 3)) ? best : undefined;
}

/** The long options a command's help text names (`--seed`, ...): what a misspelt option is compared with. */
export function optionsOf(command: string): string[] {
  return [...new Set((COMMAND_HELP[command] ?? '').match(/--[a-z][a-z-]*/g) ?? [])];
}

/**
 * A usage message with a "did you mean" added when it names something unknown that is near a
 * known name: an option of `command`, a suite, or a check id. Any other message is returned as it is.
 */
export function withSuggestion(message: string, command: string, checkIds: readonly string[] = []): string {
  const suggestion = suggestionFor(message, command, checkIds);
  if (suggestion === undefined) return message;
  // Node's hint about positionals after '--' is beside the point once the option is named.
  const head = /^Unknown option '[^']+'/.exec(message)?.[0] ?? message;
  return `${head} (did you mean ${suggestion}?)`;
}

/** A message about a check id no check has: `checkIds` (the catalog's) is what it is compared with. */
const UNKNOWN_CHECK = /no check (?:matches )?"?([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)"?(?:\s|$)/;

/** True when a usage message names an unknown check id: only then does "did you mean" need the catalog (loading it costs a start-up). */
export function namesUnknownCheck(message: string): boolean {
  return UNKNOWN_CHECK.test(message);
}

/** The name a usage message was likely meant to name, quoted as the user would type it, if any. */
function suggestionFor(message: string, command: string, checkIds: readonly string[]): string | undefined {
  const option = /^Unknown option '(--[^'=]+)'/.exec(message);
  if (option) {
    const near = nearName(
      option[1]!.slice(2),
      optionsOf(command).map((o) => o.slice(2)),
    );
    return near === undefined ? undefined : `--${near}`;
  }
  const suite = /^unknown suite "([^"]+)" \(known: ([^)]*)\)/.exec(message);
  if (suite) {
    const near = nearName(suite[1]!, suite[2]!.split(', '));
    return near === undefined ? undefined : `"${near}"`;
  }
  const check = UNKNOWN_CHECK.exec(message);
  if (check) {
    const near = nearName(check[1]!, checkIds);
    return near === undefined ? undefined : `"${near}"`;
  }
  return undefined;
}
