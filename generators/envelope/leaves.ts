import type { EnvelopeSpec } from '../../src/spec/envelope.js';
import { getAt, pointerToken, presentFields } from './walk.js';

/**
 * Where a string of an envelope sits, for the mutators that plant something in free text: in the
 * body, in the envelope's own objects (a label, the fallback directive, a lineage note, an
 * extension's purpose), or inside a free-form object (`depth` members or items below it).
 */
export interface TextLeaf {
  pointer: string;
  where: 'body' | 'envelope' | 'free-form';
  depth: number;
}

/** Every string of free text in a packet: declared text fields, items of text arrays, and every string inside a free-form object. */
export function textLeaves(spec: EnvelopeSpec, packet: Record<string, any>, profile: string): TextLeaf[] {
  const out: TextLeaf[] = [];
  for (const { pointer, field } of presentFields(spec, packet, profile)) {
    const where = pointer.startsWith('/body/') ? 'body' : 'envelope';
    const value = getAt(packet, pointer);
    if (field.type === 'text') out.push({ pointer, where, depth: 0 });
    else if (field.type === 'array' && field.items.type === 'text')
      (value as unknown[]).forEach((_, i) => out.push({ pointer: `${pointer}/${i}`, where, depth: 0 }));
    else if (field.type === 'free-object') out.push(...freeStrings(value, pointer, 0));
  }
  return out;
}

/** The strings inside a free-form value, each with its pointer and how deep it sits. */
function freeStrings(value: unknown, pointer: string, depth: number): TextLeaf[] {
  if (typeof value === 'string') return depth === 0 ? [] : [{ pointer, where: 'free-form', depth }];
  if (Array.isArray(value)) return value.flatMap((v, i) => freeStrings(v, `${pointer}/${i}`, depth + 1));
  if (value !== null && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => freeStrings(v, `${pointer}/${pointerToken(k)}`, depth + 1));
  return [];
}

/** Pointers of the free-form objects present in a packet (`expected_output_schema`, `revised_payload`, ...). */
export function freeFormPointers(spec: EnvelopeSpec, packet: Record<string, any>, profile: string): string[] {
  return presentFields(spec, packet, profile)
    .filter(({ field }) => field.type === 'free-object')
    .map(({ pointer }) => pointer);
}

/** Defines `key` as an own member of `object` (a `__proto__` key included: plain assignment would set the prototype). */
export function defineMember(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * A deep copy of a JSON value with `f` applied to every string value (member names are left as they
 * are), and the members `drop` names left out. Own `__proto__` members survive the copy.
 */
export function mapJson(
  value: unknown,
  f: (s: string) => string,
  drop: (key: string, v: unknown) => boolean = () => false,
): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((v) => mapJson(v, f, drop));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!drop(k, v)) defineMember(out, k, mapJson(v, f, drop));
    return out;
  }
  return value;
}
