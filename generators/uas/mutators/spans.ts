import { representable } from '../compile.js';
import type { UasValidDocument } from '../document.js';
import { sha256Hex, type GenUnit } from '../model.js';
import { choose, firstDiff, type ExpectedFinding, type UasMutator, uasMutator } from '../mutation.js';
import { rebuild, rehash, spanBytes, utf8 } from './util.js';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The room a unit has to move: from the previous unit's end to the next unit's start. */
function room(d: UasValidDocument, i: number): [number, number] {
  const units = d.doc.units;
  return [i > 0 ? units[i - 1].end : 0, i < units.length - 1 ? units[i + 1].start : d.source.bytes.length];
}

/** Moves unit i by delta bytes when it stays inside its room; the moved unit, or undefined. */
function shifted(d: UasValidDocument, i: number, delta: number): GenUnit | undefined {
  const u = d.doc.units[i];
  const [lo, hi] = room(d, i);
  if (u.start + delta < lo || u.end + delta > hi) return undefined;
  return { ...u, start: u.start + delta, end: u.end + delta };
}

/** Span mutations (seed 003 §3.2): off by one, UTF-16 code units instead of bytes, overlap, order, bounds. */
export const spanMutators: UasMutator[] = [
  uasMutator('span-shift-verbatim', 'VAL-VERBATIM', (d, p) => {
    // The span is off by one but its hash was taken over the stated range: only the text betrays it.
    const i = d.doc.units.findIndex((u) => u === choose(d.doc.units.filter((x) => x.mode === 'VERBATIM_FULL'), p[0]));
    const moved = i < 0 ? undefined : shifted(d, i, p[1] % 2 === 0 ? 1 : -1);
    if (!moved) return null;
    const at = firstDiff(utf8(moved.text!), spanBytes(d, moved.start, moved.end));
    if (at < 0) return null;
    return rebuild(d, (doc) => {
      Object.assign(doc.units[i], moved);
      rehash(d, doc.units[i]);
    }, [{ checkId: 'VAL-VERBATIM', unitId: moved.id, byteOffset: moved.start + at }]);
  }),
  uasMutator('span-shift-hash', 'VAL-SPAN-HASH', (d, p) => {
    // A hash-only unit whose span moved by one while its hash stayed: the hash no longer matches.
    const i = d.doc.units.findIndex((u) => u === choose(d.doc.units.filter((x) => x.mode !== 'VERBATIM_FULL'), p[0]));
    const moved = i < 0 ? undefined : shifted(d, i, p[1] % 2 === 0 ? 1 : -1);
    if (!moved || sha256Hex(spanBytes(d, moved.start, moved.end)) === moved.spanSha256) return null;
    return rebuild(d, (doc) => Object.assign(doc.units[i], moved), [{ checkId: 'VAL-SPAN-HASH', unitId: moved.id }]);
  }),
  uasMutator('utf16-spans', 'VAL-VERBATIM', (d) => {
    // Offsets counted in UTF-16 code units, hashes then taken over those (wrong) byte ranges.
    let text: string;
    try {
      text = strict.decode(d.source.bytes);
    } catch {
      return null;
    }
    const bytes = d.source.bytes;
    const u16 = (b: number) => strict.decode(bytes.subarray(0, b)).length;
    const moved = d.doc.units.map((u) => ({ ...u, start: u16(u.start), end: u16(u.end) }));
    const expected: ExpectedFinding[] = [];
    for (const m of moved) {
      if (m.mode !== 'VERBATIM_FULL') continue;
      const at = firstDiff(utf8(m.text!), spanBytes(d, m.start, m.end));
      if (at >= 0) expected.push({ checkId: 'VAL-VERBATIM', unitId: m.id, byteOffset: m.start + at });
    }
    if (expected.length === 0 || text.length === bytes.length) return null;
    return rebuild(d, (doc) => {
      doc.units = moved;
      for (const u of doc.units) rehash(d, u);
    }, expected);
  }),
  uasMutator('overlapping-spans', 'VAL-SOURCE-ORDER', (d, p) => {
    // Unit k+1 starts inside unit k; its hash and text are recomputed so only the overlap is wrong.
    const k = p[0] % Math.max(1, d.doc.units.length - 1);
    const a = d.doc.units[k];
    const b = d.doc.units[k + 1];
    if (!b) return null;
    for (let back = 1; back <= 4 && back <= a.end - a.start; back++) {
      const start = a.end - back;
      const text = b.mode === 'VERBATIM_FULL' ? representable(spanBytes(d, start, b.end)) : '';
      if (text === undefined) continue;
      return rebuild(d, (doc) => {
        const u = doc.units[k + 1];
        u.start = start;
        if (u.mode === 'VERBATIM_FULL') u.text = text;
        rehash(d, u);
      }, [{ checkId: 'VAL-SOURCE-ORDER', unitId: b.id }]);
    }
    return null;
  }),
  uasMutator('out-of-order-units', 'VAL-SOURCE-ORDER', (d, p) => {
    const n = d.doc.units.length;
    if (n < 2) return null;
    const k = p[0] % (n - 1);
    const variant = p[1] % 2;
    return rebuild(d, (doc) => {
      if (variant === 0) [doc.units[k], doc.units[k + 1]] = [doc.units[k + 1], doc.units[k]];
      else [doc.units[k].sourceOrder, doc.units[k + 1].sourceOrder] = [doc.units[k + 1].sourceOrder, doc.units[k].sourceOrder];
    }, [{ checkId: 'VAL-SOURCE-ORDER' }]);
  }),
  uasMutator('span-out-of-bounds', 'VAL-SPAN-BOUNDS', (d, p) => {
    const u = choose(d.doc.units, p[0])!;
    const inclusive = d.spec.spanEnd === 'inclusive';
    const len = d.source.bytes.length;
    const last = inclusive ? u.end - 1 : u.end;
    const variants = [
      `bytes:${u.start}-${len + 1 + (p[2] % 7)}`,
      `bytes:${last}-${u.start}`,
      `chars:${u.start}-${last}`,
      `${u.start}-${last}`,
      `bytes:${u.start}`,
    ];
    const v = p[1] % variants.length;
    if (v === 1 && last <= u.start) return null; // reversing a one-byte span changes nothing
    return rebuild(d, (doc) => {
      doc.units.find((x) => x.id === u.id)!.spanText = variants[v];
    }, [{ checkId: 'VAL-SPAN-BOUNDS', unitId: u.id }]);
  }),
];
