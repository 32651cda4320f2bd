import { parseArgs } from 'node:util';
import { listedChecks } from '../../api/listing.js';
import { UsageError } from '../../contract/errors.js';
import { selectChecks } from '../../engine/catalog.js';
import type { CliIO } from '../io.js';
import { guarded, listOption } from '../options.js';
import { USAGE } from '../usage.js';

/** `uaix-conformance list`: the check catalog. */
export async function listCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({
      args: argv,
      options: {
        suite: { type: 'string', multiple: true },
        check: { type: 'string', multiple: true, short: 'c' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    io.out.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const checks = selectChecks(await listedChecks(), {
    suites: listOption(values.suite),
    checks: listOption(values.check),
  });
  if (values.json) {
    io.out.write(`${JSON.stringify(checks, null, 2)}\n`);
    return 0;
  }
  const width = Math.max(...checks.map((c) => c.id.length));
  for (const c of checks)
    io.out.write(
      `${c.id.padEnd(width)}  ${c.suite.padEnd(9)} ${c.severity.padEnd(6)} ${c.title}\n${' '.repeat(width + 2)}${c.specRef}\n`,
    );
  io.out.write(`${checks.length} check${checks.length === 1 ? '' : 's'}\n`);
  return 0;
}
