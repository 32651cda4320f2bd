import * as fc from 'fast-check';
import type { EnvelopeSpec, FieldSpec, FieldType } from '../../../src/spec/envelope.js';
import { getAt, setAt } from '../walk.js';
import { presentFields, type EnvelopeMutator } from './mutation.js';
import { PROTOTYPE_NAMES } from './structure.js';

/**
 * Where another check owns a field's malformed values (its own rule names them, D-ENV-16): the
 * profile, the correlation id, the idempotency key, the fallback directive, the identities, the
 * checksum, the final report's evidence and a blocker's review flag. Date-time fields are ENV-UTC-Z's.
 */
const OWNED = [
  /^\/profile$/,
  /^\/conversation\/correlation_id$/,
  /^\/delivery\/idempotency_key$/,
  /^\/delivery\/fallback_directive$/,
  /^\/(source|target)(\/|$)/,
  /^\/integrity\/checksum$/,
];
const OWNED_IN: Record<string, RegExp[]> = {
  'uai.agent.final-report.v1': [/^\/body\/evidence(\/|$)/],
  'uai.agent.blocker.v1': [/^\/body\/human_review_required$/],
};

/**
 * The fields `wrongValue` may break (D-ENV-16): present, of a type a seed or the public notes
 * state (basis `seed` or `notes`, as D-ENV-05 reads requiredness), scalar or a list, and owned by
 * no other check.
 */
function judgedFields(
  spec: EnvelopeSpec,
  packet: Record<string, any>,
  profile: string,
): { pointer: string; field: FieldSpec }[] {
  const judged = judgedIn(profile);
  return presentFields(spec, packet, profile).filter(({ pointer, field }) => judged(field, pointer));
}

/** Types `wrongValue` never breaks: a timestamp (ENV-UTC-Z's), containers (read member by member), the body, the profile. */
const UNJUDGED_TYPES: readonly string[] = ['date-time', 'object', 'free-object', 'body', 'profile'];

/** Whether `wrongValue` may break `field` at `pointer` in an envelope of `profile`: typed by a seed or the notes, and owned by no other check. */
function judgedIn(profile: string): (field: FieldSpec, pointer: string) => boolean {
  const owned = [...OWNED, ...(OWNED_IN[profile] ?? [])];
  return (field, pointer) =>
    field.basis !== 'pinned' && !owned.some((re) => re.test(pointer)) && !UNJUDGED_TYPES.includes(field.type);
}

/** The JSON type and the pattern and vocabulary (if any) a value of `t` must have under `spec`. */
function shapeOf(spec: EnvelopeSpec, t: FieldType): { json: string; pattern?: RegExp; values?: readonly unknown[] } {
  switch (t.type) {
    case 'boolean':
    case 'integer':
    case 'number':
      return { json: t.type };
    case 'enum':
      return { json: 'string', values: t.values };
    case 'const':
      return { json: typeof t.value, values: [t.value] };
    case 'profile':
      return { json: 'string', values: Object.keys(spec.profiles) };
    case 'array':
    case 'opaque-array':
      return { json: 'array' };
    default: {
      const base = Object.hasOwn(spec.types, t.type) ? spec.types[t.type]! : { json: 'string' };
      return {
        json: base.json,
        ...(base.pattern ? { pattern: new RegExp(base.pattern, 'u') } : {}),
        ...(base.enum ? { values: base.enum } : {}),
      };
    }
  }
}

/**
 * Whether `value` is a value of `t` under `spec`, read the generators' own way (JSON type, range,
 * vocabulary, pattern): a candidate break is kept only where this says no, so that a spec that
 * widens a type never gets a valid value as a break. Formats (uri-reference) are not read: every
 * candidate here breaks the pattern or the type as well.
 */
