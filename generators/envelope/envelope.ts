import * as fc from 'fast-check';
import { deepFrozen } from '../common/frozen.js';
import { profileNames } from '../../src/spec/envelope.js';
import { registryClosed } from '../../src/spec/error.js';
import type { SpecData } from '../../src/spec/index.js';
import { fakeSecretInProse, NOT_SECRET_EXAMPLES, NOT_SECRET_MEMBERS } from '../common/secrets.js';
import { tokenLike } from '../common/token-like.js';
import { freeText, SHRINK_TO_FIRST } from '../common/text.js';
import { alignedNumericStatus } from '../error/numeric-status.js';
import { supportBoundary } from './boundary.js';
import { withNestedExtras } from './extras.js';
import { FRACTION_DIGITS, objectOf, utcText } from './fields.js';
import { defineMember } from './leaves.js';
import { seal } from './seal.js';

/** A valid envelope before sealing: its profile, the validators' clock, and the packet. */
export interface UnsealedEnvelope {
  profile: string;
  now: string;
  packet: Record<string, any>;
}

/** One generated envelope case: the packet, the validators' clock, and how it was sealed. */
export interface EnvelopeCase extends UnsealedEnvelope {
  sealing: 'computed' | 'placeholder';
}

const NOW_MIN = Date.UTC(2020, 0, 1);
const NOW_MAX = Date.UTC(2040, 0, 1);

/**
 * Bodies of one profile, with overrides that keep the cross-field rules of the validation
 * expectations true, and, for `uai.error.v1`, the rules of the error suite (D-ENV-15): its body is
 * seed 000's extended error body, so a `numeric_status` is one that fits its `code` under the
 * error spec's alignment table (D-ERR-09).
 */
function bodyOf(data: SpecData, profile: string): fc.Arbitrary<Record<string, unknown>> {
  const spec = data.envelope;
  const fields = spec.profiles[profile]!.fields;
  const overrides: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, f] of Object.entries(fields)) if (f.boundary) overrides[name] = supportBoundary();
  if (profile === 'uai.error.v1') overrides.code = fc.constantFrom(...errorCodes(data));
  let body = objectOf(spec, fields, overrides);
  switch (profile) {
    case 'uai.error.v1':
      body = body.chain((b) =>
        b.numeric_status === undefined
          ? fc.constant(b)
          : alignedNumericStatus(String(b.code), data.error).map((numeric_status) => ({ ...b, numeric_status })),
      );
      break;
    case 'uai.agent.ack.v1':
      // D-ENV-06: a rejection carries its reason; other statuses omit it.
      body = body.chain((b) =>
        b.status === 'rejected'
          ? freeText().map((r) => ({ ...b, rejection_reason: r }))
          : fc.constant(withoutKey(b, 'rejection_reason')),
      );
      break;
    case 'uai.agent.blocker.v1':
      body = body.map((b) =>
        spec.policy.humanReviewBlockerTypes.includes(b.blocker_type as string)
          ? { ...b, human_review_required: true }
          : b,
      );
      break;
    case 'uai.agent.memory-proposal.v1':
      body = fc
        .tuple(
          body,
          fc.array(
            fc.oneof(
              freeText(),
              tokenLike().map((t) => `Observed id ${t.value} in the task log.`),
            ),
            { minLength: 1, maxLength: 4 },
          ),
        )
        .map(([b, facts]) => {
          const cold = spec.policy.coldMemory;
          const status =
            b.source_type === cold.sourceType && b.proposed_status === cold.forbiddenStatus
              ? 'candidate'
              : b.proposed_status;
          return { ...b, proposed_facts: facts, proposed_status: status };
        });
      break;
  }
  return body;
}

function withoutKey(o: Record<string, unknown>, key: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o)) if (k !== key) out[k] = o[k];
  return out;
}

/**
 * The codes a `uai.error.v1` envelope may carry under both suites (D-ENV-15): the envelope profile's
 * codes that the error spec's registry accepts (all of them when the registry is open, D-ERR-03).
 */
