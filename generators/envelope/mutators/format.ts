import * as fc from 'fast-check';
import type { EnvelopeSpec } from '../../../src/spec/envelope.js';
import { getAt, setAt } from '../walk.js';
import { MALFORMED_ID_FAMILIES, malformedId, malformedIdOf, presentFields, type EnvelopeMutator } from './mutation.js';

/** A value as a note shows it: JSON, with the line and paragraph separators escaped (a fixture's description is one line). */
const shown = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Pointers of every date-time field of `spec` present in the packet. */
export function dateTimePointers(spec: EnvelopeSpec, packet: Record<string, any>, profile: string): string[] {
  return presentFields(spec, packet, profile)
    .filter(({ field }) => field.type === 'date-time')
    .map(({ pointer }) => pointer);
}

function pad(n: number, w = 2): string {
  return String(Math.abs(n)).padStart(w, '0');
}

/** The same instant written with a numeric offset (`+hh:mm`), no `Z`. */
function withOffset(iso: string, minutes: number): string {
  const local = new Date(Date.parse(iso) + minutes * 60_000).toISOString().slice(0, 19);
  const sign = minutes < 0 ? '-' : '+';
  return `${local}${sign}${pad(Math.trunc(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

/** The ways `notUtcZ` writes a date-time otherwise than pinned, by family. */
const UTC_VARIANTS: Record<string, (iso: string, minutes: number, pick: number) => string> = {
  // The same instant with a zero offset: `+00:00`, `-00:00` (RFC 3339's unknown offset), and the ISO 8601 basic forms.
  'utc-offset': (iso, _m, pick) =>
    withOffset(iso, 0).replace(/\+00:00$/, ['+00:00', '-00:00', '+0000', '+00'][pick % 4]!),
  'other-offset': (iso, minutes) => withOffset(iso, minutes),
  'no-designator': (iso) => iso.replace(/Z$/i, ''),
  // A lower-case `z`, with or without a lower-case `t` (RFC 3339 §5.6 allows both; the pinned form does not, D-ENV-04).
  'lower-case': (iso, _m, pick) => (pick % 2 ? iso.replace(/Z$/, 'z') : iso.replace('T', 't').replace(/Z$/, 'z')),
  // White space around the value, or before the designator.
  whitespace: (iso, _m, pick) => [` ${iso}`, `${iso} `, `${iso}\n`, `\t${iso}`, iso.replace(/Z$/, ' Z')][pick % 5]!,
  // A day, month or time of day that does not exist, well formed otherwise (the year moved on, so an expiry stays ahead).
  'impossible-date': (iso, _m, pick) => impossibleDate(iso, pick),
  // ISO 8601 forms that are not RFC 3339: no seconds, the basic format, an expanded year, an empty fraction.
  'not-rfc3339': (iso, _m, pick) => notRfc3339(iso, pick),
};

/** A year after that of `iso` that is not a leap year. */
function commonYearAfter(iso: string): number {
  let y = Number(iso.slice(0, 4)) + 1;
  while ((y % 4 === 0 && y % 100 !== 0) || y % 400 === 0) y++;
  return y;
}

function impossibleDate(iso: string, pick: number): string {
  const y = String(commonYearAfter(iso)).padStart(4, '0');
  const time = iso.slice(10);
  const dates = [
    `${y}-02-29${time}`,
    `${y}-02-30${time}`,
    `${y}-04-31${time}`,
    `${y}-13-01${time}`,
    `${y}-00-10${time}`,
    `${y}-01-00${time}`,
    `${y}-01-32${time}`,
  ];
  const times = [`${y}-01-01T24:00:00Z`, `${y}-01-01T23:60:00Z`, `${y}-06-15T12:00:61Z`];
  const all = [...dates, ...times];
  return all[pick % all.length]!;
}

function notRfc3339(iso: string, pick: number): string {
  const whole = `${iso.slice(0, 19)}Z`;
  const forms = [
    `${whole.slice(0, 16)}Z`, // no seconds
    whole.replace(/[-:]/g, ''), // basic format
    `+00${whole}`, // expanded year
    `${whole.slice(0, 19)}.Z`, // empty fraction
    `${whole.slice(0, 10)}Z`, // a date alone
  ];
  return forms[pick % forms.length]!;
}

/**
 * ENV-UTC-Z: one date-time field written otherwise than RFC 3339 UTC with an upper-case `Z`
 * (D-ENV-04), each family drawn as often as the others: a zero or another offset, no designator, a
 * lower-case designator (only where the spec pins the case), white space, a date that does not
 * exist, an ISO 8601 form RFC 3339 does not allow. The offsets keep the instant, so an expiry stays
 * in the future.
 */
export function notUtcZ(spec: EnvelopeSpec): EnvelopeMutator {
  const families = Object.keys(UTC_VARIANTS).filter((f) => f !== 'lower-case' || spec.utcCase !== 'any-case');
  return {
    breaks: 'ENV-UTC-Z',
    families,
    mutate: (c) =>
      fc
        .tuple(
          fc.constantFrom(...families),
          fc.constantFrom(...dateTimePointers(spec, c.packet, c.profile)),
          fc.constantFrom(-480, -300, 60, 330, 540),
          fc.nat(99),
        )
        .map(([family, pointer, minutes, pick]) => {
          const packet = structuredClone(c.packet);
          // The variants start from the pinned spelling (a valid value may write `t` and `z` where the spec allows either case).
          const iso = (getAt(packet, pointer) as string).toUpperCase();
          const value = UTC_VARIANTS[family]!(iso, minutes, pick);
          setAt(packet, pointer, value);
          return { packet, family, note: `${pointer} written as ${shown(value)}`, at: pointer };
        }),
  };
}

/** The identity members `malformedIdentity` breaks, with the families of each. */
const IDENTITY_FIELDS = ['id', 'type'] as const;

/** ENV-IDENTITY: a malformed source or target identity (its id, or its type), each family as often as the others. */
export const malformedIdentity: EnvelopeMutator = {
  breaks: 'ENV-IDENTITY',
  families: IDENTITY_FIELDS.flatMap((field) => MALFORMED_ID_FAMILIES.map((f) => `${field}-${f}`)),
  mutate: (c) =>
    fc.tuple(fc.constantFrom('source', 'target'), fc.constantFrom(...IDENTITY_FIELDS)).chain(([side, field]) =>
      malformedId(String(c.packet[side][field])).map((bad) => {
        const packet = structuredClone(c.packet);
        setAt(packet, `/${side}/${field}`, bad.value);
        return {
          packet,
          family: `${field}-${bad.family}`,
          note: `/${side}/${field} set to ${shown(bad.value)}`,
          at: `/${side}/${field}`,
        };
      }),
    ),
};

/** A required token field removed or malformed: ENV-CORRELATION-ID and ENV-IDEMPOTENCY-KEY. */
function missingOrMalformed(breaks: string, pointer: string): EnvelopeMutator {
  return {
    breaks,
    families: ['missing', ...MALFORMED_ID_FAMILIES],
    mutate: (c) =>
      fc.constantFrom('missing' as const, ...MALFORMED_ID_FAMILIES).chain((family) =>
        (family === 'missing' ? fc.constant(undefined) : malformedIdOf(family, String(getAt(c.packet, pointer)))).map(
          (value) => {
            const packet = structuredClone(c.packet);
            setAt(packet, pointer, value);
            return {
              packet,
              family,
              note: value === undefined ? `removed ${pointer}` : `${pointer} set to ${shown(value)}`,
              at: pointer,
            };
          },
        ),
      ),
  };
}

export const badCorrelationId = missingOrMalformed('ENV-CORRELATION-ID', '/conversation/correlation_id');
export const badIdempotencyKey = missingOrMalformed('ENV-IDEMPOTENCY-KEY', '/delivery/idempotency_key');

/** Values of a broken fallback directive, by family: white space only (ASCII, or Unicode spaces a trimming or `\s` test knows), or another JSON type. */
const FALLBACK_VALUES: Record<string, readonly unknown[]> = {
  blank: ['', ' ', '\r\n\t'],
  'unicode-blank': ['\u00a0', '\u2003\u2003', '\u3000', ' \u2028 ', '\u00a0\t\u202f'],
  'wrong-type': [0, false, null, ['Return a blocker'], { directive: 'Return a blocker' }],
};

/** ENV-FALLBACK-DIRECTIVE: the fallback directive missing, blank, blank in Unicode white space, or not text. */
export const badFallbackDirective: EnvelopeMutator = {
  breaks: 'ENV-FALLBACK-DIRECTIVE',
  families: ['missing', ...Object.keys(FALLBACK_VALUES)],
  mutate: (c) =>
    fc.constantFrom('missing', ...Object.keys(FALLBACK_VALUES)).chain((family) =>
      (family === 'missing' ? fc.constant(undefined) : fc.constantFrom(...FALLBACK_VALUES[family]!)).map((value) => {
        const packet = structuredClone(c.packet);
        setAt(packet, '/delivery/fallback_directive', value);
        return {
          packet,
          family,
          note:
            value === undefined
              ? 'removed /delivery/fallback_directive'
              : `/delivery/fallback_directive set to ${shown(value)}`,
          at: '/delivery/fallback_directive',
        };
      }),
    ),
};