function admits(spec: EnvelopeSpec, t: FieldType, value: unknown): boolean {
  const s = shapeOf(spec, t);
  const json = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
  if (s.json === 'integer' ? !Number.isInteger(value) : s.json === 'number' ? json !== 'number' : json !== s.json)
    return false;
  if (t.type === 'integer' || t.type === 'number') {
    if (t.minimum !== undefined && (value as number) < t.minimum) return false;
    if (t.maximum !== undefined && (value as number) > t.maximum) return false;
  }
  if (s.values && !s.values.includes(value)) return false;
  if (s.pattern && !s.pattern.test(value as string)) return false;
  if (t.type === 'opaque-array')
    return (value as unknown[]).every((item) => item !== null && typeof item === 'object' && !Array.isArray(item));
  if (t.type === 'array') {
    const items = value as unknown[];
    if (t.minItems !== undefined && items.length < t.minItems) return false;
    return items.every((item) => admits(spec, t.items, item));
  }
  return true;
}

/** Values of another JSON type that are no reading of `v` (a number or boolean where text is wanted, a number for a flag, a container). */
function otherJsonType(t: FieldType, v: unknown): unknown[] {
  switch (t.type) {
    case 'array':
      // A list given another type is a missing one (D-ENV-05: ENV-REQUIRED-FIELDS' container-type).
      return [];
    case 'boolean':
      return [1, 0, 2, 'maybe', {}, [v]];
    case 'integer':
    case 'number':
      return [true, false, 'many', {}, [v]];
    default:
      return typeof v === 'string' ? [7, 0, true, false, {}, [v], { value: v }] : ['x', true, {}, [v]];
  }
}

/** The value `v` (a flag or a number) spelled as text: what a coercing reader takes for it. */
function spelled(v: unknown): unknown[] {
  if (typeof v === 'boolean') return [String(v), String(v).toUpperCase(), v ? 'True' : 'False', ` ${v}`];
  if (typeof v === 'number')
    return [String(v), ` ${v}`, `${v} `, v === 0 ? '0.0' : `${v}.0`, `+${v}`, v === 0 ? '0e0' : `${v}e0`, `0${v}`];
  return [];
}

/**
 * Numbers past a numeric field's bound (below a bound of 0 or more, only negative numbers: whether
 * `0` is a usable timeout no seed says), by one or by a hair, or not whole where an integer is wanted.
 */
function outOfRange(t: FieldType, v: unknown): unknown[] {
  if (t.type !== 'integer' && t.type !== 'number') return [];
  const out: unknown[] = [];
  if (t.minimum !== undefined) {
    const below = Math.min(t.minimum, 0);
    out.push(below - 1, below - 0.5, below - 1e-9, below - 1000);
  }
  if (t.maximum !== undefined) out.push(t.maximum + 1, t.maximum + 0.001, t.maximum * 10 + 1);
  if (t.type === 'integer') out.push((v as number) + 0.5, (v as number) + 1e-6, 1.5);
  return out;
}

/** Texts near a closed vocabulary's value `v` that are not in it: case, white space, a prototype name, an affix. */
function outOfVocabulary(t: FieldType, v: unknown, n: number): unknown[] {
  if ((t.type !== 'enum' && t.type !== 'const') || typeof v !== 'string') return [];
  const proto = PROTOTYPE_NAMES[n % PROTOTYPE_NAMES.length]!;
  return [
    v.toUpperCase(),
    `${v[0]!.toUpperCase()}${v.slice(1)}`,
    ` ${v}`,
    `${v} `,
    `${v}\n`,
    proto,
    `${v}s`,
    `${v}_x`,
    `x${v}`,
    v.replace(/_/g, '-'),
    /^\d+\.\d+$/.test(v) ? `${v}0` : `${v}.0`,
    '',
  ];
}

/**
 * Texts that break a text type (a token, a URI reference, a text) in the ways D-ENV-01 to D-ENV-03
 * allow a break: blank, white space or a control character inside, white space at an end. A
 * candidate a type admits (a text may hold spaces) is dropped by `wrongValue`.
 */
