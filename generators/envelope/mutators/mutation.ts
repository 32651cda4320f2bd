import fc from 'fast-check';
import type { EnvelopeSpec, FieldSpec } from '../../../src/spec/envelope.js';
import type { SpecData } from '../../../src/spec/index.js';
import type { Mutator } from '../../common/mutator.js';
import { envelopeOf, type EnvelopeCase, type UnsealedEnvelope } from '../envelope.js';
import { seal } from '../seal.js';
import { getAt } from '../walk.js';

/** An envelope case that breaks one validation expectation, and says how. */
export interface MutatedCase extends EnvelopeCase {
  /** The mutation family (evidence tag), e.g. `missing`, `offset-not-z`. */
  family: string;
  /** What was broken, in words, e.g. `removed /delivery/idempotency_key`. */
  note: string;
}

/** One break of a valid envelope: the new packet (and clock, when the clock is what breaks the rule). */
export interface EnvelopeMutation {
  packet: Record<string, any>;
  now?: string;
  family: string;
  note: string;
}

/**
 * A mutator of valid, unsealed envelopes. `mutate` never edits its input: fast-check calls the
 * maps again while shrinking, so each map edits its own clone.
 */
export interface EnvelopeMutator extends Mutator<UnsealedEnvelope, EnvelopeMutation> {
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
  readonly cases: fc.Arbitrary<MutatedCase>;
}

/**
 * Mutated, sealed cases: a valid envelope of `data` of one of `profiles` (every profile by default),
 * broken by `mutator`, then sealed again so that the checksum never breaks by accident. A draw the
 * mutator answers with `null` is discarded.
 */
export function mutated(data: SpecData, mutator: EnvelopeMutator, profiles?: readonly string[]): RejectionCases {
  const base = profiles ? fc.constantFrom(...profiles).chain((p) => envelopeOf(data, p)) : envelopeOf(data);
  const cases = fc
    .tuple(
      base
        .chain((c) => mutator.mutate({ ...c, packet: structuredClone(c.packet) }).map((m) => (m === null ? null : { c, m })))
        .filter((d): d is { c: UnsealedEnvelope; m: EnvelopeMutation } => d !== null),
      fc.constantFrom<'computed' | 'placeholder'>('computed', 'placeholder'),
    )
    .map(([{ c, m }, sealing]) => ({
      profile: c.profile,
      now: m.now ?? c.now,
      sealing,
      family: m.family,
      note: m.note,
      packet: seal(data.envelope, structuredClone(m.packet), sealing),
    }));
  return { breaks: mutator.breaks, alsoAllowed: mutator.alsoAllowed, cases };
}

/** The families of `malformedId()` values. */
export const MALFORMED_ID_FAMILIES = ['blank', 'whitespace-or-control-inside', 'wrong-type'] as const;

/** Values no identifier grammar accepts: blank, whitespace inside, controls, wrong JSON types. */
const MALFORMED_ID = fc.oneof(
  fc.constantFrom('', ' ', '\t', '   ').map((value) => ({ value: value as unknown, family: 'blank' })),
  fc.tuple(fc.constantFrom('corr', 'idem', 'agt'), fc.constantFrom(' ', '\t', '\n', '\r\n', '\u0000', ' \u00a0'), fc.stringMatching(/^[a-z0-9]{1,8}$/)).map(([p, ws, t]) => ({
    value: `${p}_${t}${ws}${t}` as unknown,
    family: 'whitespace-or-control-inside',
  })),
  fc.constantFrom<unknown>(42, 0, true, null, {}, [], ['corr_1']).map((value) => ({ value, family: 'wrong-type' })),
);

/** Values no identifier grammar accepts (built once: building `stringMatching` is costly). */
export function malformedId(): fc.Arbitrary<{ value: unknown; family: string }> {
  return MALFORMED_ID;
}

/** Every field of `spec` present in a packet, nested objects and arrays of objects included, with its pointer. */
export function presentFields(spec: EnvelopeSpec, packet: Record<string, any>, profile: string): { pointer: string; field: FieldSpec }[] {
  const out: { pointer: string; field: FieldSpec }[] = [];
  const visit = (fields: Record<string, FieldSpec>, at: string) => {
    for (const [name, field] of Object.entries(fields)) {
      const pointer = `${at}/${name}`;
      const v = getAt(packet, pointer);
      if (v === undefined) continue;
      out.push({ pointer, field });
      if (field.type === 'object') visit(spec.objects[field.layout]!.fields, pointer);
      if (field.type === 'array' && field.items.type === 'object') {
        const layout = spec.objects[field.items.layout]!.fields;
        (v as unknown[]).forEach((_, i) => visit(layout, `${pointer}/${i}`));
      }
    }
  };
  visit(spec.topLevel, '');
  visit(spec.profiles[profile]!.fields, '/body');
  return out;
}