function errorCodes(data: SpecData): string[] {
  const field = data.envelope.profiles['uai.error.v1']!.fields.code!;
  const declared = field.type === 'enum' ? field.values : data.error.registry.codes;
  const accepted = registryClosed(data.error)
    ? declared.filter((c) => data.error.registry.codes.includes(c))
    : declared;
  if (accepted.length === 0)
    throw new Error('spec data: no uai.error.v1 code is both an envelope code and a registry code');
  return accepted;
}

/** Envelope arbitraries per profile, built once per spec data (building arbitraries is costly). */
const topCache = new WeakMap<SpecData, Map<string, fc.Arbitrary<Record<string, unknown>>>>();

function topOf(data: SpecData, profile: string): fc.Arbitrary<Record<string, unknown>> {
  let perSpec = topCache.get(data);
  if (!perSpec) topCache.set(data, (perSpec = new Map()));
  let arb = perSpec.get(profile);
  if (!arb) {
    arb = objectOf(data.envelope, data.envelope.topLevel, {
      profile: fc.constant(profile),
      body: bodyOf(data, profile),
    });
    perSpec.set(profile, arb);
  }
  return arb;
}

/**
 * The time a valid envelope has left before its expiry, in ms (D-ENV-07): the one-second boundary,
 * or up to decades; and, where the spec's envelopes expire only after `expires_at`, none at all
 * (the instant of expiry itself is still valid then).
 */
function timeLeft(data: SpecData): fc.Arbitrary<number> {
  const arms = [fc.constant(1000), fc.integer({ min: 1000, max: 60 * 365 * 86_400_000 })];
  return data.envelope.expiry === 'after'
    ? fc.oneof(SHRINK_TO_FIRST, ...arms, fc.constant(0))
    : fc.oneof(SHRINK_TO_FIRST, ...arms);
}

/**
 * Valid envelopes of `data`, of one profile (or of every profile), unsealed: not expired at `now`,
 * every cross-field rule kept. Seal with `seal()` after any mutation.
 */
export function envelopeOf(data: SpecData, profile?: string): fc.Arbitrary<UnsealedEnvelope> {
  const profileArb = profile ? fc.constant(profile) : fc.constantFrom(...profileNames(data.envelope));
  const clock = fc.tuple(fc.integer({ min: NOW_MIN, max: NOW_MAX }), timeLeft(data), FRACTION_DIGITS);
  return fc
    .tuple(
      profileArb.chain((p) => topOf(data, p).map((packet) => ({ p, packet }))),
      clock,
    )
    .map(([{ p, packet: generated }, [nowMs, left, digits]]) => {
      // fast-check may reuse generated values while shrinking: never edit them in place. Only the
      // members on the way to the expiry are new; the rest is shared, frozen, by every case drawn
      // from the same value.
      const now = Math.floor(nowMs / 1000) * 1000;
      // The clock reads whole seconds; the expiry, written with any fraction length, is never earlier than `left` after it.
      const delivery = { ...(generated.delivery as Record<string, unknown>), expires_at: utcText(now + left, digits) };
      return {
        profile: p,
        now: utcText(now, 0),
        packet: deepFrozen({ ...generated, delivery }) as Record<string, any>,
      };
    });
}

/** Seals each envelope with the computed checksum or the placeholder (D-INT-01, D-INT-02). */
function sealed(data: SpecData, envelopes: fc.Arbitrary<UnsealedEnvelope>): fc.Arbitrary<EnvelopeCase> {
  return fc
    .tuple(envelopes, fc.constantFrom<'computed' | 'placeholder'>('computed', 'placeholder'))
    .map(([c, sealing]) => ({
      ...c,
      sealing,
      packet: seal(data.envelope, c.packet, sealing),
    }));
}

/**
 * Valid, sealed envelope cases of `data`, of every profile (or one), carrying declared members only:
 * each has a keyless form (the wire and integrity checks draw these).
 */
export function validEnvelope(data: SpecData, profile?: string): fc.Arbitrary<EnvelopeCase> {
  return sealed(data, envelopeOf(data, profile));
}