function malformedText(t: FieldType, v: unknown): unknown[] {
  if (typeof v !== 'string' || t.type === 'enum' || t.type === 'const') return [];
  const mid = Math.max(1, Math.floor(v.length / 2));
  // ASCII white space only: whether a no-break space is a space, D-ENV-01 and D-ENV-02 leave open.
  return [
    '',
    ' ',
    '\t\n',
    `${v.slice(0, mid)} ${v.slice(mid)}`,
    ` ${v}`,
    `${v} `,
    `${v}\n`,
    `\t${v}`,
    `${v.slice(0, mid)}\u0000${v.slice(mid)}`,
    `${v.slice(0, mid)}\u0007${v.slice(mid)}`,
  ];
}

/** List members broken: emptied below its minimum, or one item of another type (a number, an object, a blank, a name outside the registry). */
function brokenList(spec: EnvelopeSpec, t: FieldType, v: unknown, n: number): unknown[] {
  // An item of a list of objects given another type is a missing object (D-ENV-05: ENV-REQUIRED-FIELDS);
  // the items of an opaque list (a uai.error.v1 body's sub_errors) are objects the envelope reads no further.
  if (!Array.isArray(v)) return [];
  if (t.type === 'opaque-array') return [7, 'x', true, []].map((item) => [...structuredClone(v), item]);
  if (t.type !== 'array' || t.items.type === 'object') return [];
  const at = v.length ? n % v.length : 0;
  const withItem = (item: unknown) => {
    const copy = structuredClone(v);
    copy.splice(at, v.length ? 1 : 0, item);
    return copy;
  };
  const items: unknown[] = [7, true, {}, [], '', ' '];
  if (t.items.type === 'profile')
    items.push('uai.agent.unknown.v1', 'constructor', Object.keys(spec.profiles)[0]!.toUpperCase());
  if (typeof v[0] === 'string') items.push(` ${v[0]}`);
  return [...(t.minItems !== undefined && t.minItems > 0 ? [[]] : []), ...items.map(withItem)];
}

/** The ways `wrongValue` breaks a field, by family: the candidate values for a field of type `t` whose value is `v`. */
const FIELD_FAMILIES: Record<string, (spec: EnvelopeSpec, t: FieldType, v: unknown, n: number) => unknown[]> = {
  'json-type': (_s, t, v) => otherJsonType(t, v),
  'spelled-value': (_s, _t, v) => spelled(v),
  'out-of-range': (_s, t, v) => outOfRange(t, v),
  'not-in-vocabulary': (_s, t, v, n) => outOfVocabulary(t, v, n),
  'malformed-text': (_s, t, v) => malformedText(t, v),
  'list-member': (s, t, v, n) => brokenList(s, t, v, n),
};

/** What `not-an-object` sends for the (sealed) envelope: its JSON text, the envelope inside an array, a scalar. */
const NOT_AN_OBJECT: { what: string; wrap: (packet: Record<string, unknown>) => unknown }[] = [
  { what: 'its JSON text', wrap: (p) => JSON.stringify(p) },
  { what: 'the one item of an array', wrap: (p) => [p] },
  { what: 'null', wrap: () => null },
  { what: 'the number 0', wrap: () => 0 },
  { what: 'true', wrap: () => true },
  { what: 'its profile name alone', wrap: (p) => p.profile },
  { what: 'an empty array', wrap: () => [] },
];

/** What a field is, as far as breaking its value goes: `wrongValue` draws one of these first, then a profile that has it. */
type Kind = 'boolean' | 'integer' | 'number' | 'enum' | 'const' | 'token' | 'text' | 'uri-reference' | 'list' | 'other';

function kindOf(t: FieldType): Kind {
  if (t.type === 'array' || t.type === 'opaque-array') return 'list';
  return (
    (['boolean', 'integer', 'number', 'enum', 'const', 'token', 'text', 'uri-reference'] as const).find(
      (k) => k === t.type,
    ) ?? 'other'
  );
}

