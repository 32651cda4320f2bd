import type { Adapter } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { bundledSpec } from '../../../src/spec/index.js';
import { bodyLayout, objectLayout, type FieldType, type ObjectLayout } from '../../../src/spec/envelope.js';
import type { ByFamily } from '../../helpers/broken.js';

/**
 * Broken keyless decoders of WIRE-MALFORMED-REJECTED by mutation family: the reference decoder
 * with one leniency that only that family's inputs need. A leniency reads the reference's refusal
 * (its message names where and why) and either repairs the input the way a lenient decoder would,
 * then decodes again, or lets the slot through. Those of WIRE-ROUNDTRIP (`decodingThen`) lose on the
 * way back what one careless copy loses. `describeGalleryFamilies` proves each: a default run fails
 * on a case of the family, and no case of another family is answered wrongly.
 */
const spec = bundledSpec().envelope;
const ref = referenceAdapter;
type Wire = unknown[];

/** What a leniency does with a refusal: repair the wire (decode it again), let it through, or refuse as well. */
type Leniency = (message: string, wire: Wire) => Wire | 'through' | null;

/** The array a reference path (`delivery`, `body[3]`, `provenance[4][0]`) names in a keyless envelope; undefined when none. */
function arrayAt(wire: Wire, at: string): unknown {
  const tokens = at.match(/^[a-z_]+|\[\d+\]/g) ?? [];
  let v: unknown = wire[spec.envelopeFields.indexOf(tokens[0] ?? '')];
  for (const t of tokens.slice(1)) v = Array.isArray(v) ? v[Number(t.slice(1, -1))] : undefined;
  return v;
}

/** A decoder with one leniency: the reference, but a refusal the leniency accepts is repaired or let through. */
function lenientDecoder(name: string, leniency: Leniency): Adapter {
  return {
    ...ref,
    describe: () => ({ name, version: '0' }),
    async fromKeyless(input) {
      let wire = input;
      for (let attempt = 0; ; attempt++) {
        try {
          return await ref.fromKeyless!(wire);
        } catch (e) {
          const repaired =
            attempt < 8 && Array.isArray(wire) ? leniency((e as Error).message, structuredClone(wire)) : null;
          if (repaired === null) throw e;
          if (repaired === 'through') return {};
          wire = repaired;
        }
      }
    },
  };
}

/** The JSON types a scalar slot may hold: a coercing decoder converts between them. */
const SCALARS = ['string', 'number', 'boolean'];

const BODY = spec.envelopeFields.indexOf('body');

/** An object with a numeric `length`, as a reader that only indexes and counts takes it: the array of its indexed values. */
function fromArrayLike(v: unknown): unknown {
  return v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    typeof (v as { length?: unknown }).length === 'number'
    ? Array.from(v as ArrayLike<unknown>)
    : v;
}

/** The layout of the array-encoded object a reference path (`source`, `body`, `provenance[4][0]`) names, in an envelope of `profile`; undefined when it names none. */
function layoutAt(at: string, profile: unknown): ObjectLayout | undefined {
  const tokens = at.match(/^[a-z_]+|\[\d+\]/g) ?? [];
  const first = tokens[0] ?? '';
  let cur: ObjectLayout | FieldType | undefined =
    first === 'body'
      ? typeof profile === 'string' && Object.hasOwn(spec.profiles, profile)
        ? bodyLayout(spec, profile)
        : undefined
      : spec.topLevel[first];
  const asLayout = (t: ObjectLayout | FieldType | undefined) =>
    t && 'type' in t && t.type === 'object' && objectLayout(spec, t.layout).keyless === 'array'
      ? objectLayout(spec, t.layout)
      : t;
  cur = asLayout(cur);
  for (const t of tokens.slice(1)) {
    const i = Number(t.slice(1, -1));
    if (cur === undefined) return undefined;
    if ('fields' in cur) {
      const name = (cur.keylessOrder ?? Object.keys(cur.fields))[i];
      cur = name == null ? undefined : asLayout(cur.fields[name]);
    } else cur = cur.type === 'array' ? asLayout(cur.items) : undefined;
  }
  return cur !== undefined && 'fields' in cur ? cur : undefined;
}

