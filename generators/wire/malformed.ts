import * as fc from 'fast-check';
import {
  bodyLayout,
  envelopeLayout,
  objectLayout,
  type EnvelopeSpec,
  type FieldType,
  type ObjectLayout,
} from '../../src/spec/envelope.js';
import type { SpecData } from '../../src/spec/index.js';
import { envelopeOf } from '../envelope/envelope.js';
import { seal } from '../envelope/seal.js';
import { getAt } from '../envelope/walk.js';
import { encodeKeyless } from './encode.js';

/** The ways `malformedWire` breaks a keyless envelope (evidence families); see `malformedWire`. */
export const MALFORMED_WIRE_FAMILIES = [
  'arity-short',
  'short-optional',
  'overflow',
  'slot-type',
  'non-integer',
  'keyed-object',
  'array-for-object',
  'reserved-slot',
  'reserved-falsy',
  'required-null',
  'not-an-array',
  'array-like',
  'null-item',
] as const;

export type MalformedWireFamily = (typeof MALFORMED_WIRE_FAMILIES)[number];

/** A keyless envelope broken in one way, with where and how. */
export interface MalformedWire {
  profile: string;
  wire: unknown;
  family: MalformedWireFamily;
  note: string;
}

/** An array-encoded object of a keyless envelope: where it is in the wire, where its keyed form is in the packet, its layout. */
interface Node {
  path: number[];
  keyed: string;
  layout: ObjectLayout;
}

/** A slot of an array-encoded object that holds a value: its node, index, field name and type. */
interface Slot {
  node: Node;
  i: number;
  name: string;
  type: FieldType & { required?: boolean };
}

/** Every array-encoded object of a keyless envelope of `spec`, with its layout and keyed pointer. */
function arrayNodes(spec: EnvelopeSpec, wire: unknown[], profile: string): Node[] {
  const nodes: Node[] = [{ path: [], keyed: '', layout: envelopeLayout(spec) }];
  const visitValue = (t: FieldType, v: unknown, path: number[], keyed: string) => {
    if (v === null || v === undefined) return;
    if (t.type === 'object') {
      const layout = objectLayout(spec, t.layout);
      if (layout.keyless === 'array') visitNode(layout, v as unknown[], path, keyed);
    } else if (t.type === 'array')
      (v as unknown[]).forEach((item, i) => visitValue(t.items, item, [...path, i], `${keyed}/${i}`));
  };
  const visitNode = (layout: ObjectLayout, arr: unknown[], path: number[], keyed: string) => {
    nodes.push({ path, keyed, layout });
    (layout.keylessOrder ?? []).forEach(
      (name, i) => name !== null && visitValue(layout.fields[name]!, arr[i], [...path, i], `${keyed}/${name}`),
    );
  };
  spec.envelopeFields.forEach((name, i) => {
    if (name === 'body') visitNode(bodyLayout(spec, profile), wire[i] as unknown[], [i], '/body');
    else visitValue(spec.topLevel[name]!, wire[i], [i], `/${name}`);
  });
  return nodes;
}

/** Every slot of every node that holds a value, with its field. */
function filledSlots(nodes: Node[], wire: unknown): Slot[] {
  return nodes.flatMap((node) => {
    const arr = at(wire, node.path);
    return (node.layout.keylessOrder ?? []).flatMap((name, i) =>
      name === null || arr[i] === null ? [] : [{ node, i, name, type: node.layout.fields[name]! }],
    );
  });
}

function at(root: unknown, path: number[]): unknown[] {
  let v = root as unknown[];
  for (const i of path) v = v[i] as unknown[];
  return v;
}

/** A value of another JSON type than `v` (an object becomes its JSON text: an array in its place is `array-for-object`). */
function otherType(v: unknown): unknown {
  if (typeof v === 'string') return v.length;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 0;
  if (Array.isArray(v)) return { items: v.length };
  return JSON.stringify(v);
}

/** Whether a slot's value travels as a JSON object: a free-form object, or an object kept keyed (D-WIRE-03). */
function isObjectSlot(spec: EnvelopeSpec, t: FieldType): boolean {
  return t.type === 'free-object' || (t.type === 'object' && objectLayout(spec, t.layout).keyless === 'object');
}

/** The last slot of a node, when it names a member (required or not). */
const lastField = (node: Node) => {
  const order = node.layout.keylessOrder ?? [];
  const name = order[order.length - 1];
  return name === null || name === undefined ? undefined : node.layout.fields[name];
};

