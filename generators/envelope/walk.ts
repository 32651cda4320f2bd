import type { EnvelopeSpec, FieldSpec } from '../../src/spec/envelope.js';

/** Reads a JSON Pointer. */
export function getAt(root: unknown, pointer: string): unknown {
  let v: any = root;
  for (const part of pointer.split('/').slice(1)) v = v?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return v;
}

/** Writes (or, with `undefined`, deletes) at a JSON Pointer whose parent exists. */
export function setAt(root: any, pointer: string, value: unknown): void {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const last = parts.pop()!;
  let parent = root;
  for (const p of parts) parent = parent[p];
  if (value === undefined) delete parent[last];
  else Object.defineProperty(parent, last, { value, enumerable: true, writable: true, configurable: true });
}

/** A JSON Pointer token for a member name. */
export function pointerToken(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * Pointers of every published (non free-form) object of `spec` present in the packet, with its
 * declared member names: the envelope itself (pointer `''`), its objects, their arrays of objects,
 * and the body with the objects it holds.
 */
export function publishedObjects(
  spec: EnvelopeSpec,
  packet: Record<string, any>,
  profile: string,
): { pointer: string; declared: string[] }[] {
  const out: { pointer: string; declared: string[] }[] = [{ pointer: '', declared: Object.keys(spec.topLevel) }];
  // Each object is read from its parent (`here`), not again from the root by its pointer.
  const visit = (fields: Record<string, FieldSpec>, at: string, here: any) => {
    out.push({ pointer: at, declared: Object.keys(fields) });
    for (const [name, f] of Object.entries(fields)) {
      const v = here?.[name];
      if (v === undefined) continue;
      if (f.type === 'object') visit(spec.objects[f.layout]!.fields, `${at}/${name}`, v);
      if (f.type === 'array' && f.items.type === 'object') {
        const layout = spec.objects[f.items.layout]!.fields;
        (v as unknown[]).forEach((item, i) => visit(layout, `${at}/${name}/${i}`, item));
      }
    }
  };
  for (const [name, f] of Object.entries(spec.topLevel)) {
    if (f.type === 'object') visit(spec.objects[f.layout]!.fields, `/${name}`, packet[name]);
    if (f.type === 'array' && f.items.type === 'object') {
      const layout = spec.objects[f.items.layout]!.fields;
      (packet[name] as unknown[]).forEach((item, i) => visit(layout, `/${name}/${i}`, item));
    }
  }
  visit(spec.profiles[profile]!.fields, '/body', packet.body);
  return out;
}

/** Every field of `spec` present in a packet, nested objects and arrays of objects included, with its pointer. */
export function presentFields(
  spec: EnvelopeSpec,
  packet: Record<string, any>,
  profile: string,
): { pointer: string; field: FieldSpec }[] {
  const out: { pointer: string; field: FieldSpec }[] = [];
  // Each object is read from its parent (`here`), not again from the root by its pointer.
  const visit = (fields: Record<string, FieldSpec>, at: string, here: any) => {
    for (const [name, field] of Object.entries(fields)) {
      const pointer = `${at}/${name}`;
      const v = here?.[name];
      if (v === undefined) continue;
      out.push({ pointer, field });
      if (field.type === 'object') visit(spec.objects[field.layout]!.fields, pointer, v);
      if (field.type === 'array' && field.items.type === 'object') {
        const layout = spec.objects[field.items.layout]!.fields;
        (v as unknown[]).forEach((item, i) => visit(layout, `${pointer}/${i}`, item));
      }
    }
  };
  visit(spec.topLevel, '', packet);
  visit(spec.profiles[profile]!.fields, '/body', packet.body);
  return out;
}