/** Whether `v` reads as the keyed form of an object of `layout`: a plain object whose every key is one of its members. */
const keyedFormOf = (v: unknown, layout: ObjectLayout): boolean =>
  v !== null &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Object.keys(v).length > 0 &&
  Object.keys(v).every((k) => Object.hasOwn(layout.fields, k));

/** Copies a JSON value member by member, by assignment (an own `__proto__` member sets the prototype instead, and is lost). */
function copyByAssignment(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(copyByAssignment);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) out[k] = copyByAssignment(x);
  return out;
}

/** A JSON value with the members `drop` names left out, at every depth. */
function dropMembers(v: unknown, drop: (x: unknown) => boolean): unknown {
  if (Array.isArray(v)) return v.map((x) => dropMembers(x, drop));
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v))
    if (!drop(x))
      Object.defineProperty(out, k, {
        value: dropMembers(x, drop),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  return out;
}

/** A decoder that post-processes what the reference decodes. */
function decodingThen(name: string, then: (keyed: unknown) => unknown): Adapter {
  return {
    ...ref,
    describe: () => ({ name, version: '0' }),
    fromKeyless: async (w) => then(await ref.fromKeyless!(w)),
  };
}

export const byFamily: ByFamily = {
  'WIRE-ROUNDTRIP': {
    'proto-key': decodingThen('copies decoded members by assignment (an own __proto__ is lost)', copyByAssignment),
    'null-in-free-form': decodingThen('takes null for an absent member everywhere, inside free-form objects too', (k) =>
      dropMembers(k, (x) => x === null),
    ),
    'falsy-slot': decodingThen('reads members with `||`, dropping those that hold false or 0', (k) =>
      dropMembers(k, (x) => x === false || x === 0),
    ),
  },
  'WIRE-MALFORMED-REJECTED': {
    'arity-short': lenientDecoder(
      'accepts an envelope one slot short, taking its missing last slot (extensions) for an empty list',
      (message, wire) => {
        const top = /^expected (\d+) top-level slots, found (\d+)$/.exec(message);
        return top && Number(top[2]) === Number(top[1]) - 1 && spec.envelopeFields.at(-1) === 'extensions'
          ? [...wire, []]
          : null;
      },
    ),
    'keyed-object': lenientDecoder('takes an array-encoded object in its keyed form too', (message, wire) => {
      const m = /^(.*): expected (?:array, found object|an array)$/.exec(message);
      const layout = m ? layoutAt(m[1]!, wire[1]) : undefined;
      if (!m || !layout) return null;
      const tokens = m[1]!.match(/^[a-z_]+|\[\d+\]/g)!;
      const parent = tokens.length === 1 ? wire : arrayAt(wire, m[1]!.slice(0, m[1]!.lastIndexOf('[')));
      const i = tokens.length === 1 ? spec.envelopeFields.indexOf(tokens[0]!) : Number(tokens.at(-1)!.slice(1, -1));
      return Array.isArray(parent) && keyedFormOf(parent[i], layout) ? 'through' : null;
    }),
    'reserved-slot': lenientDecoder(
      'types a reserved slot as an optional text (null or a non-empty string), not as null only',
      (message, wire) => {
        const m = /^(.*)\[(\d+)\]: reserved slot must be null$/.exec(message);
        const arr = m ? arrayAt(wire, m[1]!) : undefined;
        if (!m || !Array.isArray(arr) || typeof arr[Number(m[2])] !== 'string' || arr[Number(m[2])] === '') return null;
        arr[Number(m[2])] = null;
        return wire;
      },
    ),
    'not-an-array': {
      ...ref,
      describe: () => ({ name: 'parses JSON text and takes the values of an object', version: '0' }),
      fromKeyless(w) {
        const wire =
          typeof w === 'string'
            ? JSON.parse(w)
            : w !== null && typeof w === 'object' && !Array.isArray(w)
              ? Object.values(w)
              : w;
        return ref.fromKeyless!(wire);
      },
    },
    overflow: lenientDecoder('drops extra slots', (message, wire) => {
      const top = /^expected (\d+) top-level slots, found (\d+)$/.exec(message);
      if (top) return Number(top[2]) > Number(top[1]) ? wire.slice(0, Number(top[1])) : null;
      const m = /^(.*): expected (\d+) slots, found (\d+)$/.exec(message);
      const arr = m ? arrayAt(wire, m[1]!) : undefined;
      if (!m || !Array.isArray(arr) || Number(m[3]) <= Number(m[2])) return null;
      arr.length = Number(m[2]);
      return wire;
    }),
    'short-optional': lenientDecoder('takes missing trailing slots for null', (message, wire) => {
      const m = /^(.*): expected (\d+) slots, found (\d+)$/.exec(message);
      const arr = m ? arrayAt(wire, m[1]!) : undefined;
      if (!m || !Array.isArray(arr) || Number(m[3]) >= Number(m[2])) return null;
      while (arr.length < Number(m[2])) arr.push(null);
      return wire;
    }),
    'reserved-falsy': lenientDecoder('tests reserved slots for truthiness', (message, wire) => {
      const m = /^(.*)\[(\d+)\]: reserved slot must be null$/.exec(message);
      const arr = m ? arrayAt(wire, m[1]!) : undefined;
      if (!m || !Array.isArray(arr) || arr[Number(m[2])]) return null;
      arr[Number(m[2])] = null;
      return wire;
    }),
    'non-integer': lenientDecoder('checks integer slots for numbers only', (message) =>
      /: expected an integer$/.test(message) ? 'through' : null,
    ),
    'required-null': lenientDecoder('takes a null required slot for an absent member', (message) =>
      /required slot is null$/.test(message) ? 'through' : null,
    ),
    'slot-type': lenientDecoder('coerces scalar slots to the type they need', (message) => {
      const m = /: expected (\w+), found (\w+)$/.exec(message);
      return m && SCALARS.includes(m[1]!) && SCALARS.includes(m[2]!) ? 'through' : null;
    }),
    'array-for-object': lenientDecoder('takes an array for an object slot', (message) =>
      /: expected object, found array$/.test(message) ? 'through' : null,
    ),
    'array-like': {
      ...ref,
      describe: () => ({
        name: 'takes any object with a numeric length for an array, the envelope and its body alike',
        version: '0',
      }),
      fromKeyless(w) {
        const wire = fromArrayLike(w);
        return ref.fromKeyless!(Array.isArray(wire) ? wire.map((v, i) => (i === BODY ? fromArrayLike(v) : v)) : wire);
      },
    },
    'null-item': lenientDecoder('drops null items from arrays', (message, wire) => {
      const m = /^(.*)\[(\d+)\]: expected \w+, found null$/.exec(message);
      const items = m ? arrayAt(wire, m[1]!) : undefined;
      if (!m || !Array.isArray(items)) return null;
      items.splice(Number(m[2]), 1);
      return wire;
    }),
  },
};

/**
 * Further slips of a family, each caught by one variant of it alone (`families.test.ts` proves them
 * like `byFamily`): `overflow` at the envelope's own level, a reader of the twelve top-level slots
 * by index that never counts them (nested objects' slots it still counts).
 */
export const byVariant: ByFamily = {
  'WIRE-MALFORMED-REJECTED': {
    overflow: lenientDecoder('reads the twelve top-level slots by index, ignoring any after them', (message, wire) => {
      const top = /^expected (\d+) top-level slots, found (\d+)$/.exec(message);
      return top && Number(top[2]) > Number(top[1]) ? wire.slice(0, Number(top[1])) : null;
    }),
  },
};
