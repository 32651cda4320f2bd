import { parseArgs } from 'node:util';
import { UsageError } from '../../contract/errors.js';
import { readReport } from '../../io/json-file.js';
import { diffReports } from '../../model/diff.js';
import { renderDiffMarkdown } from '../../reporters/diff-markdown.js';
import { EXIT } from '../exit.js';
import { pathIn, type CliIO } from '../io.js';
import { guarded } from '../options.js';
import { DIFF_USAGE } from '../usage.js';

/**
 * `uaix-conformance diff old.json new.json`: regressed, fixed, changed, new and removed checks,
 * aligned by id, as Markdown (default) or JSON. Exit 1 when a check regressed.
 */
export async function diffCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({
      args: argv,
      options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    io.out.write(`${DIFF_USAGE}\n`);
    return 0;
  }
  if (positionals.length !== 2) throw new UsageError(`diff takes two reports, old then new (${DIFF_USAGE.slice(7)})`);
  const d = diffReports(
    readReport(pathIn(io, positionals[0]!), positionals[0]!),
    readReport(pathIn(io, positionals[1]!), positionals[1]!),
  );
  io.out.write(values.json ? `${JSON.stringify(d, null, 2)}\n` : renderDiffMarkdown(d));
  return d.regressed.length > 0 ? EXIT.failed : EXIT.ok;
}
