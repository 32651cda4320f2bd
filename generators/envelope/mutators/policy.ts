import * as fc from 'fast-check';
import type { EnvelopeSpec } from '../../../src/spec/envelope.js';
import {
  EDGE_FAMILIES,
  edgeSecret,
  fakeCredentialMember,
  fakeSecret,
  fakeSecretInProse,
  keyNamedMember,
  SECRET_FAMILIES,
  type EdgeFamily,
  type SecretFamily,
} from '../../common/secrets.js';
import { CLAIMS, NEGATED, unsupportedClaim } from '../boundary.js';
import { defineMember, textLeaves } from '../leaves.js';
import { getAt, setAt } from '../walk.js';
import type { EnvelopeMutator } from './mutation.js';

/** The instant of an RFC 3339 UTC date-time (seconds at most 59), to the millisecond (further digits dropped). */
const msOf = (iso: string): number =>
  Date.parse(`${iso.slice(0, 19)}.${(/\.(\d+)Z$/i.exec(iso)?.[1] ?? '').slice(0, 3).padEnd(3, '0')}Z`);

/** One expired case: the expiry (rewritten when the family needs its own spelling) and the clock. */
type Expiry = { expires: string; now: string; note?: string; alsoAllowed?: readonly string[] };

/**
 * The families of `expired`, each a way to reach the clock at or after the expiry, both written in
 * the same format (so a comparison of the texts agrees with the instants) except where the format
 * is the point:
 * - `at-expiry`, `just-after` (1 ms to 1 s), `long-after`;
 * - `mixed-precision`: the clock later (or, at the instant, equal) but written with another fraction
 *   length, so that the texts compare the other way ("...:00.5Z" sorts before "...:00Z");
 * - `long-fraction`: an expiry of 4 to 9 fraction digits, a clock a few ms later (read as
 *   milliseconds, "1234" would put the expiry 1.2 s later);
 * - `leap-second`: an expiry at `23:59:60` (RFC 3339 allows it; `Date.parse` gives NaN), the clock
 *   a second or more after it;
 * - `fine-clock`: an expiry of 4 to 9 fraction digits and the clock written to the same precision,
 *   at the very instant (or, where the instant itself is still valid, one nanosecond later): a
 *   clock read to the millisecond falls before the expiry.
 */
function expiryCase(family: string, expires: string, ms: number, digits: number, atExpiry: boolean): Expiry {
  const base = msOf(expires);
  const iso = (t: number) => new Date(t).toISOString();
  switch (family) {
    case 'at-expiry':
      return { expires: iso(base), now: iso(base) };
    case 'just-after':
      return { expires: iso(base), now: iso(base + 1 + (ms % 1000)) };
    case 'long-after':
      return { expires: iso(base), now: iso(base + 1001 + (ms % (20 * 365 * 86_400_000))) };
    case 'mixed-precision': {
      // Whole seconds against a fraction: equal instants only where the instant itself is too late.
      const second = Math.floor(base / 1000) * 1000;
      const later = atExpiry ? ms % 1000 : 1 + (ms % 999);
      const pairs: [string, string][] = [
        [`${iso(second).slice(0, 19)}Z`, iso(second + later)],
        [`${iso(second).slice(0, 19)}.5Z`, `${iso(second).slice(0, 19)}.5${atExpiry ? '0' : '1'}Z`],
        [`${iso(second).slice(0, 19)}.25Z`, `${iso(second).slice(0, 19)}.${atExpiry ? '250' : '251'}Z`],
      ];
      const [e, n] = pairs[ms % pairs.length]!;
      return { expires: e, now: n };
    }
    case 'long-fraction': {
      const second = Math.floor(base / 1000) * 1000;
      const fraction = `${1 + (ms % 9)}${String(ms % 1000).padStart(3, '0')}56789`.slice(0, digits);
      const exact = second + Number(`0.${fraction}`) * 1000;
      return { expires: `${iso(second).slice(0, 19)}.${fraction}Z`, now: iso(Math.ceil(exact) + 1 + (ms % 50)) };
    }
    case 'fine-clock': {
      const second = Math.floor(base / 1000) * 1000;
      // A fraction whose digits past the milliseconds are never all zero.
      const fraction = `${String(ms % 1000).padStart(3, '0')}${'567891'.slice(0, digits - 3)}`;
      const nanos = String(BigInt(fraction.padEnd(9, '0')) + (atExpiry ? 0n : 1n)).padStart(9, '0');
      const head = iso(second).slice(0, 19);
      return { expires: `${head}.${fraction}Z`, now: `${head}.${atExpiry ? fraction : nanos}Z` };
    }
    default: {
      // leap-second: the last second of June or December of the expiry's year, the clock after it.
      const year = new Date(base).getUTCFullYear();
      const [month, day] = ms % 2 ? ['06', '30'] : ['12', '31'];
      const leap = `${String(year).padStart(4, '0')}-${month}-${day}T23:59:60${ms % 3 ? '' : '.5'}Z`;
      const next = Date.UTC(year, month === '06' ? 6 : 12, 1);
      return { expires: leap, now: iso(next + 1000 + (ms % 86_400_000)), alsoAllowed: ['ENV-UTC-Z'] };
    }
  }
}

