import { createHash } from 'node:crypto';
import type { Adapter } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { mapJson } from '../../../generators/envelope/leaves.js';
import { checksumSubject, generatorChecksum } from '../../../generators/envelope/seal.js';
import { serialize, type SerializeOptions } from '../../../generators/envelope/serialize.js';
import type { ByFamily } from '../../helpers/broken.js';

/**
 * Broken verifiers of INT-TAMPER-DETECTED by mutation family: the reference validator, but a
 * recorded checksum that one slipped reading takes for the content's own is accepted as such (the
 * envelope is then judged as if sealed rightly). Each slip is one a verifier makes: hashing a
 * normalized or differently serialized envelope, or reading the recorded digest leniently.
 * Those of INT-CHECKSUM (`checksummingWith`) write the canonical form with one choice made otherwise.
 * `describeGalleryFamilies` proves each: a default run fails on a case of the family, and no case of
 * another family is answered wrongly.
 */
const spec = bundledSpec().envelope;
type Packet = Record<string, any>;

const hashOf = (text: string): string => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`;

/** A verifier that also takes `recorded` for the content's checksum (`right`) when `slip` says so. */
function lenientVerifier(name: string, slip: (recorded: string, right: string, packet: Packet) => boolean): Adapter {
  return {
    ...referenceAdapter,
    describe: () => ({ name, version: '0' }),
    async validateEnvelope(packet, context) {
      const p = packet as Packet;
      const recorded = p?.integrity?.checksum;
      if (typeof recorded !== 'string' || recorded === spec.policy.checksumPlaceholder)
        return referenceAdapter.validateEnvelope!(packet, context);
      const right = generatorChecksum(spec, p);
      if (recorded === right || !slip(recorded, right, p)) return referenceAdapter.validateEnvelope!(packet, context);
      return referenceAdapter.validateEnvelope!({ ...p, integrity: { ...p.integrity, checksum: right } }, context);
    },
  };
}

/** A verifier that hashes what the checksum covers written by `write` instead of RFC 8785. */
function hashingWith(name: string, write: (subject: Record<string, unknown>) => string): Adapter {
  return lenientVerifier(name, (recorded, _right, p) => recorded === hashOf(write(checksumSubject(spec, p))));
}

const withOptions = (options: SerializeOptions) => (subject: Record<string, unknown>) => serialize(subject, options);

/**
 * Broken checksummers of INT-CHECKSUM by canonical feature: the pinned rule, but the canonical form
 * written with one choice a hand-written or borrowed serializer makes otherwise than RFC 8785.
 */
function checksummingWith(name: string, options: SerializeOptions): Adapter {
  return {
    ...referenceAdapter,
    describe: () => ({ name, version: '0' }),
    computeChecksum: (packet) => hashOf(serialize(checksumSubject(spec, packet as Packet), options)),
  };
}

export const byFamily: ByFamily = {
  'INT-CHECKSUM': {
    'utf16-key-order': checksummingWith('sorts keys by code point, not by UTF-16 code unit', {
      keyOrder: 'code-point',
    }),
    'locale-key-order': checksummingWith('sorts keys with localeCompare', { keyOrder: 'locale' }),
    'non-ascii': checksummingWith('escapes non-ASCII characters as \\uXXXX (ensure_ascii)', { escapeNonAscii: true }),
    'nfd-text': checksummingWith('NFC-normalizes text before hashing', { normalizeNfc: true }),
    'exponent-number': checksummingWith('writes exponents with an upper-case E', { numbers: 'upper-exponent' }),
    'negative-zero': checksummingWith('writes negative zero as -0', { numbers: 'signed-zero' }),
    'proto-key': checksummingWith('copies members by assignment before hashing (an own __proto__ is lost)', {
      dropProtoMembers: true,
    }),
    'control-char': checksummingWith('escapes control characters as upper-case \\uXXXX, \\b and \\f included', {
      upperCaseControlEscapes: true,
    }),
    'html-chars': checksummingWith('escapes <, >, &, U+2028 and U+2029 as \\uXXXX (Go encoding/json)', {
      escapeHtml: true,
    }),
  },
  'INT-TAMPER-DETECTED': {
    'unicode-form': hashingWith('NFC-normalizes text before hashing', withOptions({ normalizeNfc: true })),
    'whitespace-padded': hashingWith('trims text before hashing', (s) => serialize(mapJson(s, (x) => x.trim()))),
    'null-member': hashingWith('drops null members before hashing', withOptions({ dropNullMembers: true })),
    'proto-member': hashingWith(
      'copies members by assignment before hashing (an own __proto__ is lost)',
      withOptions({ dropProtoMembers: true }),
    ),
    'array-reordered': hashingWith('sorts arrays before hashing', withOptions({ sortArrays: true })),
    'naive-serialization': hashingWith('hashes JSON.stringify in insertion order', (s) => JSON.stringify(s)),
    'key-order': hashingWith('sorts keys by code point', withOptions({ keyOrder: 'code-point' })),
    'ascii-escaped': hashingWith('hashes with non-ASCII escaped', withOptions({ escapeNonAscii: true })),
    'spaced-separators': hashingWith('hashes with spaced separators', withOptions({ spacedSeparators: true })),
    'number-spelling': hashingWith('hashes integral numbers as 1.0', withOptions({ numbers: 'trailing-zero' })),
    'wrong-scope': lenientVerifier(
      'hashes under the other checksum scope',
      (recorded, _right, p) => recorded === generatorChecksum({ ...spec, checksumScope: 'integrity-object' }, p),
    ),
    'digest-prefix': lenientVerifier(
      'takes the digest with or without its algorithm label',
      (recorded, right) => recorded.replace(/^sha-?256[:=]*/i, '') === right.slice(7),
    ),
    'digest-whitespace': lenientVerifier('trims the recorded checksum', (recorded, right) => recorded.trim() === right),
    'digit-flipped': lenientVerifier(
      'compares the digests as numbers (parseInt with radix 16 keeps only their leading 13 or so digits)',
      (recorded, right) =>
        /^sha256:[0-9a-f]{64}$/.test(recorded) && parseInt(recorded.slice(7), 16) === parseInt(right.slice(7), 16),
    ),
    'digest-length': lenientVerifier(
      'checks the digest for hex digits, not their count, and compares up to the shorter one',
      (recorded, right) =>
        /^sha256:[0-9a-f]+$/.test(recorded) && (right.startsWith(recorded) || recorded.startsWith(right)),
    ),
  },
};
