import type { UasValidDocument } from '../document.js';
import { sha256Hex } from '../model.js';
import { choose, type ExpectedFinding, type UasMutation, type UasMutator, uasMutator } from '../mutation.js';
import { flipNibble, rebuild, reserialize, spanBytes, utf8, withAttribute } from './util.js';

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

/**
 * The right digest written in a form D-UAS-09 does not admit, one kind of slip per family: with a
 * `sha256:` prefix (the envelope checksum's form, not this format's); cut short (a verifier that
 * compares only as many digits as are written, `strncmp` style); with a digit or white space more
 * (a verifier that decodes the hex with `Buffer.from(x, 'hex')`, which stops at the first digit it
 * cannot pair); empty or missing (a verifier that skips what is not there).
 */
const DIGEST_FORMS: Record<string, (hex: string, pick: number) => string | undefined> = {
  prefixed: (hex, k) => [`sha256:${hex}`, `SHA256:${hex}`, `sha-256:${hex}`, `SHA-256:${hex.toUpperCase()}`][k % 4],
  truncated: (hex, k) => hex.slice(0, [63, 62, 40, 32, 16, 1][k % 6]),
  padded: (hex, k) => [`${hex}0`, `${hex}${hex[0]}`, `${hex} `, `${hex}&#10;`, `${hex}z`, `${hex}=`][k % 6],
  missing: (_hex, k) => (k % 2 === 0 ? '' : undefined),
};

/** The digest of `attr` on element `name` (by id, or the manifest) written in `form`. */
function digestWritten(
  d: UasValidDocument,
  name: 'semantic_unit' | 'source_manifest',
  id: string | undefined,
  attr: string,
  hex: string,
  form: string,
  pick: number,
  expected: ExpectedFinding,
): UasMutation | null {
  const written = DIGEST_FORMS[form]!(hex, pick);
  const xml = d.out.xml;
  let artifact: string | undefined;
  if (name === 'source_manifest') {
    // The manifest has no id: its one start tag is found by name.
    const m = /<source_manifest\b[^>]*>/.exec(xml);
    if (!m) return null;
    const tag = m[0].replace(new RegExp(`\\s${attr}\\s*=\\s*(["'])[0-9a-f]{64}\\1`), (_all, q: string) =>
      written === undefined ? '' : ` ${attr}=${q}${written}${q}`,
    );
    artifact = xml.slice(0, m.index) + tag + xml.slice(m.index + m[0].length);
  } else artifact = withAttribute(xml, name, id!, attr, written);
  return artifact === undefined || artifact === xml ? null : { source: d.source.bytes, artifact, expected: [expected] };
}

/** The four digest-form families of one digest attribute. */
function digestFormMutators(prefix: string, breaks: 'VAL-ROOT-HASH' | 'VAL-SPAN-HASH'): UasMutator[] {
  return Object.keys(DIGEST_FORMS).map((form) =>
    uasMutator(`${prefix}-${form}`, breaks, (d, p) => {
      if (breaks === 'VAL-ROOT-HASH')
        return digestWritten(d, 'source_manifest', undefined, 'root_sha256', d.doc.rootSha256, form, p[1], {
          checkId: 'VAL-ROOT-HASH',
        });
      const u = choose(d.doc.units, p[0])!;
      return digestWritten(d, 'semantic_unit', u.id, 'span_sha256', u.spanSha256, form, p[1], {
        checkId: 'VAL-SPAN-HASH',
        unitId: u.id,
      });
    }),
  );
}

/**
 * `byte_length` values that are not the source's length in bytes: one more or less, or the length
 * in characters (UTF-16 code units, code points) where it differs.
 */
function wrongLengths(d: UasValidDocument): number[] {
  const n = d.source.bytes.length;
  const text = Buffer.from(d.source.bytes).toString('utf8');
  return [...new Set([n + 1, n - 1, text.length, [...text].length])].filter((x) => x !== n && x >= 0);
}

/** `byte_length` as `Number` reads the right length but the format does not (decimal text as written, D-UAS-09). */
const LENGTH_SPELLINGS: ((n: number) => string)[] = [
  (n) => `0${n}`,
  (n) => `+${n}`,
  (n) => `${n}.0`,
  (n) => ` ${n}`,
  (n) => `${n} `,
  (n) => `0x${n.toString(16)}`,
  (n) => `${n}e0`,
];

/** Tampered locks (seed 003 §3.2): a root or span SHA-256 that does not hash the bytes it claims, or a wrong length. */
export const hashMutators: UasMutator[] = [
  uasMutator('root-hash-tamper', 'VAL-ROOT-HASH', (d, p) => {
    const candidates = [flipNibble(d.doc.rootSha256, p[1]), ...wrongRootHashes(d)];
    const wrong = choose(candidates, p[0])!;
    if (wrong === d.doc.rootSha256) return null;
    return rebuild(
      d,
      (doc) => {
        doc.rootSha256 = wrong;
      },
      [{ checkId: 'VAL-ROOT-HASH' }],
    );
  }),
  ...digestFormMutators('root-hash', 'VAL-ROOT-HASH'),
  uasMutator('byte-length-wrong', 'VAL-ROOT-HASH', (d, p) => {
    // Counted in characters, or off by one: the root hash is right, the length is not.
    const wrong = choose(wrongLengths(d), p[0])!;
    return rebuild(
      d,
      (doc) => {
        doc.byteLength = wrong;
      },
      [{ checkId: 'VAL-ROOT-HASH' }],
    );
  }),
  uasMutator('byte-length-spelling', 'VAL-ROOT-HASH', (d, p) => {
    const spelled = LENGTH_SPELLINGS[p[0] % LENGTH_SPELLINGS.length]!(d.source.bytes.length);
    const out = reserialize(d, () => {});
    const artifact = out.xml.replace(
      /(<source_manifest\b[^>]*\sbyte_length\s*=\s*)(["'])[0-9]+\2/,
      (_all, head: string, q: string) => `${head}${q}${spelled}${q}`,
    );
    return artifact === out.xml ? null : { source: d.source.bytes, artifact, expected: [{ checkId: 'VAL-ROOT-HASH' }] };
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
    return rebuild(
      d,
      (doc) => {
        doc.units.find((x) => x.id === u.id)!.spanSha256 = wrong;
      },
      [{ checkId: 'VAL-SPAN-HASH', unitId: u.id }],
    );
  }),
  ...digestFormMutators('span-hash', 'VAL-SPAN-HASH'),
];
