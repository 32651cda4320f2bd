import type { DiffEntry, ReportDiff } from '../model/diff.js';
import { counted } from '../model/words.js';

function cell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 160);
}

/** The diff as Markdown, for a pull-request comment or a job summary. */
export function renderDiffMarkdown(d: ReportDiff): string {
  const out: string[] = ['# uaix-conformance diff', ''];
  out.push(
    `Old: ${d.from.adapter}, tool ${d.from.tool}, seed ${d.from.seed}, ${counted(d.from.runs, 'run')}. New: ${d.to.adapter}, tool ${d.to.tool}, seed ${d.to.seed}, ${counted(d.to.runs, 'run')}.`,
  );
  if (d.catalogChanged)
    out.push(
      '',
      '> The reports come from different check catalogs or generators: some differences may come from the pack, not the implementation.',
    );
  out.push(
    '',
    `**${d.regressed.length} regressed, ${d.fixed.length} fixed, ${d.changed.length} changed, ${d.new.length} new, ${d.removed.length} removed, ${d.unchanged} unchanged.**`,
  );
  const section = (title: string, rows: DiffEntry[]) => {
    if (rows.length === 0) return;
    out.push('', `## ${title}`, '', '| Check | Severity | Before | After | Message |', '|---|---|---|---|---|');
    for (const r of rows)
      out.push(`| \`${r.id}\` | ${r.severity} | ${r.before ?? '-'} | ${r.after ?? '-'} | ${cell(r.message ?? '')} |`);
  };
  section('Regressed', d.regressed);
  section('Fixed', d.fixed);
  section('Changed', d.changed);
  section('New checks', d.new);
  section('Removed checks', d.removed);
  return `${out.join('\n')}\n`;
}
