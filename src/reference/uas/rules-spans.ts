import type { IssueList } from './issues.js';
import { spanText, type UasModel, type UnitInfo } from './model.js';

/**
 * Span syntax and bounds (D-UAS-06), then order (D-UAS-07): `source_order` is 1..n in document
 * order, and spans are strictly ascending and disjoint. Returns the units whose spans can be read.
 */
export function checkSpans(m: UasModel, sourceLength: number, issues: IssueList): UnitInfo[] {
  const readable: UnitInfo[] = [];
  for (const u of m.units) {
    const s = u.span;
    if (!s || s.start >= s.end || s.end > sourceLength) {
      const why = !s
        ? 'is not of the form bytes:A-B'
        : s.start >= s.end
          ? 'is empty or reversed'
          : `ends past the source (${sourceLength} bytes)`;
      const raw = spanText(u) ?? '';
      issues.add({
        checkId: 'VAL-SPAN-BOUNDS',
        ref: u.id,
        token: raw,
        byteOffset: s && s.start <= sourceLength ? s.start : undefined,
        message: `source_span "${raw}" of unit ${u.id} ${why}`,
        instruction: `Emit source_span='bytes:A-B' with 0 <= A < B <= ${sourceLength}.`,
      });
      continue;
    }
    readable.push(u);
  }
  for (const u of m.units) {
    if (u.sourceOrderWrong !== undefined) {
      issues.add({
        checkId: 'VAL-SOURCE-ORDER',
        ref: u.id,
        token: u.sourceOrderWrong,
        message: `unit ${u.id} is unit ${u.index + 1} in document order but has source_order "${u.sourceOrderWrong}"`,
        instruction: 'Number units 1..n in document order.',
      });
    }
  }
  let prev: UnitInfo | undefined;
  for (const u of readable) {
    if (prev && u.span!.start < prev.span!.end) {
      const kind = u.span!.start < prev.span!.start ? 'starts before' : 'overlaps';
      issues.add({
        checkId: 'VAL-SOURCE-ORDER',
        ref: u.id,
        token: spanText(u) ?? '',
        byteOffset: u.span!.start,
        message: `span of unit ${u.id} ${kind} the span of unit ${prev.id}`,
        instruction: 'Emit units in ascending, non-overlapping span order.',
      });
    }
    prev = u;
  }
  return readable;
}