/**
 * ENV-EXPIRED: the clock at or after the expiry (D-ENV-07: the instant of expiry is already too
 * late), or, where the spec's envelopes expire only after `expires_at`, strictly after it; each
 * family (see `expiryCase`) drawn as often as the others. A leap-second expiry may be named a
 * malformed date-time instead: the envelope is invalid either way.
 */
export function expired(spec: EnvelopeSpec): EnvelopeMutator {
  const atExpiry = spec.expiry !== 'after';
  const families = [
    ...(atExpiry ? ['at-expiry'] : []),
    'just-after',
    'long-after',
    'mixed-precision',
    'long-fraction',
    'leap-second',
    'fine-clock',
  ];
  return {
    breaks: 'ENV-EXPIRED',
    families,
    mutate: (c) =>
      fc.tuple(fc.constantFrom(...families), fc.nat(), fc.integer({ min: 4, max: 9 })).map(([family, ms, digits]) => {
        const e = expiryCase(family, c.packet.delivery.expires_at, ms, digits, atExpiry);
        const packet = structuredClone(c.packet);
        packet.delivery.expires_at = e.expires;
        return {
          packet,
          now: e.now,
          family,
          note: `now ${e.now} is ${atExpiry ? 'not before' : 'after'} expires_at ${e.expires}`,
          at: '/delivery/expires_at',
          ...(e.alsoAllowed ? { alsoAllowed: e.alsoAllowed } : {}),
        };
      }),
  };
}

/** The family of a claim about `topic`: the topic, spaces as dashes. */
const claimFamily = (topic: string): string => topic.replace(/\s+/g, '-');

/** The claim families that are ways of writing or placing a claim, not topics (any topic can come in each). */
const CLAIM_FORMS = ['after-disclaimer', 'case-variant', 'unicode-spacing', 'nested-position'] as const;

/** Spaces other than U+0020 that a `\s` reads as white space. */
const UNICODE_SPACES = ['\u00a0', '\u2009', '\u3000', '\u202f'];

/** A claim sentence written in another case: the subject in lower or mixed case, or the whole sentence upper case. */
function caseVariant(sentence: string, pick: number): string {
  if (pick % 3 === 2) return sentence.toUpperCase();
  return sentence.replace(/UAIX/g, pick % 3 === 0 ? 'uaix' : 'Uaix');
}

/** The claim with the white space inside its topic phrase (as `spec` reads topics) replaced by a Unicode space; null when the phrase has none. */
function unicodeSpaced(spec: EnvelopeSpec, topic: string, sentence: string, pick: number): string | null {
  const m = new RegExp(spec.policy.claimTopics[topic]!, 'iu').exec(sentence);
  if (!m || !/\s/.test(m[0])) return null;
  const space = UNICODE_SPACES[pick % UNICODE_SPACES.length]!;
  return `${sentence.slice(0, m.index)}${m[0].replace(/\s+/g, space)}${sentence.slice(m.index + m[0].length)}`;
}