/**
 * Valid, sealed envelope cases as a validator must accept them: those of `validEnvelope`, and,
 * where the spec closes only the top level to undeclared members (D-ENV-14), some that keep extra
 * data inside the published objects (001 §Campos adicionales).
 */
export function acceptedEnvelope(data: SpecData): fc.Arbitrary<EnvelopeCase> {
  let envelopes = withLeapSecondExpiry(envelopeOf(data));
  if (data.envelope.undeclaredMembers === 'top-level') envelopes = withNestedExtras(data.envelope, envelopes);
  if (data.envelope.secretScope === 'body') envelopes = withSecretOutsideBody(envelopes);
  return sealed(data, withNotSecrets(envelopes));
}

/**
 * Three memory proposals in four carrying what is not a secret (D-ENV-08), verbatim: some of the
 * `notSecrets` examples of `spec/secrets.json` as proposed facts of their own, and some of its
 * assignments as credential-named members of `delivery.expected_output_schema` (`{"password":
 * "REDACTED_VALUE"}`, `{"token": "refresh_token_required_for_grant"}`): a mask, a template, plain
 * words or a value of one character class, under a credential name. Other envelopes pass unchanged.
 */
function withNotSecrets(envelopes: fc.Arbitrary<UnsealedEnvelope>): fc.Arbitrary<UnsealedEnvelope> {
  const carried = fc.tuple(
    fc.subarray([...NOT_SECRET_EXAMPLES], { minLength: 1 }),
    fc.subarray([...NOT_SECRET_MEMBERS], { minLength: 1 }),
  );
  return fc.tuple(envelopes, fc.option(carried, { nil: null, freq: 4 })).map(([c, extra]) => {
    if (extra === null || c.profile !== 'uai.agent.memory-proposal.v1') return c;
    const [facts, members] = extra;
    const packet = structuredClone(c.packet);
    packet.body.proposed_facts = [...packet.body.proposed_facts, ...facts];
    const free = packet.delivery.expected_output_schema as Record<string, unknown> | undefined;
    if (free !== null && typeof free === 'object' && !Object.hasOwn(free, 'redacted_settings')) {
      defineMember(
        free,
        'redacted_settings',
        members.map((m) => ({ [m.key]: m.value })),
      );
    }
    return { ...c, packet };
  });
}

/**
 * One valid envelope in ten expiring on a leap second, `23:59:60` of 30 June or 31 December of its
 * clock's year, with the clock at `23:59:59` of that day: one second left (D-ENV-04: the leap
 * second is the instant before the next day's midnight; D-ENV-07: a valid case leaves at least a
 * second). A validator that clamps the leap second to `23:59:59`, or moves it back, takes the
 * envelope for expired. The wire and integrity checks draw `validEnvelope`, without these.
 */
function withLeapSecondExpiry(envelopes: fc.Arbitrary<UnsealedEnvelope>): fc.Arbitrary<UnsealedEnvelope> {
  return fc.tuple(envelopes, fc.nat(19)).map(([c, pick]) => {
    if (pick > 1) return c;
    const day = `${c.now.slice(0, 4)}-${pick === 0 ? '06-30' : '12-31'}`;
    const packet = structuredClone(c.packet);
    packet.delivery.expires_at = `${day}T23:59:60Z`;
    return { ...c, now: `${day}T23:59:59Z`, packet };
  });
}

/**
 * Where the spec reads the secrets rule of memory proposals as the body's alone (`secretScope:
 * "body"`, D-ENV-08), memory proposals that carry a (fake) secret outside their body, in the
 * fallback directive: valid under that reading only. Other envelopes pass unchanged.
 */
function withSecretOutsideBody(envelopes: fc.Arbitrary<UnsealedEnvelope>): fc.Arbitrary<UnsealedEnvelope> {
  return fc.tuple(envelopes, fc.option(fakeSecretInProse(), { nil: null })).map(([c, secret]) => {
    if (secret === null || c.profile !== 'uai.agent.memory-proposal.v1') return c;
    const packet = structuredClone(c.packet);
    packet.delivery.fallback_directive = `${packet.delivery.fallback_directive} ${secret.text}`;
    return { ...c, packet };
  });
}