/** The type of an array slot's items, when the slot is an array. */
const itemsOf = (t: FieldType): FieldType | undefined => (t.type === 'array' ? t.items : undefined);

/**
 * The profiles whose keyless envelopes hold, in an array-encoded object, an array of objects that
 * travel unchanged (D-WIRE-03: `corrected_fields`, evidence items, capability endpoints): where a
 * `null` item stands in an object's place. Every profile when the envelope's own objects hold one.
 */
function objectItemProfiles(spec: EnvelopeSpec): string[] {
  const holds = (t: FieldType, seen: Set<string>): boolean => {
    const items = itemsOf(t);
    if (items) return isObjectSlot(spec, items) || holds(items, seen);
    if (t.type !== 'object' || seen.has(t.layout)) return false;
    seen.add(t.layout);
    const layout = objectLayout(spec, t.layout);
    return layout.keyless === 'array' && Object.values(layout.fields).some((f) => holds(f, seen));
  };
  const inLayout = (layout: ObjectLayout) => Object.values(layout.fields).some((f) => holds(f, new Set()));
  const names = Object.keys(spec.profiles);
  return inLayout(envelopeLayout(spec)) ? names : names.filter((p) => inLayout(bodyLayout(spec, p)));
}

/**
 * Keyless envelopes of `data` broken in one way (001 §Formato de transferencia; D-WIRE-02, D-WIRE-04),
 * each family drawn as often as another, from the pack's own encoding of a valid envelope:
 * - `arity-short` (the last slot, a required one, missing), `short-optional` (the last slot, an
 *   optional one, missing: a reader that takes a missing slot for `null` accepts it), `overflow`
 *   (an extra slot, `null` or a value; in half the cases a 13th slot of the envelope itself, which a
 *   reader of the twelve slots by index never looks at);
 * - `slot-type` (a slot of another JSON type), `non-integer` (1.5 in an integer slot),
 *   `keyed-object` (an array-encoded object sent in its keyed form), `array-for-object` (an array
 *   where a free-form or keyed object goes);
 * - `reserved-slot` (a reserved slot holding text), `reserved-falsy` (`""`, `0` or `false` there),
 *   `required-null` (a required slot `null`), `not-an-array` (the envelope as an object or JSON text);
 * - `array-like` (the envelope, or its body, as an array-like object `{"0": …, "length": n}` whose
 *   slots are all well formed: a reader that indexes it and reads its length finds nothing wrong);
 * - `null-item` (an item of an array `null`: of an array of objects that travel unchanged, whose
 *   profiles it draws, else of any array; a reader that types `null` as an object accepts it).
 */