/** A disclaimer ending in a full stop, then the claim: a sentence apart, in the same text. */
function afterDisclaimer(sentence: string, pick: number): string {
  const disclaimer = NEGATED[pick % NEGATED.length]!.replace(/[.!?;]?$/, '.');
  return `${disclaimer}${[' ', '\n', '  ', '\r\n'][pick % 4]}${sentence}`;
}

/**
 * ENV-UNSUPPORTED-CLAIM: an affirmative claim that UAIX provides a service it does not. One family
 * per topic (the claim in a body text, appended to it unless that text holds a negation, which
 * would then share its text), and families for how a claim may be written or placed (any topic):
 * `after-disclaimer` (after a negated sentence of the same text: negation is read per sentence),
 * `case-variant` (`uaix`, `Uaix`, upper case), `unicode-spacing` (a no-break or other Unicode
 * space inside the topic phrase), `nested-position` (outside the body: a label, the fallback
 * directive, a lineage note, an extension's purpose, or a string deep in a free-form object).
 * Profiles whose body has no text are drawn for `nested-position` alone.
 */
export function unsupportedClaimAdded(spec: EnvelopeSpec): EnvelopeMutator {
  const negation = new RegExp(spec.policy.claimNegation, 'iu');
  const topics = Object.keys(CLAIMS);
  const families = [...topics.map(claimFamily), ...CLAIM_FORMS];
  return {
    breaks: 'ENV-UNSUPPORTED-CLAIM',
    families,
    mutate: (c) =>
      fc
        .tuple(fc.constantFrom(...families), unsupportedClaim(), fc.nat(), fc.nat())
        .map(([family, claim, pick, at]) => {
          const packet = structuredClone(c.packet);
          const leaves = textLeaves(spec, packet, c.profile);
          const body = leaves.filter((l) => l.where === 'body');
          let topic = claim.topic;
          let sentence = claim.sentence;
          if (!(CLAIM_FORMS as readonly string[]).includes(family)) {
            topic = topics.find((t) => claimFamily(t) === family)!;
            sentence = CLAIMS[topic]![pick % CLAIMS[topic]!.length]!;
          }
          if (family === 'nested-position') {
            const outside = leaves.filter((l) => l.where !== 'body');
            if (pick % 3 === 0 || outside.length === 0) {
              const free = packet.delivery.expected_output_schema as Record<string, unknown>;
              defineMember(free, 'x_review_notes', { entries: [{ text: sentence }] });
              return {
                packet,
                family,
                note: `/delivery/expected_output_schema/x_review_notes/entries/0/text: "${sentence}"`,
                at: '/delivery/expected_output_schema/x_review_notes/entries/0/text',
              };
            }
            const leaf = outside[at % outside.length]!;
            return {
              packet,
              family,
              note: placeClaim(packet, leaf.pointer, sentence, negation, pick),
              at: leaf.pointer,
            };
          }
          if (body.length === 0) return null;
          const leaf = body[at % body.length]!;
          if (family === 'case-variant') sentence = caseVariant(sentence, pick);
          if (family === 'unicode-spacing') {
            const spaced =
              unicodeSpaced(spec, topic, sentence, pick) ??
              unicodeSpaced(spec, 'hosted messaging', CLAIMS['hosted messaging']![0]!, pick)!;
            sentence = spaced;
          }
          if (family === 'after-disclaimer') {
            const text = afterDisclaimer(sentence, pick);
            setAt(packet, leaf.pointer, text);
            return { packet, family, note: `${leaf.pointer}: ${JSON.stringify(text)}`, at: leaf.pointer };
          }
          return { packet, family, note: placeClaim(packet, leaf.pointer, sentence, negation, pick), at: leaf.pointer };
        }),
  };
}

/** Puts a claim in the text at `pointer`: appended on a line of its own, or in its place where that text holds a negation (or one pick in two). */
function placeClaim(
  packet: Record<string, any>,
  pointer: string,
  sentence: string,
  negation: RegExp,
  pick: number,
): string {
  const old = getAt(packet, pointer) as string;
  const text = pick % 2 === 0 || negation.test(old) ? sentence : `${old}\n${sentence}`;
  setAt(packet, pointer, text);
  return `${pointer}: ${JSON.stringify(text)}`;
}

