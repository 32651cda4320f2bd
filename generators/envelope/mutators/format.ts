import fc from 'fast-check';
import type { EnvelopeSpec } from '../../../src/spec/envelope.js';
import { getAt, setAt } from '../walk.js';
import { MALFORMED_ID_FAMILIES, malformedId, presentFields, type EnvelopeMutator } from './mutation.js';

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

/**
 * ENV-UTC-Z: one date-time field written without the trailing Z, keeping the instant (so an expiry
 * stays in the future): `+00:00`, another offset, or no zone designator at all.
 */
export function notUtcZ(spec: EnvelopeSpec): EnvelopeMutator {
  return {
    breaks: 'ENV-UTC-Z',
    families: ['utc-offset', 'other-offset', 'no-designator'],
    mutate: (c) =>
      fc
        .tuple(fc.constantFrom(...dateTimePointers(spec, c.packet, c.profile)), fc.constantFrom('utc-offset', 'other-offset', 'no-designator'), fc.constantFrom(-480, -300, 60, 330, 540))
        .map(([pointer, family, minutes]) => {
          const packet = structuredClone(c.packet);
          const iso = getAt(packet, pointer) as string;
          const value = family === 'utc-offset' ? withOffset(iso, 0) : family === 'other-offset' ? withOffset(iso, minutes) : iso.replace(/Z$/, '');
          setAt(packet, pointer, value);
          return { packet, family, note: `${pointer} written as ${value}` };
        }),
  };
}

/** ENV-IDENTITY: a malformed source or target identity (its id, or its type). */
export const malformedIdentity: EnvelopeMutator = {
  breaks: 'ENV-IDENTITY',
  families: ['id', 'type'].flatMap((field) => MALFORMED_ID_FAMILIES.map((f) => `${field}-${f}`)),
  mutate: (c) =>
    fc.tuple(fc.constantFrom('source', 'target'), fc.constantFrom('id', 'type'), malformedId()).map(([side, field, bad]) => {
      const packet = structuredClone(c.packet);
      setAt(packet, `/${side}/${field}`, bad.value);
      return { packet, family: `${field}-${bad.family}`, note: `/${side}/${field} set to ${JSON.stringify(bad.value)}` };
    }),
};

/** A required token field removed or malformed: ENV-CORRELATION-ID and ENV-IDEMPOTENCY-KEY. */
function missingOrMalformed(breaks: string, pointer: string): EnvelopeMutator {
  return {
    breaks,
    families: ['missing', ...MALFORMED_ID_FAMILIES],
    mutate: (c) =>
      fc.oneof(fc.constant(null), malformedId()).map((bad) => {
        const packet = structuredClone(c.packet);
        setAt(packet, pointer, bad === null ? undefined : bad.value);
        return bad === null
          ? { packet, family: 'missing', note: `removed ${pointer}` }
          : { packet, family: bad.family, note: `${pointer} set to ${JSON.stringify(bad.value)}` };
      }),
  };
}

export const badCorrelationId = missingOrMalformed('ENV-CORRELATION-ID', '/conversation/correlation_id');
export const badIdempotencyKey = missingOrMalformed('ENV-IDEMPOTENCY-KEY', '/delivery/idempotency_key');

/** ENV-FALLBACK-DIRECTIVE: the fallback directive missing, blank, or not text. */
export const badFallbackDirective: EnvelopeMutator = {
  breaks: 'ENV-FALLBACK-DIRECTIVE',
  families: ['missing', 'blank', 'wrong-type'],
  mutate: (c) =>
    fc.constantFrom<unknown>(undefined, '', ' ', '\r\n\t', 0, false, null, ['Return a blocker']).map((value) => {
      const packet = structuredClone(c.packet);
      setAt(packet, '/delivery/fallback_directive', value);
      return { packet, family: value === undefined ? 'missing' : typeof value === 'string' ? 'blank' : 'wrong-type', note: value === undefined ? 'removed /delivery/fallback_directive' : `/delivery/fallback_directive set to ${JSON.stringify(value)}` };
    }),
};
