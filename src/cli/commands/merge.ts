import { parseArgs } from 'node:util';
import { listedChecks } from '../../api/listing.js';
import { UsageError } from '../../contract/errors.js';
import { selectChecks } from '../../engine/catalog.js';
import { readReport } from '../../io/json-file.js';
import { lockOutDir } from '../../io/report-files.js';
import { mergeReports } from '../../model/merge.js';
import { writeReports } from '../../reporters/index.js';
import { counted } from '../../model/words.js';
import { renderSummary, writtenLine } from '../../reporters/terminal.js';
import { emptyRunLine, EXIT, exitCodeOf } from '../exit.js';
import { pathIn, shownPath, type CliIO } from '../io.js';
import { guarded } from '../options.js';
import { MERGE_USAGE } from '../usage.js';
import { GATE_OPTIONS, gatePlan, gateWith, printGate, refuseHalfRunUpdate } from './gate.js';

/**
 * `uaix-conformance merge a.json b.json ...`: the shard reports of one run (`--shard i/n`) as the
 * report the unsharded run gives. Writes the reports into `--out` (default reports/), prints the
 * summary; exit code as a run's: 1 when a MUST check failed (or the gate, with --expect, failed).
 * It needs the catalog's ids only, from the listing: a merge loads no suite, generator or fast-check.
 */
export async function mergeCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({
      args: argv,
      options: {
        out: { type: 'string', short: 'o' },
        quiet: { type: 'boolean', short: 'q' },
        'allow-empty': { type: 'boolean' },
        force: { type: 'boolean' },
        ...GATE_OPTIONS,
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    io.out.write(`${MERGE_USAGE}\n`);
    return 0;
  }
  if (positionals.length === 0) throw new UsageError(`merge needs the shard reports (${MERGE_USAGE.slice(7)})`);
  const plan = gatePlan(io, values);
  const reports = positionals.map((f) => readReport(pathIn(io, f), f));
  const listed = await listedChecks();
  const first = reports[0]!;
  // The selection's ids in catalog order: the order of the unsharded run, and what the merge must hold.
  const order = selectChecks(listed, { suites: first.run.selection.suites, checks: first.run.selection.checks }).map(
    (c) => c.id,
  );
  const whole = mergeReports(reports, order);
  const outDir = pathIn(io, values.out ?? 'reports');
  const lock = lockOutDir(outDir, { force: values.force === true });
  let gated: ReturnType<typeof gateWith> | undefined;
  let written: string[];
  try {
    // With --expect the merged report is gated before it is written: every file shows the gate.
    gated = plan
      ? gateWith(
          plan,
          whole,
          listed.map((c) => c.id),
          io,
        )
      : undefined;
    written = writeReports(gated?.report ?? whole, outDir);
  } finally {
    lock.release();
  }
  const merged = gated?.report ?? whole;
  if (plan) refuseHalfRunUpdate(plan, merged);
  if (!values.quiet)
    io.err.write(`merged ${counted(reports.length, 'shard')}; ${writtenLine(written.map((f) => shownPath(io, f)))}`);
  const summary = renderSummary(merged);
  io.out.write(values.quiet ? summary.split('\n').slice(-2).join('\n') : summary);
  if (plan && gated) return printGate(plan, gated.result, io);
  const code = exitCodeOf(merged, undefined, { allowEmpty: values['allow-empty'] === true });
  if (code === EXIT.empty) io.err.write(emptyRunLine(merged));
  return code;
}