/** Where `secretInMemory` hides a secret besides the facts, by family; all but the first only where the whole packet is in scope (D-ENV-08). */
export const SECRET_POSITIONS = [
  'other-body-text',
  'envelope-text',
  'deep-free-form',
  'credential-member',
  'member-name',
] as const;

/**
 * How often each family of `secretInMemory` is drawn, against 1 for the others: the families with
 * several spellings to show in one default run (D-ENV-08) are drawn more often.
 */
const SECRET_WEIGHTS: Readonly<Record<string, number>> = { 'dsn-credentials': 2, 'credential-member': 5 };

/** A fresh member name for a free-form object (not one it has). */
function freshKey(object: Record<string, unknown>, base: string): string {
  let key = base;
  for (let i = 2; Object.hasOwn(object, key); i++) key = `${base}_${i}`;
  return key;
}

/** The member of a `credential-member` case: one of `keyNamedMember` five times in six, else one of the common credential names (each group as often as the common names). */
const credentialMember = fc.oneof(
  { weight: 1, arbitrary: fakeCredentialMember() },
  { weight: 5, arbitrary: keyNamedMember() },
);

/**
 * ENV-SECRET-IN-MEMORY: a (fake) secret in a memory proposal. One family per secret shape (the
 * secret, in prose, among the proposed facts; `jwt` and `credential-assignment` half the time, and
 * `dsn-credentials` two times in three, in a harder spelling of theirs, `edgeSecret`: an unsigned
 * JWT; a one-letter scheme with a password edged with x; the shortest DSN, nine characters, a fact
 * of its own; a credential value of two character classes), and one per position: `other-body-text`
 * (another text of the body: the task/execution separation, the support boundary), and where the
 * whole packet is in scope (`secretScope: "packet"`, D-ENV-08) `envelope-text` (a label, the
 * fallback directive, a lineage note, an extension's purpose), `deep-free-form` (a string two or
 * more levels inside `delivery.expected_output_schema`), `credential-member` (a credential-named
 * member of a free-form object whose value alone is no secret shape: `{"client_secret":
 * "FAKEexample0..."}`, five times in six a name of `KEY_NAME_GROUPS`: ending in an access key or a
 * private key, with `_`, `-`, a space or nothing between its words, or in a credential word and a
 * quote) and `member-name` (a secret as the name of a member of a
 * free-form object).
 */
export function secretInMemory(spec: EnvelopeSpec): EnvelopeMutator {
  const positions = SECRET_POSITIONS.filter((p) => spec.secretScope !== 'body' || p === 'other-body-text');
  const families = [...SECRET_FAMILIES, ...positions];
  return {
    breaks: 'ENV-SECRET-IN-MEMORY',
    families,
    mutate: (c) =>
      fc
        .oneof(...families.map((f) => ({ weight: SECRET_WEIGHTS[f] ?? 1, arbitrary: fc.constant(f) })))
        .chain((family) =>
          fc
            .tuple(
              (SECRET_FAMILIES as readonly string[]).includes(family)
                ? fakeSecretOf(family as SecretFamily)
                : fakeSecretInProse(),
              credentialMember,
              fc.nat(),
            )
            .map(([s, member, i]) => {
              const packet = structuredClone(c.packet);
              const where = plantSecret(
                spec,
                packet,
                c.profile,
                family,
                family === 'member-name' ? s.secret : s.text,
                member,
                i,
              );
              const what =
                family === 'credential-member'
                  ? `credential member ${JSON.stringify(member.key)}`
                  : 'variant' in s && s.variant
                    ? `${s.family} (${s.variant})`
                    : s.family;
              return {
                packet,
                family,
                note: `${where} carries a ${what}${family === 'member-name' ? ' as a member name' : ''}`,
                at: where,
              };
            }),
        ),
  };
}

