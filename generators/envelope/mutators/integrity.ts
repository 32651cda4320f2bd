import { createHash } from 'node:crypto';
import * as fc from 'fast-check';
import { canonicalize } from 'json-canonicalize';
import type { EnvelopeSpec } from '../../../src/spec/envelope.js';
import type { SpecData } from '../../../src/spec/index.js';
import { envelopeOf } from '../envelope.js';
import { defineMember, mapJson, textLeaves } from '../leaves.js';
import { checksumSubject, generatorChecksum, seal } from '../seal.js';
import { serialize, type SerializeOptions } from '../serialize.js';
import { getAt, setAt } from '../walk.js';
import type { MutatedCase, RejectionCases } from './mutation.js';

/**
 * The ways `tamperedEnvelope` breaks a seal (evidence families), in three groups.
 *
 * Content changed after sealing: `content-edited` (a member changed, at the top level, deep in a
 * published object, or in a free-form object), and changes that a verifier which normalizes
 * before hashing cannot see, each on an envelope that normalization leaves alone:
 * `unicode-form` (a text turned from NFC to NFD: other code points, the same look),
 * `whitespace-padded` (white space added at an end of a text), `null-member` (a `null` member added
 * to a free-form object), `proto-member` (an own `__proto__` member added to a free-form object),
 * `array-reordered` (two items of an array swapped).
 *
 * A checksum over a serialization that is not RFC 8785: `naive-serialization` (`JSON.stringify`,
 * members in insertion order), `ascii-escaped` (non-ASCII as `\uXXXX`), `key-order` (keys in code
 * point or `localeCompare` order, on an envelope where that order differs), `spaced-separators`
 * (`", "` and `": "`), `number-spelling` (integral numbers as `1.0`), `wrong-scope` (the other
 * reading of what the checksum leaves out, D-INT-01).
 *
 * The recorded checksum not the content's (D-INT-02: `sha256:` and 64 hex digits): `digit-flipped`
 * (one digit changed), and the right digest in a form that no longer reads as it: `digest-prefix`
 * (no prefix, `sha-256:`, `sha256=`), `digest-whitespace` (white space around or inside),
 * `digest-length` (a digit short, half the digest, a digit more). These three break the checksum
 * grammar, which the JSON Schemas state. The case of the hex digits is no family: an upper-case
 * digest of the right content names the same bytes, and a validator that compares digests
 * case-insensitively detects every tampering (D-INT-02).
 */
export const TAMPER_FAMILIES = [
  'content-edited',
  'unicode-form',
  'whitespace-padded',
  'null-member',
  'proto-member',
  'array-reordered',
  'naive-serialization',
  'ascii-escaped',
  'key-order',
  'spaced-separators',
  'number-spelling',
  'wrong-scope',
  'digit-flipped',
  'digest-prefix',
  'digest-whitespace',
  'digest-length',
] as const;

export type TamperFamily = (typeof TAMPER_FAMILIES)[number];

type Packet = Record<string, any>;

/** A tampered case in the making: the envelope before sealing, and what to do to it after. */
interface Tamper {
  /** Prepares the envelope before it is sealed (a normalization it must survive untouched). */
  before?: (p: Packet, n: number) => Packet;
  /** Breaks the seal: edits the sealed envelope, or writes another checksum; answers what it did. */
  after: (spec: EnvelopeSpec, p: Packet, n: number, profile: string) => string;
}

const hashOf = (text: string): string => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

/** The checksum of the envelope under the spec's scope, written by `serialize` with `options`. */
const checksumWith = (spec: EnvelopeSpec, p: Packet, options: SerializeOptions): string =>
  hashOf(serialize(checksumSubject(spec, p), options));

/** Sorts every array of a JSON value by the canonical form of its items. */
function sortArrays(v: unknown): unknown {
  if (Array.isArray(v))
    return v
      .map(sortArrays)
      .sort((a, b) => (canonicalize(a) < canonicalize(b) ? -1 : canonicalize(a) > canonicalize(b) ? 1 : 0));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) defineMember(out, k, sortArrays(x));
    return out;
  }
  return v;
}

