import type { Expectation, GateResult } from '../model/gate.js';
import { problemOf } from '../model/report.js';
import { escapeTerminal } from './escape.js';
import { counted } from '../model/words.js';

/** The gate's verdict as terminal lines. */
export function renderGate(g: GateResult, options: { allowStale?: boolean } = {}): string {
  const lines: string[] = [];
  const entryName = (e: Expectation) => `${e.check} (${e.outcome}: ${e.reason}${e.issue ? `, ${e.issue}` : ''})`;
  for (const c of g.newFailures)
    lines.push(
      `NEW FAILURE ${c.id} [${c.severity}] ${c.status}: ${escapeTerminal((problemOf(c) ?? '').slice(0, 400).replace(/\s+/g, ' ').slice(0, 200))}`,
    );
  for (const c of g.newShouldFailures) lines.push(`new SHOULD failure (not gating) ${c.id}: ${c.status}`);
  for (const s of g.stale)
    lines.push(`STALE ${entryName(s.entry)}: ${s.why}${options.allowStale ? ' (allowed by --allow-stale)' : ''}`);
  for (const c of g.unexpectedSkips)
    lines.push(
      `${c.status === 'not-judged' ? 'not judged' : 'skipped'}, no expectation (not gating) ${c.id}: ${c.status === 'skipped' ? escapeTerminal(c.skipReason) : c.status === 'not-judged' ? escapeTerminal(c.notJudged.message) : ''}`,
    );
  if (g.incomplete) lines.push('INCOMPLETE: the run was interrupted; the gate never passes half a run');
  const verdict = g.ok ? 'gate: PASSED' : 'gate: FAILED';
  lines.push(
    `${verdict} (${g.expected.length} expected, ${counted(g.newFailures.length, 'new failure')}, ${g.stale.length} stale${g.untouched.length ? `, ${counted(g.untouched.length, 'entry', 'entries')} not touched by this run` : ''})`,
  );
  return `${lines.join('\n')}\n`;
}
