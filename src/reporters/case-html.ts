import { counted } from '../model/words.js';
import { displayJson, escapeHtmlText as text, revealInvisible } from './escape.js';
import { jsonLines, within } from './failure-view.js';

/**
 * A counterexample as report.html and the site show it: pretty JSON with invisible characters
 * revealed, the member the case breaks the rule at (`focus`, a JSON Pointer) marked, as the terminal
 * marks it: each of its lines in a `<mark>` (the text itself unchanged, so that a copied case is the
 * same JSON). At most `max` characters, then how many lines were left out (the whole case is in
 * report.json and the failure file). Without a focus present in the case, the JSON as it is.
 */
export function caseHtml(value: unknown, focus: string | undefined, max: number): string {
  let present = false;
  if (focus !== undefined) for (const line of jsonLines(value, 0)) if ((present ||= within(line.pointer, focus))) break;
  if (focus === undefined || !present) return text(displayJson(value, max));
  const out: string[] = [];
  let used = 0;
  let left = 0;
  for (const line of jsonLines(value, max)) {
    if (used > max) {
      left += 1;
      continue;
    }
    const t = revealInvisible(line.text());
    used += t.length + 1;
    out.push(within(line.pointer, focus) ? `<mark class="focus">${text(t)}</mark>` : text(t));
  }
  if (left > 0) out.push(text(`… ${counted(left, 'more line')} (see report.json)`));
  return out.join('\n');
}