/** Pointers of the arrays of a JSON value that hold two items of different canonical forms. */
function reorderable(v: unknown, at = ''): string[] {
  if (Array.isArray(v)) {
    const own = new Set(v.map((x) => canonicalize(x))).size > 1 ? [at] : [];
    return [...own, ...v.flatMap((x, i) => reorderable(x, `${at}/${i}`))];
  }
  if (v !== null && typeof v === 'object')
    return Object.entries(v).flatMap(([k, x]) => reorderable(x, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  return [];
}

/** The free-form object every envelope has. */
const freeForm = (p: Packet): Record<string, unknown> => p.delivery.expected_output_schema;

/** A text leaf of the envelope to edit (any position). */
function leafOf(spec: EnvelopeSpec, p: Packet, profile: string, n: number): string {
  const leaves = textLeaves(spec, p, profile);
  return leaves[n % leaves.length]!.pointer;
}

/** Sets the recorded checksum. */
const record = (p: Packet, checksum: string): void => {
  p.integrity.checksum = checksum;
};

/** The recorded (right) checksum, without its `sha256:` prefix. */
const digestOf = (p: Packet): string => (p.integrity.checksum as string).slice(7);

const TAMPERS: Record<TamperFamily, Tamper> = {
  'content-edited': {
    after: (spec, p, n, profile) => {
      const where = n % 3;
      if (where === 0) {
        p.message_id = `${(p.message_id as string).slice(0, 190)}x${n % 10}`;
        return `message_id changed to ${p.message_id} after sealing`;
      }
      if (where === 1) {
        const pointer = leafOf(spec, p, profile, n);
        setAt(p, pointer, `${getAt(p, pointer) as string} (edited)`);
        return `${pointer} edited after sealing`;
      }
      defineMember(freeForm(p), 'edited_after_sealing', n % 2 === 0);
      return 'a member added to /delivery/expected_output_schema after sealing';
    },
  },
  'unicode-form': {
    // Every text NFC, one with a composed character; after sealing, that text in NFD.
    before: (p, n) => {
      const q = mapJson(p, (s) => s.normalize('NFC')) as Packet;
      q.delivery.fallback_directive =
        `${q.delivery.fallback_directive} ${['café', 'Ångström', 'naïve', 'Straße über'][n % 4]}`.normalize('NFC');
      return q;
    },
    after: (_spec, p) => {
      p.delivery.fallback_directive = (p.delivery.fallback_directive as string).normalize('NFD');
      return '/delivery/fallback_directive turned to NFD (the same text in other code points) after sealing';
    },
  },
  'whitespace-padded': {
    before: (p) => mapJson(p, (s) => s.trim()) as Packet,
    after: (spec, p, n, profile) => {
      const pointer = leafOf(spec, p, profile, n);
      const old = getAt(p, pointer) as string;
      setAt(p, pointer, [`${old} `, ` ${old}`, `${old}\n`, `\t${old}`][n % 4]);
      return `white space added at an end of ${pointer} after sealing`;
    },
  },
  'null-member': {
    before: (p) =>
      mapJson(
        p,
        (s) => s,
        (_k, v) => v === null,
      ) as Packet,
    after: (_spec, p, n) => {
      const free = freeForm(p);
      const nested = Object.values(free).find(
        (v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v),
      );
      defineMember(n % 2 && nested ? nested : free, 'superseded_by', null);
      return 'a null member added to /delivery/expected_output_schema after sealing';
    },
  },
  'proto-member': {
    before: (p) =>
      mapJson(
        p,
        (s) => s,
        (k) => k === '__proto__',
      ) as Packet,
    after: (_spec, p, n) => {
      defineMember(freeForm(p), '__proto__', [{ injected: true }, 'admin', 1, []][n % 4]);
      return 'an own __proto__ member added to /delivery/expected_output_schema after sealing';
    },
  },
  'array-reordered': {
    before: (p) => {
      const q = structuredClone(p);
      if (reorderable(q).length === 0)
        q.extensions.push(
          { namespace: 'urn:example:ext:second', purpose: 'Documents a vendor extension.', critical: false },
          { namespace: 'urn:example:ext:first', purpose: 'Documents another vendor extension.', critical: true },
        );
      return sortArrays(q) as Packet;
    },
    after: (_spec, p, n) => {
      const arrays = reorderable(p);
      const pointer = arrays[n % arrays.length]!;
      const items = getAt(p, pointer) as unknown[];
      const j = items.findIndex((x) => canonicalize(x) !== canonicalize(items[0]));
      [items[0], items[j]] = [items[j], items[0]];
      return `items 0 and ${j} of ${pointer || '/'} swapped after sealing`;
    },
  },
  'naive-serialization': {
    after: (spec, p) => {
      record(p, hashOf(JSON.stringify(checksumSubject(spec, p))));
      return 'checksum of JSON.stringify in insertion order instead of RFC 8785';
    },
  },
  'ascii-escaped': {
    before: (p) => ({
      ...p,
      delivery: { ...p.delivery, expected_output_schema: { ...freeForm(p), label: 'café ✓ 😀' } },
    }),
    after: (spec, p) => {
      record(p, checksumWith(spec, p, { escapeNonAscii: true }));
      return 'checksum of a serialization with non-ASCII characters escaped as \\uXXXX';
    },
  },
  'key-order': {
    before: (p, n) => {
      const keys = n % 2 ? { '\uffff': 'bmp', '😀': 'astral' } : { B: 'upper', a: 'lower', é: 'accented', f: 'plain' };
      return { ...p, delivery: { ...p.delivery, expected_output_schema: { ...freeForm(p), ...keys } } };
    },
    after: (spec, p, n) => {
      record(p, checksumWith(spec, p, { keyOrder: n % 2 ? 'code-point' : 'locale' }));
      return `checksum of a serialization with keys in ${n % 2 ? 'code point' : 'localeCompare'} order`;
    },
  },
  'spaced-separators': {
    after: (spec, p) => {
      record(p, checksumWith(spec, p, { spacedSeparators: true }));
      return 'checksum of a serialization with ", " and ": " separators';
    },
  },
  'number-spelling': {
    after: (spec, p) => {
      record(p, checksumWith(spec, p, { numbers: 'trailing-zero' }));
      return 'checksum of a serialization writing integral numbers as 1.0';
    },
  },
  'wrong-scope': {
    after: (spec, p) => {
      const other = spec.checksumScope === 'integrity-object' ? 'checksum-member' : 'integrity-object';
      record(p, generatorChecksum({ ...spec, checksumScope: other }, p));
      return `checksum computed under the other scope (${other})`;
    },
  },
  'digit-flipped': {
    after: (_spec, p, n) => {
      const recorded = p.integrity.checksum as string;
      const i = 7 + (n % 64);
      const d = recorded[i]!;
      const flipped = d === '0' ? '1' : d === 'f' ? 'e' : (parseInt(d, 16) ^ 1).toString(16);
      record(p, `${recorded.slice(0, i)}${flipped}${recorded.slice(i + 1)}`);
      return `checksum hex digit ${i - 7} changed`;
    },
  },
  'digest-prefix': {
    after: (_spec, p, n) => {
      const hex = digestOf(p);
      record(p, [hex, `sha-256:${hex}`, `sha256=${hex}`, `sha256::${hex}`][n % 4]!);
      return 'the right digest with another prefix than pinned';
    },
  },
  'digest-whitespace': {
    after: (_spec, p, n) => {
      const hex = digestOf(p);
      record(
        p,
        [
          ` sha256:${hex}`,
          `sha256:${hex} `,
          `sha256:${hex}\n`,
          `sha256: ${hex}`,
          `sha256:${hex.slice(0, 32)} ${hex.slice(32)}`,
        ][n % 5]!,
      );
      return 'the right digest with white space around or inside';
    },
  },
  'digest-length': {
    after: (_spec, p, n) => {
      const hex = digestOf(p);
      record(
        p,
        [`sha256:${hex.slice(0, 63)}`, `sha256:${hex.slice(0, 32)}`, `sha256:${hex}0`, `sha256:${hex}${hex}`][n % 4]!,
      );
      return 'the right digest cut short or extended';
    },
  },
};

/** The families whose recorded value breaks the checksum grammar of `types.checksum` (a rule the JSON Schemas state). */
export const MALFORMED_DIGEST_FAMILIES: readonly TamperFamily[] = [
  'digest-prefix',
  'digest-whitespace',
  'digest-length',
];

/**
 * INT-TAMPER-DETECTED: an envelope of `data` whose recorded checksum does not match its content,
 * one family (see `TAMPER_FAMILIES`) drawn as often as another.
 *
 * Not a `Mutator`: the envelope and the tampering picks are drawn as one tuple and the case seals
 * itself (a mutator's draws chain on its input, which would keep the cases but change how a failing
 * case shrinks, so replays of earlier reports would find other cases).
 */
export function tamperedEnvelope(data: SpecData): RejectionCases {
  const spec = data.envelope;
  const cases = fc
    .tuple(envelopeOf(data), fc.constantFrom(...TAMPER_FAMILIES), fc.nat())
    .map(([c, family, n]): MutatedCase => {
      const tamper = TAMPERS[family];
      const prepared = tamper.before ? tamper.before(structuredClone(c.packet), n) : structuredClone(c.packet);
      const packet = seal(spec, prepared, 'computed');
      const note = tamper.after(spec, packet, n, c.profile);
      return { profile: c.profile, now: c.now, sealing: 'computed', family, note, packet };
    })
    .filter((m) => m.packet.integrity.checksum !== generatorChecksum(spec, m.packet));
  return { breaks: 'INT-TAMPER-DETECTED', families: TAMPER_FAMILIES, cases };
}