/**
 * The kinds of field each family breaks, as the part of a case drawn before the envelope: for
 * `out-of-range` and `list-member`, the way (a minimum, a maximum, a fraction; a short list, an item).
 */
const KINDS: Record<string, readonly string[]> = {
  'json-type': ['boolean', 'numeric', 'string'],
  'spelled-value': ['boolean', 'numeric'],
  'out-of-range': ['below-minimum', 'above-maximum', 'fraction'],
  'not-in-vocabulary': ['enum', 'const'],
  'malformed-text': ['token', 'text', 'uri-reference'],
  'list-member': ['short-list', 'list-item'],
};

/** Whether a field of type `t` is of `kind` (a kind of `KINDS`). */
function isOfKind(t: FieldType, kind: string): boolean {
  switch (kind) {
    case 'below-minimum':
      return (t.type === 'integer' || t.type === 'number') && t.minimum !== undefined;
    case 'above-maximum':
      return (t.type === 'integer' || t.type === 'number') && t.maximum !== undefined;
    case 'fraction':
      return t.type === 'integer';
    case 'short-list':
      return t.type === 'array' && t.items.type !== 'object' && (t.minItems ?? 0) > 0;
    case 'list-item':
      return (t.type === 'array' && t.items.type !== 'object') || t.type === 'opaque-array';
    case 'numeric':
      return t.type === 'integer' || t.type === 'number';
    case 'string':
      return (
        ['enum', 'token', 'text', 'uri-reference'].includes(t.type) ||
        (t.type === 'const' && typeof t.value === 'string')
      );
    default:
      return kindOf(t) === kind;
  }
}

/** Whether a candidate value breaks a field the way `kind` says (a number below the minimum for `below-minimum`). */
function breaksAsKind(t: FieldType, kind: string, value: unknown): boolean {
  if (t.type !== 'integer' && t.type !== 'number')
    return (
      kind !== 'short-list' || (Array.isArray(value) && value.length < ((t as { minItems?: number }).minItems ?? 0))
    );
  if (kind === 'below-minimum') return typeof value === 'number' && value < t.minimum!;
  if (kind === 'above-maximum') return typeof value === 'number' && value > t.maximum!;
  if (kind === 'fraction') return typeof value === 'number' && !Number.isInteger(value);
  return true;
}

/**
 * The types of the fields `wrongValue` may break in an envelope of `profile`, read from the spec
 * alone (the schematic twin of `judgedFields`, a list item standing at index 0).
 */
function judgedTypes(spec: EnvelopeSpec, profile: string): FieldType[] {
  const judged = judgedIn(profile);
  const out: FieldType[] = [];
  const visit = (fields: Record<string, FieldSpec>, at: string) => {
    for (const [name, field] of Object.entries(fields)) {
      const pointer = `${at}/${name}`;
      if (field.type === 'object') visit(spec.objects[field.layout]!.fields, pointer);
      else if (field.type === 'array' && field.items.type === 'object')
        visit(spec.objects[field.items.layout]!.fields, `${pointer}/0`);
      if (judged(field, pointer)) out.push(field);
    }
  };
  visit(spec.topLevel, '');
  visit(spec.profiles[profile]!.fields, '/body');
  return out;
}

/**
 * ENV-FIELD-TYPE: a declared field holding a value its type does not admit (001 §Expectativas de
 * validación #1: strict schema validation; D-ENV-16). A case draws a family and a kind of field it
 * breaks (a flag, a number, a closed vocabulary, a token, a list...; `KINDS`), every pair as often
 * as the next, then an envelope of a profile that holds such a field, so that every kind shows in a
 * default run however few bodies hold it:
 * - `json-type`: a value of another JSON type that is no reading of the value (a number or a
 *   boolean where text is wanted, `1` or `2` for a flag, an object or a one-item list);
 * - `spelled-value`: a number or a flag written as text (`"true"`, `"300000"`, `" 0"`, `"1e0"`):
 *   what a coercing validator takes for it;
 * - `out-of-range`: a number below its minimum or above its maximum, by one or by a hair, or not
 *   whole where an integer is wanted;
 * - `not-in-vocabulary`: a closed vocabulary's value in another case, padded, with an affix, or a
 *   JavaScript prototype name (`constructor`);
 * - `malformed-text`: a token, URI reference or text that is blank, holds white space or a control
 *   character, or has white space at an end;
 * - `list-member`: a list emptied below its minimum, or one item of another type (a number, a
 *   blank, a profile name outside the registry, an item of `sub_errors` that is no object);
 * - `not-an-object`: the envelope itself is no JSON object (its JSON text, inside an array, null, a scalar).
 * A field whose break another check owns is left to it (see `OWNED`).
 */