/** Prose before and after a secret among the facts. */
const BEFORE = fc.constantFrom('', 'Observed in the task log: ', 'config said ', 'Échec de l’appel (');
const AFTER = fc.constantFrom('', '.', ')', '\r\nline two');

/**
 * A fake secret of one shape, alone or inside a sentence of a memory fact; for the families of
 * `EDGE_FAMILIES`, half the time (for `dsn-credentials`, two times in three) one of its harder
 * spellings, the shortest DSN always a fact of its own (nine characters in all).
 */
function fakeSecretOf(
  family: SecretFamily,
): fc.Arbitrary<{ family: string; secret: string; text: string; variant?: string }> {
  const common = fakeSecret(family).map((secret) => ({ secret, variant: undefined as string | undefined }));
  const drawn = (EDGE_FAMILIES as readonly string[]).includes(family)
    ? fc.oneof(
        { weight: 1, arbitrary: common },
        { weight: family === 'dsn-credentials' ? 2 : 1, arbitrary: edgeSecret(family as EdgeFamily) },
      )
    : common;
  return fc.tuple(drawn, BEFORE, AFTER).map(([{ secret, variant }, before, after]) => ({
    family,
    secret,
    text: variant === 'shortest' ? secret : `${before}${secret}${after}`,
    ...(variant ? { variant } : {}),
  }));
}

/** Puts the secret where `family` says, and answers the pointer of where it went. */
function plantSecret(
  spec: EnvelopeSpec,
  packet: Record<string, any>,
  profile: string,
  family: string,
  text: string,
  member: { key: string; value: string },
  i: number,
): string {
  const free = packet.delivery.expected_output_schema as Record<string, unknown>;
  switch (family) {
    case 'other-body-text': {
      const name = ['task_execution_separation', 'support_boundary'][i % 2]!;
      packet.body[name] = i % 4 < 2 ? `${packet.body[name]} ${text}` : text;
      return `/body/${name}`;
    }
    case 'envelope-text': {
      const leaves = textLeaves(spec, packet, profile).filter((l) => l.where === 'envelope');
      const leaf = leaves[i % leaves.length]!;
      setAt(packet, leaf.pointer, `${getAt(packet, leaf.pointer) as string}\n${text}`);
      return leaf.pointer;
    }
    case 'deep-free-form': {
      const key = freshKey(free, 'diagnostics');
      defineMember(free, key, i % 2 ? { upstream: { log: [text] } } : { last_call: { response: text } });
      return `/delivery/expected_output_schema/${key}`;
    }
    case 'credential-member': {
      const key = freshKey(free, 'auth');
      defineMember(free, key, i % 2 ? { [member.key]: member.value } : { client: { [member.key]: member.value } });
      return `/delivery/expected_output_schema/${key}`;
    }
    case 'member-name': {
      // The secret names a member; its value is no secret (a flag, a count, a short word).
      const key = freshKey(free, 'headers_seen');
      const inner: Record<string, unknown> = {};
      defineMember(inner, text, [true, 1, 'seen'][i % 3]);
      defineMember(free, key, i % 2 ? inner : { request: inner });
      return `/delivery/expected_output_schema/${key}`;
    }
    default: {
      const facts = packet.body.proposed_facts as string[];
      const at = i % (facts.length + 1);
      facts.splice(at, 0, text);
      return `/body/proposed_facts/${at}`;
    }
  }
}

/** ENV-COLD-MEMORY-PROMOTION: a cold memory record (as `spec` names it) proposed as current truth, without review. */
export function coldMemoryPromoted(spec: EnvelopeSpec): EnvelopeMutator {
  const cold = spec.policy.coldMemory;
  return {
    breaks: 'ENV-COLD-MEMORY-PROMOTION',
    families: ['cold-to-current'],
    mutate: (c) => {
      const packet = structuredClone(c.packet);
      packet.body.source_type = cold.sourceType;
      packet.body.proposed_status = cold.forbiddenStatus;
      packet.body.review_required = false;
      return fc.constant({
        packet,
        family: 'cold-to-current',
        note: `source_type ${cold.sourceType} proposed as ${cold.forbiddenStatus} without review`,
      });
    },
  };
}

