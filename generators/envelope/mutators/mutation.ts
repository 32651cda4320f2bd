import * as fc from 'fast-check';
import type { SpecData } from '../../../src/spec/index.js';
import { lazyStringMatching } from '../../common/lazy.js';
import type { Mutator } from '../../common/mutator.js';
import { envelopeOf, type EnvelopeCase, type UnsealedEnvelope } from '../envelope.js';
import { seal } from '../seal.js';
import { presentFields } from '../walk.js';

/** An envelope case that breaks one validation expectation, and says how. */
export interface MutatedCase extends EnvelopeCase {
  /** The mutation family (evidence tag), e.g. `missing`, `offset-not-z`. */
  family: string;
  /** What was broken, in words, e.g. `removed /delivery/idempotency_key`. */
  note: string;
  /** JSON Pointer into the packet at the member the mutation changed, added or removed, when it is one member. */
  at?: string;
  /** Check ids a finding may name besides the rule's, for this case alone (a leap-second expiry may be read as malformed). */
  alsoAllowed?: readonly string[];
}

/** One break of a valid envelope: the new packet (and clock, when the clock is what breaks the rule). */
export interface EnvelopeMutation {
  packet: Record<string, any>;
  now?: string;
  family: string;
  note: string;
  /** JSON Pointer into the packet at the one member changed, added or removed (what a failure highlights). */
  at?: string;
  alsoAllowed?: readonly string[];
  /** What is sent for the envelope once sealed, when it is not the envelope itself (its JSON text, the envelope inside an array). */
  wrap?: (packet: Record<string, any>) => unknown;
}

/**
 * A mutator of valid, unsealed envelopes. `mutate` never edits its input: fast-check calls the
 * maps again while shrinking, so each map edits its own clone.
 */
export interface EnvelopeMutator extends Mutator<UnsealedEnvelope, EnvelopeMutation> {
  /**
   * Drawn before the envelope, where what a case breaks narrows the profiles that have it (a kind of
   * field only some bodies hold): the profile to draw the envelope of (any when undefined), and the
   * plan `mutate` is then given.
   */
  readonly plan?: fc.Arbitrary<{ profile?: string; plan: unknown }>;
  mutate(input: UnsealedEnvelope, plan?: unknown): fc.Arbitrary<EnvelopeMutation | null>;
  /**
   * Check ids a conforming validator may name besides `breaks`, where the one break is also
   * another rule's (a removed correlation id is a missing required field and a missing id).
   */
  readonly alsoAllowed?: readonly string[];
}

/** The cases of a rejection check, and the rule every one of them breaks. */
export interface RejectionCases {
  /** The check id of the rule broken. */
  readonly breaks: string;
  /** Check ids a finding may name besides `breaks`. */
  readonly alsoAllowed?: readonly string[];
  /** Every family the cases carry: what a default run must reach (`reach`). */
  readonly families: readonly string[];
  readonly cases: fc.Arbitrary<MutatedCase>;
}

/** The packet a case sends: the sealed envelope, or what the mutation wraps it in (any JSON, then). */
const sent = (m: EnvelopeMutation, sealed: Record<string, any>): Record<string, any> =>
  m.wrap ? (m.wrap(sealed) as Record<string, any>) : sealed;

/**
 * Mutated, sealed cases: a valid envelope of `data` of one of `profiles` (every profile by default),
 * broken by `mutator`, then sealed again so that the checksum never breaks by accident. A draw the
 * mutator answers with `null` is discarded.
 */
export function mutated(data: SpecData, mutator: EnvelopeMutator, profiles?: readonly string[]): RejectionCases {
  const envelope = (profile?: string) =>
    profile !== undefined
      ? envelopeOf(data, profile)
      : profiles
        ? fc.constantFrom(...profiles).chain((p) => envelopeOf(data, p))
        : envelopeOf(data);
  const base: fc.Arbitrary<{ c: UnsealedEnvelope; plan?: unknown }> = mutator.plan
    ? mutator.plan.chain(({ profile, plan }) => envelope(profile).map((c) => ({ c, plan })))
    : envelope().map((c) => ({ c }));
  const cases = fc
    .tuple(
      base
        .chain(({ c, plan }) => mutator.mutate(c, plan).map((m) => (m === null ? null : { c, m })))
        .filter((d): d is { c: UnsealedEnvelope; m: EnvelopeMutation } => d !== null),
      fc.constantFrom<'computed' | 'placeholder'>('computed', 'placeholder'),
    )
    .map(([{ c, m }, sealing]) => ({
      profile: c.profile,
      now: m.now ?? c.now,
      sealing,
      family: m.family,
      note: m.note,
      ...(m.at !== undefined ? { at: m.at } : {}),
      ...(m.alsoAllowed ? { alsoAllowed: m.alsoAllowed } : {}),
      packet: sent(m, seal(data.envelope, m.packet, sealing)),
    }));
  return { breaks: mutator.breaks, alsoAllowed: mutator.alsoAllowed, families: mutator.families, cases };
}

/** The families of `malformedId()` values. */
export const MALFORMED_ID_FAMILIES = ['blank', 'whitespace-or-control-inside', 'padded', 'wrong-type'] as const;

export type MalformedIdFamily = (typeof MALFORMED_ID_FAMILIES)[number];

/** Values no identifier grammar accepts, by family (built once, its `stringMatching` on first use: making one is costly). */
const MALFORMED_ID: Record<Exclude<MalformedIdFamily, 'padded'>, fc.Arbitrary<unknown>> = {
  blank: fc.constantFrom('', ' ', '\t', '   '),
  'whitespace-or-control-inside': fc
    .tuple(
      fc.constantFrom('corr', 'idem', 'agt'),
      fc.constantFrom(' ', '\t', '\n', '\r\n', '\u0000', ' \u00a0'),
      lazyStringMatching(/^[a-z0-9]{1,8}$/),
    )
    .map(([p, ws, t]) => `${p}_${t}${ws}${t}`),
  'wrong-type': fc.constantFrom<unknown>(42, 0, true, null, {}, [], ['corr_1']),
};

/** White space before or after a well-formed value, as a trimming reader would forgive (U+00A0 too). */
const PADDING = fc.constantFrom<[string, string]>(
  [' ', ''],
  ['', ' '],
  ['\t', ''],
  ['', '\n'],
  ['', '\r\n'],
  ['\u00a0', ''],
  [' ', ' '],
);

/**
 * Values no identifier grammar accepts (D-ENV-01), the family drawn first so that each shows up
 * as often as the others: blank, white space or a control character inside, `base` (a well-formed
 * value) with white space at an end, and other JSON types.
 */
export function malformedId(base = 'corr_0a1b'): fc.Arbitrary<{ value: unknown; family: MalformedIdFamily }> {
  return fc
    .constantFrom(...MALFORMED_ID_FAMILIES)
    .chain((family) => malformedIdOf(family, base).map((value) => ({ value, family })));
}

/** Malformed identifier values of one family (`base`: the well-formed value a padded one pads). */
export function malformedIdOf(family: MalformedIdFamily, base = 'corr_0a1b'): fc.Arbitrary<unknown> {
  return family === 'padded' ? PADDING.map(([a, b]) => `${a}${base}${b}`) : MALFORMED_ID[family];
}

export { presentFields };