export function wrongValue(spec: EnvelopeSpec): EnvelopeMutator {
  const families = [...Object.keys(FIELD_FAMILIES), 'not-an-object'];
  const profiles = Object.keys(spec.profiles);
  const types = new Map(profiles.map((p) => [p, judgedTypes(spec, p)]));
  const holding = (kind: string) => profiles.filter((p) => types.get(p)!.some((t) => isOfKind(t, kind)));
  // One (family, kind) pair as likely as the next: a family is drawn as often as it has kinds, each kind of a family
  // (about one case in sixteen) at least once in a default run with a probability above 0.99.
  type Plan = { profile?: string; plan: { family: string; kind: string } };
  const pairs = families.flatMap((family) =>
    family === 'not-an-object'
      ? [[family, '']]
      : KINDS[family]!.filter((k) => holding(k).length > 0).map((k) => [family, k]),
  );
  const plan = fc.constantFrom(...pairs).chain(([family, kind]): fc.Arbitrary<Plan> => {
    if (family === 'not-an-object') return fc.constant({ plan: { family: family!, kind: '' } });
    return fc.constantFrom(...holding(kind!)).map((profile) => ({ profile, plan: { family: family!, kind: kind! } }));
  });
  return {
    breaks: 'ENV-FIELD-TYPE',
    families,
    plan,
    mutate: (c, drawn) =>
      fc.tuple(fc.nat(), fc.nat()).map(([at, pick]) => {
        const { family, kind } = (drawn ?? { family: 'json-type', kind: 'text' }) as { family: string; kind: string };
        if (family === 'not-an-object') {
          const wrap = NOT_AN_OBJECT[pick % NOT_AN_OBJECT.length]!;
          return {
            packet: structuredClone(c.packet),
            wrap: wrap.wrap,
            family,
            note: `the envelope sent as ${wrap.what}`,
          };
        }
        const options = judgedFields(spec, c.packet, c.profile)
          .filter(({ field }) => isOfKind(field, kind))
          .flatMap(({ pointer, field }) => {
            const v = getAt(c.packet, pointer);
            return FIELD_FAMILIES[family]!(spec, field, v, pick)
              .filter((value) => value !== null && !admits(spec, field, value) && breaksAsKind(field, kind, value))
              .map((value) => ({ pointer, value, opaque: field.type === 'opaque-array' }));
          });
        // An optional field of the kind may be absent from this envelope: the draw is then discarded.
        if (options.length === 0) return null;
        // A field first, then one of its values: every field as likely as the next, whatever its count of values.
        const pointers = [...new Set(options.map((o) => o.pointer))];
        const pointer = pointers[at % pointers.length]!;
        const mine = options.filter((o) => o.pointer === pointer);
        const { value, opaque } = mine[pick % mine.length]!;
        const packet = structuredClone(c.packet);
        setAt(packet, pointer, structuredClone(value));
        // An opaque list's item that is no object is a missing object too, as D-ENV-05 reads it.
        return {
          packet,
          family,
          note: `${pointer} set to ${JSON.stringify(value)?.slice(0, 80)}`,
          at: pointer,
          ...(opaque ? { alsoAllowed: ['ENV-REQUIRED-FIELDS'] } : {}),
        };
      }),
  };
}