/** A complete evidence item, as a final report carries them. */
const GOOD_ITEM = { kind: 'log', ref: 'urn:uaix:log:run-7', description: 'The test log of the run.' };

/** Hollow values of one member of an evidence item: absent, null, empty, white space, or not text. */
const HOLLOW: readonly unknown[] = [undefined, null, '', '  ', '\t\r\n', 7];

/** An evidence item with `member` hollow (absent when the value is `undefined`), the other member complete. */
function withHollow(member: 'ref' | 'description', value: unknown): Record<string, unknown> {
  const item: Record<string, unknown> = { ...GOOD_ITEM };
  if (value === undefined) delete item[member];
  else item[member] = value;
  return item;
}

/** The evidence lists of `hollowEvidence`, by family. */
const EVIDENCE: Record<string, (pick: number) => unknown[]> = {
  'empty-list': () => [],
  'blank-item': () => [{ kind: 'artifact', ref: '', description: '' }],
  'hollow-ref': (pick) => [withHollow('ref', HOLLOW[pick % HOLLOW.length])],
  'hollow-description': (pick) => [withHollow('description', HOLLOW[pick % HOLLOW.length])],
  'hollow-later-item': (pick) => [
    ...Array.from({ length: 1 + (pick % 2) }, () => ({ ...GOOD_ITEM })),
    { kind: 'artifact', ref: ['', ' '][pick % 2], description: ['', '\n'][pick % 2] },
  ],
  'non-object-item': (pick) => [
    ['The test log of the run.', null, ['log', 'urn:uaix:log:run-7', 'The test log.'], 'urn:uaix:log:run-7'][pick % 4],
  ],
};

/**
 * ENV-FINAL-REPORT-EVIDENCE: a final report whose evidence is empty or hollow (D-ENV-11), each family
 * as often as the others: no item; an item with a blank reference and description; an item whose
 * reference alone, or description alone, is absent, null, blank or not text; a complete item first
 * and a hollow one after it; an item that is not an object (text, null, a keyless-looking array).
 */
export const hollowEvidence: EnvelopeMutator = {
  breaks: 'ENV-FINAL-REPORT-EVIDENCE',
  families: Object.keys(EVIDENCE),
  mutate: (c) =>
    fc.tuple(fc.constantFrom(...Object.keys(EVIDENCE)), fc.nat()).map(([family, pick]) => {
      const packet = structuredClone(c.packet);
      packet.body.evidence = EVIDENCE[family]!(pick);
      return {
        packet,
        family,
        note: `/body/evidence is ${JSON.stringify(packet.body.evidence)}`,
        at: '/body/evidence',
      };
    }),
};

/** Values of `human_review_required` that are truthy but not `true`. */
const TRUTHY = ['true', 1, 'yes', [true], { required: true }];

/**
 * ENV-HUMAN-REVIEW-BLOCKER: a blocker of a type `spec` says needs human review (authorization,
 * secret...) that skips it: one family per type (`human_review_required: false`), and
 * `truthy-non-boolean` (a value a truthiness test takes for `true`: `"true"`, `1`, `[true]`...).
 */
export function blockerWithoutReview(spec: EnvelopeSpec): EnvelopeMutator {
  const types = spec.policy.humanReviewBlockerTypes;
  const families = [...types, 'truthy-non-boolean'];
  return {
    breaks: 'ENV-HUMAN-REVIEW-BLOCKER',
    families,
    mutate: (c) =>
      fc
        .tuple(fc.constantFrom(...families), fc.constantFrom(...types), fc.constantFrom(...TRUTHY))
        .map(([family, type, truthy]) => {
          const packet = structuredClone(c.packet);
          const nonBoolean = family === 'truthy-non-boolean';
          packet.body.blocker_type = nonBoolean ? type : family;
          packet.body.human_review_required = nonBoolean ? truthy : false;
          return {
            packet,
            family,
            note: `${packet.body.blocker_type} blocker with human_review_required ${JSON.stringify(packet.body.human_review_required)}`,
            at: '/body/human_review_required',
          };
        }),
  };
}
