import type { Adapter } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { bundledSpec } from '../../../src/spec/index.js';
import type { ByFamily } from '../../helpers/broken.js';

/**
 * Broken keyless decoders of WIRE-MALFORMED-REJECTED by mutation family: the reference decoder
 * with one leniency that only that family's inputs need. A leniency reads the reference's refusal
 * (its message names where and why) and either repairs the input the way a lenient decoder would,
 * then decodes again, or lets the slot through. `describeGallery` proves each: a default run fails
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
          const repaired = attempt < 8 && Array.isArray(wire) ? leniency((e as Error).message, structuredClone(wire)) : null;
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
  return v !== null && typeof v === 'object' && !Array.isArray(v) && typeof (v as { length?: unknown }).length === 'number' ? Array.from(v as ArrayLike<unknown>) : v;
}

export const byFamily: ByFamily = {
  'WIRE-MALFORMED-REJECTED': {
    'not-an-array': {
      ...ref,
      describe: () => ({ name: 'parses JSON text and takes the values of an object', version: '0' }),
      fromKeyless(w) {
        const wire = typeof w === 'string' ? JSON.parse(w) : w !== null && typeof w === 'object' && !Array.isArray(w) ? Object.values(w) : w;
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
    'non-integer': lenientDecoder('checks integer slots for numbers only', (message) => (/: expected an integer$/.test(message) ? 'through' : null)),
    'required-null': lenientDecoder('takes a null required slot for an absent member', (message) => (/required slot is null$/.test(message) ? 'through' : null)),
    'slot-type': lenientDecoder('coerces scalar slots to the type they need', (message) => {
      const m = /: expected (\w+), found (\w+)$/.exec(message);
      return m && SCALARS.includes(m[1]!) && SCALARS.includes(m[2]!) ? 'through' : null;
    }),
    'array-for-object': lenientDecoder('takes an array for an object slot', (message) => (/: expected object, found array$/.test(message) ? 'through' : null)),
    'array-like': {
      ...ref,
      describe: () => ({ name: 'takes any object with a numeric length for an array, the envelope and its body alike', version: '0' }),
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
