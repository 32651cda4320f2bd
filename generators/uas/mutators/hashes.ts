import type { UasValidDocument } from '../document.js';
import { sha256Hex } from '../model.js';
import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { rebuild, spanBytes, utf8 } from './util.js';

/** Flips one hex digit to another value (never just its case, which the pin treats as equal). */
function flipNibble(hex: string, pick: number): string {
  const i = pick % hex.length;
  const v = (Number.parseInt(hex[i], 16) + 1 + (pick % 15)) % 16;
  return hex.slice(0, i) + v.toString(16) + hex.slice(i + 1);
}

/** Hashes an agent might compute instead of the right one; each must differ from it to count. */
function wrongRootHashes(d: UasValidDocument): string[] {
  const text = Buffer.from(d.source.bytes).toString('utf8');
  return [
    sha256Hex(utf8(text.replace(/\r\n?/g, '\n'))),
    sha256Hex(utf8(text.trim())),
    sha256Hex(Buffer.from(text, 'utf16le')),
    sha256Hex(d.source.bytes.subarray(0, d.source.bytes.length - 1)),
  ];
}

/** Tampered locks (seed 003 §3.2): a root or span SHA-256 that does not hash the bytes it claims. */
export const hashMutators: UasMutator[] = [
  uasMutator('root-hash-tamper', 'VAL-ROOT-HASH', (d, p) => {
    const candidates = [flipNibble(d.doc.rootSha256, p[1]), ...wrongRootHashes(d)];
    const wrong = choose(candidates, p[0])!;
    if (wrong === d.doc.rootSha256) return null;
    return rebuild(d, (doc) => {
      doc.rootSha256 = wrong;
    }, [{ checkId: 'VAL-ROOT-HASH' }]);
  }),
  uasMutator('span-hash-tamper', 'VAL-SPAN-HASH', (d, p) => {
    const u = choose(d.doc.units, p[0])!;
    const len = d.source.bytes.length;
    const candidates = [
      flipNibble(u.spanSha256, p[2]),
      u.end < len ? sha256Hex(spanBytes(d, u.start, u.end + 1)) : undefined, // end read as inclusive
      u.text !== undefined ? sha256Hex(utf8(u.text.normalize('NFC').replace(/\r\n?/g, '\n'))) : undefined,
      sha256Hex(new Uint8Array(0)),
    ];
    const wrong = choose(candidates, p[1]);
    if (wrong === undefined || wrong === u.spanSha256) return null;
    return rebuild(d, (doc) => {
      doc.units.find((x) => x.id === u.id)!.spanSha256 = wrong;
    }, [{ checkId: 'VAL-SPAN-HASH', unitId: u.id }]);
  }),
];
