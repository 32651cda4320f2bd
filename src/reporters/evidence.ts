import type { Evidence } from '../model/report.js';

/** Tag prefixes that count kinds of cases, in the order a summary names them. */
const KINDS: [prefix: string, singular: string, plural: string][] = [
  ['family:', 'mutation family', 'mutation families'],
  ['profile:', 'profile', 'profiles'],
  ['fixture:', 'fixture', 'fixtures'],
];

/**
 * How much a check tried, in one line: cases, valid and adversarial counts, and how many mutation
 * families, profiles and fixtures the cases covered, e.g.
 * `100 cases (0 valid, 100 adversarial; 6 mutation families, 9 profiles)`.
 */
export function evidenceLine(e: Evidence): string {
  const tags = Object.entries(e.tags);
  const parts: string[] = [];
  const valid = e.tags.valid ?? 0;
  const adversarial = e.tags.adversarial ?? 0;
  if (valid || adversarial) parts.push(`${valid} valid, ${adversarial} adversarial`);
  const kinds: string[] = [];
  for (const [prefix, one, many] of KINDS) {
    const n = tags.filter(([t]) => t.startsWith(prefix)).length;
    if (n) kinds.push(`${n} ${n === 1 ? one : many}`);
  }
  const other = tags.filter(
    ([t]) => t !== 'valid' && t !== 'adversarial' && !KINDS.some(([p]) => t.startsWith(p)),
  ).length;
  if (other) kinds.push(`${other} other tag${other === 1 ? '' : 's'}`);
  const detail = [parts.join(''), kinds.join(', ')].filter(Boolean).join('; ');
  return `${e.cases} case${e.cases === 1 ? '' : 's'}${detail ? ` (${detail})` : ''}`;
}