export function malformedWire(data: SpecData): fc.Arbitrary<MalformedWire> {
  const spec = data.envelope;
  const itemProfiles = objectItemProfiles(spec);
  const BODY = spec.envelopeFields.indexOf('body');
  return fc
    .tuple(fc.constantFrom(...MALFORMED_WIRE_FAMILIES), fc.nat(), fc.nat())
    .chain(([family, pickNode, pickSlot]) => {
      const profile =
        family === 'null-item' && itemProfiles.length > 0 ? itemProfiles[pickNode % itemProfiles.length] : undefined;
      return envelopeOf(data, profile).map((c) => [c, family, pickNode, pickSlot] as const);
    })
    .map(([c, family, pickNode, pickSlot]): MalformedWire | null => {
      const packet = seal(spec, c.packet, 'placeholder');
      const wire = encodeKeyless(spec, packet);
      const nodes = arrayNodes(spec, wire, c.profile);
      const slots = filledSlots(nodes, wire);
      const done = (note: string, w: unknown = wire): MalformedWire => ({ profile: c.profile, wire: w, family, note });
      const pick = <T>(list: T[], n: number): T | null => (list.length ? list[n % list.length]! : null);
      const where = (node: Node) => `/${node.path.join('/')}`;
      switch (family) {
        case 'not-an-array':
          return done('the keyless envelope is not an array', pickSlot % 2 ? { ...wire } : JSON.stringify(wire));
        case 'array-like': {
          const arrayLike = (arr: unknown[]) => ({ ...arr, length: arr.length });
          if (pickSlot % 2) return done('the keyless envelope is an array-like object', arrayLike(wire));
          wire[BODY] = arrayLike(wire[BODY] as unknown[]);
          return done(`the body (slot ${BODY}) is an array-like object`);
        }
        case 'null-item': {
          const lists = slots.filter((s) => itemsOf(s.type) !== undefined);
          const ofObjects = lists.filter((s) => isObjectSlot(spec, itemsOf(s.type)!));
          const list = pick(ofObjects.length ? ofObjects : lists, pickSlot);
          if (!list) return null;
          const items = at(wire, list.node.path)[list.i] as unknown[];
          const k = items.length ? pickNode % items.length : 0;
          items[k] = null;
          return done(`${where(list.node)}/${list.i}/${k} (an item of ${list.name}) is null`);
        }
        case 'reserved-slot':
        case 'reserved-falsy': {
          const node = pick(
            nodes.filter((n) => n.layout.keylessOrder?.includes(null)),
            pickNode,
          )!;
          const slot = node.layout.keylessOrder!.indexOf(null);
          const value = family === 'reserved-slot' ? 'unexpected' : ['', 0, false][pickSlot % 3];
          at(wire, node.path)[slot] = value;
          return done(`reserved slot ${slot} of ${where(node)} holds ${JSON.stringify(value)}`);
        }
        case 'arity-short':
        case 'short-optional': {
          const node = pick(
            nodes.filter((n) => (family === 'arity-short') === (lastField(n)?.required === true)),
            pickNode,
          );
          if (!node) return null;
          const arr = at(wire, node.path);
          arr.pop();
          return done(`${where(node)} has ${arr.length} slots, needs ${arr.length + 1}`);
        }
        case 'overflow': {
          const node = pickNode % 2 ? pick(nodes.slice(1), Math.floor(pickNode / 2))! : nodes[0]!;
          const arr = at(wire, node.path);
          arr.push(pickSlot % 2 ? null : 'overflow');
          return done(`${where(node)} has an extra slot ${arr.length - 1}`);
        }
        case 'keyed-object': {
          const node = pick(
            nodes.filter((n) => n.path.length > 0),
            pickNode,
          )!;
          const parent = at(wire, node.path.slice(0, -1));
          parent[node.path[node.path.length - 1]!] = structuredClone(getAt(packet, node.keyed));
          return done(`${where(node)} sent in its keyed form`);
        }
        case 'array-for-object': {
          const slot = pick(
            slots.filter((s) => isObjectSlot(spec, s.type)),
            pickSlot,
          );
          const item = slots.filter(
            (s) =>
              s.type.type === 'array' &&
              isObjectSlot(spec, (s.type as { items: FieldType }).items) &&
              (at(wire, s.node.path)[s.i] as unknown[]).length > 0,
          );
          if (!slot && item.length === 0) return null;
          if (slot && (pickNode % 2 === 0 || item.length === 0)) {
            const arr = at(wire, slot.node.path);
            arr[slot.i] = pickNode % 4 < 2 ? [] : [arr[slot.i]];
            return done(`${where(slot.node)}/${slot.i} (${slot.name}) holds an array`);
          }
          const list = item[pickNode % item.length]!;
          const items = at(wire, list.node.path)[list.i] as unknown[];
          items[0] = Object.values(items[0] as object);
          return done(`${where(list.node)}/${list.i}/0 (an item of ${list.name}) holds an array`);
        }
        case 'non-integer': {
          const slot = pick(
            slots.filter((s) => s.type.type === 'integer'),
            pickSlot,
          )!;
          at(wire, slot.node.path)[slot.i] = [1.5, 0.5, 2.25][pickNode % 3];
          return done(`${where(slot.node)}/${slot.i} (${slot.name}) holds a fraction`);
        }
        case 'slot-type': {
          const slot = pick(slots, pickSlot)!;
          const arr = at(wire, slot.node.path);
          arr[slot.i] = otherType(arr[slot.i]);
          return done(`${where(slot.node)}/${slot.i} (${slot.name}) holds a ${typeof arr[slot.i]}`);
        }
        default: {
          const slot = pick(
            slots.filter((s) => s.type.required),
            pickSlot,
          )!;
          at(wire, slot.node.path)[slot.i] = null;
          return done(`${where(slot.node)}/${slot.i} (${slot.name}) is required but null`);
        }
      }
    })
    .filter((c): c is MalformedWire => c !== null);
}
