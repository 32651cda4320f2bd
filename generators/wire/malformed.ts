import fc from 'fast-check';
import { bodyLayout, envelopeLayout, objectLayout, type EnvelopeSpec, type FieldType, type ObjectLayout } from '../../src/spec/envelope.js';
import type { SpecData } from '../../src/spec/index.js';
import { envelopeOf } from '../envelope/envelope.js';
import { seal } from '../envelope/seal.js';
import { encodeKeyless } from './encode.js';

/** A keyless envelope broken in one way, with where and how. */
export interface MalformedWire {
  profile: string;
  wire: unknown;
  family: 'arity-short' | 'overflow' | 'slot-type' | 'reserved-slot' | 'required-null' | 'not-an-array';
  note: string;
}

interface Node {
  path: number[];
  layout: ObjectLayout;
}

/** Every array-encoded object of a keyless envelope of `spec`, with its layout. */
function arrayNodes(spec: EnvelopeSpec, wire: unknown[], profile: string): Node[] {
  const nodes: Node[] = [{ path: [], layout: envelopeLayout(spec) }];
  const visitValue = (t: FieldType, v: unknown, path: number[]) => {
    if (v === null || v === undefined) return;
    if (t.type === 'object') {
      const layout = objectLayout(spec, t.layout);
      if (layout.keyless === 'array') visitNode(layout, v as unknown[], path);
    } else if (t.type === 'array') (v as unknown[]).forEach((item, i) => visitValue(t.items, item, [...path, i]));
  };
  const visitNode = (layout: ObjectLayout, arr: unknown[], path: number[]) => {
    nodes.push({ path, layout });
    (layout.keylessOrder ?? []).forEach((name, i) => name !== null && visitValue(layout.fields[name]!, arr[i], [...path, i]));
  };
  spec.envelopeFields.forEach((name, i) => {
    if (name === 'body') visitNode(bodyLayout(spec, profile), wire[i] as unknown[], [i]);
    else visitValue(spec.topLevel[name]!, wire[i], [i]);
  });
  return nodes;
}

function at(root: unknown, path: number[]): unknown[] {
  let v = root as unknown[];
  for (const i of path) v = v[i] as unknown[];
  return v;
}

/** A value of another JSON type than `v`. */
function otherType(v: unknown): unknown {
  if (typeof v === 'string') return v.length;
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 0;
  if (Array.isArray(v)) return { items: v.length };
  return [v];
}

/** The ways `malformedWire` breaks a keyless envelope (evidence families). */
export const MALFORMED_WIRE_FAMILIES: readonly MalformedWire['family'][] = ['arity-short', 'overflow', 'slot-type', 'reserved-slot', 'required-null', 'not-an-array'];

/**
 * Keyless envelopes of `data` with wrong arity, a slot of the wrong JSON type, an overflow slot, a
 * filled reserved slot, a required slot set to null, or no array at all (001 §Formato de
 * transferencia), broken from the pack's own encoding of a valid envelope.
 */
export function malformedWire(data: SpecData): fc.Arbitrary<MalformedWire> {
  const spec = data.envelope;
  return fc.tuple(envelopeOf(data), fc.nat(), fc.nat(), fc.constantFrom(...MALFORMED_WIRE_FAMILIES)).map(
    ([c, pickNode, pickSlot, family]) => {
      const wire = encodeKeyless(spec, seal(spec, structuredClone(c.packet), 'placeholder'));
      const nodes = arrayNodes(spec, wire, c.profile);
      if (family === 'not-an-array') {
        return { profile: c.profile, wire: pickSlot % 2 ? { ...wire } : JSON.stringify(wire), family, note: 'the keyless envelope is not an array' };
      }
      if (family === 'reserved-slot') {
        const withReserved = nodes.filter((n) => n.layout.keylessOrder?.includes(null));
        const node = withReserved[pickNode % withReserved.length]!;
        const slot = node.layout.keylessOrder!.indexOf(null);
        at(wire, node.path)[slot] = 'unexpected';
        return { profile: c.profile, wire, family, note: `reserved slot ${slot} of /${node.path.join('/')} filled` };
      }
      const node = nodes[pickNode % nodes.length]!;
      const arr = at(wire, node.path);
      const order = node.layout.keylessOrder ?? [];
      const where = `/${node.path.join('/')}`;
      if (family === 'arity-short') {
        arr.pop();
        return { profile: c.profile, wire, family, note: `${where} has ${arr.length} slots, needs ${order.length}` };
      }
      if (family === 'overflow') {
        arr.push(pickSlot % 2 ? null : 'overflow');
        return { profile: c.profile, wire, family, note: `${where} has an extra slot ${order.length}` };
      }
      const slots = order.map((name, i) => ({ name, i })).filter(({ name, i }) => name !== null && (family === 'slot-type' ? arr[i] !== null : node.layout.fields[name]!.required));
      const { name, i } = slots[pickSlot % slots.length]!;
      arr[i] = family === 'slot-type' ? otherType(arr[i]) : null;
      return { profile: c.profile, wire, family, note: family === 'slot-type' ? `${where}/${i} (${name}) holds a ${typeof arr[i]}` : `${where}/${i} (${name}) is required but null` };
    },
  );
}
