import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package.js';

/** The decision document shipped with the package. */
export const DECISIONS_DOC = join('docs', 'spec-decisions.md');

/**
 * The one-line summary of every decision written down in `docs/spec-decisions.md`: a heading
 * (`### D-ENV-07: expiry boundary`) gives its text; a table row (`| D-UAS-03 | ... |`) gives the cell
 * of the column headed `question`, else `choice`, else the second cell.
 */
export function decisionSummaries(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let header: string[] = [];
  for (const line of text.split('\n')) {
    const heading = /^#{2,4} (D-[A-Z]+-\d+)\b:?\s*(.*)$/.exec(line);
    if (heading) {
      out.set(heading[1]!, heading[2]!.trim());
      continue;
    }
    if (!line.startsWith('|')) {
      header = [];
      continue;
    }
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (/^D-[A-Z]+-\d+$/.test(cells[0] ?? '')) {
      const at = ['question', 'choice'].map((h) => header.indexOf(h)).find((i) => i > 0) ?? 1;
      out.set(cells[0]!, cells[at] ?? '');
    } else if (!cells.every((c) => /^-+$/.test(c))) header = cells.map((c) => c.toLowerCase());
  }
  return out;
}

/** The summaries of the shipped decision document (empty when the document is not there). */
export function readDecisionSummaries(root: string = packageRoot): Map<string, string> {
  const file = join(root, DECISIONS_DOC);
  return existsSync(file) ? decisionSummaries(readFileSync(file, 'utf8')) : new Map();
}
