import { parseArgs } from 'node:util';
import { packCheckIds } from '../../api/selection.js';
import { UsageError } from '../../contract/errors.js';
import { writeAtomic } from '../../io/atomic.js';
import { readExpectations, readExpectationsOrEmpty } from '../../io/expectations-file.js';
import { readReport } from '../../io/json-file.js';
import { gateReport, updateExpectations, type ExpectationsFile, type GateResult } from '../../model/gate.js';
import type { Report } from '../../model/report.js';
import { renderGate } from '../../reporters/gate-text.js';
import { EXIT } from '../exit.js';
import { pathIn, shownPath, type CliIO } from '../io.js';
import { guarded } from '../options.js';
import { GATE_USAGE } from '../usage.js';

/** Options of the gate, shared by `run`, `merge` and `gate`. */
export const GATE_OPTIONS = {
  expect: { type: 'string' },
  'allow-stale': { type: 'boolean' },
  'update-expect': { type: 'boolean' },
} as const;

/** A gate to apply to a run: the expectations file, read and checked before anything runs. */
export interface GatePlan {
  /** The file's path. */
  file: string;
  /** The file as the user named it (`--expect <file>`): what report.json records. */
  shown: string;
  expectations: ExpectationsFile;
  allowStale: boolean;
  update: boolean;
}

/** Reads `--expect` (bad files are usage errors before the run starts); undefined without it. */
export function gatePlan(
  io: CliIO,
  values: { expect?: string | undefined; 'allow-stale'?: boolean | undefined; 'update-expect'?: boolean | undefined },
): GatePlan | undefined {
  if (values.expect === undefined) {
    if (values['allow-stale'] || values['update-expect'])
      throw new UsageError(`${values['update-expect'] ? '--update-expect' : '--allow-stale'} needs --expect <file>`);
    return undefined;
  }
  const update = values['update-expect'] === true;
  const file = pathIn(io, values.expect);
  // --update-expect may create the file; a plain gate needs it to exist.
  const expectations = update ? readExpectationsOrEmpty(file, values.expect) : readExpectations(file, values.expect);
  return { file, shown: values.expect, expectations, allowStale: values['allow-stale'] === true, update };
}

/** Why `--update-expect` refuses a report: it never writes expectations from half a run. */
const HALF_RUN = 'the run was interrupted: --update-expect never writes expectations from half a run';

/**
 * The expectations to gate `report` with: the plan's, or with `--update-expect` the file rewritten
 * from the report (written, each change told on stderr). An interrupted report is gated by the file
 * as it was, and left for `refuseHalfRunUpdate` to refuse once the reports are written.
 */
export function expectationsFor(plan: GatePlan, report: Report, io: CliIO): ExpectationsFile {
  if (!plan.update || report.incomplete) return plan.expectations;
  const u = updateExpectations(report, plan.expectations);
  writeAtomic(plan.file, `${JSON.stringify(u.file, null, 2)}\n`);
  for (const e of u.added) io.err.write(`expectations: added ${e.check} (${e.outcome})\n`);
  for (const r of u.removed) io.err.write(`expectations: removed ${r.entry.check} (${r.why})\n`);
  if (u.untouched.length)
    io.err.write(
      `expectations: kept ${u.untouched.length} entr${u.untouched.length === 1 ? 'y' : 'ies'} this run did not touch: ${u.untouched.map((e) => e.check).join(', ')}\n`,
    );
  io.err.write(
    `expectations: wrote ${shownPath(io, plan.file)} (${u.file.expectations.length} entr${u.file.expectations.length === 1 ? 'y' : 'ies'})\n`,
  );
  return u.file;
}

/** `--update-expect` on an interrupted report: a usage error (after the reports of what finished are written). */
export function refuseHalfRunUpdate(plan: GatePlan, report: Report): void {
  if (plan.update && report.incomplete) throw new UsageError(HALF_RUN);
}

/** Prints the gate's verdict; returns the exit code: 0 the run matches its expectations, 1 it does not. */
export function printGate(plan: GatePlan, result: GateResult, io: CliIO): number {
  io.out.write(renderGate(result, { allowStale: plan.allowStale }));
  return result.ok ? EXIT.ok : EXIT.failed;
}

/**
 * Gates a finished report (after `--update-expect` rewrote the file, when asked): the report with
 * the gate's outcome recorded in it (`gateReport`), and the verdict. An interrupted report is never
 * refused here: its files are written first, then `refuseHalfRunUpdate` refuses the update.
 */
export function gateWith(
  plan: GatePlan,
  report: Report,
  catalogIds: readonly string[],
  io: CliIO,
): { report: Report; result: GateResult } {
  return gateReport(report, expectationsFor(plan, report, io), {
    file: plan.shown,
    allowStale: plan.allowStale,
    catalogIds,
  });
}

/** `uaix-conformance gate <report.json> --expect file`: applies expectations to a report already made (a merged one, say). */
export async function gateCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({
      args: argv,
      options: { ...GATE_OPTIONS, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    io.out.write(`${GATE_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 1) throw new UsageError(`gate takes one report.json (${GATE_USAGE.slice(7)})`);
  const plan = gatePlan(io, values);
  if (!plan) throw new UsageError('gate needs --expect <expectations.json>');
  const report = readReport(pathIn(io, positionals[0]!), positionals[0]!);
  refuseHalfRunUpdate(plan, report);
  const { result } = gateWith(plan, report, await packCheckIds(), io);
  return printGate(plan, result, io);
}
