import { parseArgs } from 'node:util';
import type { CheckExplanation } from '../../api/explain.js';
import { UsageError } from '../../contract/errors.js';
import { EXIT } from '../exit.js';
import type { CliIO } from '../io.js';
import { guarded } from '../options.js';
import { EXPLAIN_USAGE } from '../usage.js';
import { MACHINERY } from '../lazy.js';

/** One line, cut to a terminal's reading length. */
function cut(s: string, max = 160): string {
  const flat = s.replace(/\s+/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `s` broken at spaces into lines of at most `width` characters. */
function wrap(s: string, width = 100): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return line ? [...lines, line] : lines;
}

/** The explanation as the terminal shows it. */
export function renderExplanation(e: CheckExplanation): string {
  const lines = [`${e.id} [${e.severity}] ${e.suite}: ${e.title}`];
  if (e.statement) lines.push(`  ${e.statement}`);
  lines.push(`  seed: ${e.specRef}`, `  calls: ${e.requires.join(', ')}`);
  if (e.decisions.length === 0) lines.push('  decisions: none');
  else lines.push('  decisions:');
  for (const d of e.decisions) {
    const where = d.overrideKeys.length
      ? `override: ${d.overrideKeys.map((k) => `${k.file} "${k.key}"`).join(', ')}`
      : 'not overridable';
    lines.push(`    ${d.id}${d.summary ? ` ${cut(d.summary)}` : ''}`, `      ${where}`);
  }
  if (e.reach.length > 0) lines.push('  every default run draws:', ...wrap(e.reach.join(', ')).map((l) => `    ${l}`));
  lines.push('  (docs/spec-decisions.md has every decision in full)');
  return `${lines.join('\n')}\n`;
}

/** `uaix-conformance explain <check-id> [--json]`: what a check enforces, and the decisions behind it. */
export async function explainCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({
      args: argv,
      options: { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    io.out.write(`${EXPLAIN_USAGE}\n`);
    return EXIT.ok;
  }
  if (positionals.length !== 1) throw new UsageError(`explain takes one check id (${EXPLAIN_USAGE.slice(7)})`);
  // The catalog loads only for a well-formed command (a usage error loads no suite or generator).
  const { explainCheck } = await MACHINERY.explain();
  const e = explainCheck(positionals[0]!);
  io.out.write(values.json ? `${JSON.stringify(e, null, 2)}\n` : renderExplanation(e));
  return EXIT.ok;
}
