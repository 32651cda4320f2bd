import { parseArgs } from 'node:util';
import { diffReports, renderDiffMarkdown } from '../../model/diff.js';
import { UsageError } from '../../contract/errors.js';
import { readReport } from '../../io/json-file.js';
import { guarded } from '../options.js';

type IO = { out: NodeJS.WritableStream; err: NodeJS.WritableStream };

export const DIFF_USAGE = 'usage: uaix-conformance diff <old report.json> <new report.json> [--json]';

/**
 * `uaix-conformance diff old.json new.json`: regressed, fixed, changed, new and removed checks,
 * aligned by id, as Markdown (default) or JSON. Exit 1 when a check regressed.
 */
export async function diffCommand(argv: string[], io: IO): Promise<number> {
  const { values, positionals } = guarded(() => parseArgs({ args: argv, options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true }));
  if (values.help) {
    io.out.write(`${DIFF_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 2) throw new UsageError(`diff takes two reports, old then new (${DIFF_USAGE.slice(7)})`);
  const d = diffReports(readReport(positionals[0]!), readReport(positionals[1]!));
  io.out.write(values.json ? `${JSON.stringify(d, null, 2)}\n` : renderDiffMarkdown(d));
  return d.regressed.length > 0 ? 1 : 0;
}
