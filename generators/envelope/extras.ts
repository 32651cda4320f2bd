import * as fc from 'fast-check';
import type { EnvelopeSpec } from '../../src/spec/envelope.js';
import { freeText } from '../common/text.js';
import { pointerToken, publishedObjects, setAt } from './walk.js';

/** Member names no layout declares, as implementers add them for their own data. */
const EXTRA_KEYS = ['x_custom', 'vendor_data', 'debug', 'x-review-note', 'internal_ref'];

/** Values of extra data: text, numbers, flags, empty containers (none looks like a secret or a claim). */
const EXTRA_VALUE = fc.oneof(freeText(20), fc.integer(), fc.boolean(), fc.constant({}), fc.constant([]));

/**
 * Valid envelopes with, mostly, one undeclared member kept inside a published object below the top
 * level (the body, `delivery`, a lineage step...): valid only where the spec closes the top level
 * alone to undeclared members (D-ENV-14, 001 §Campos adicionales: "keep additional data inside the
 * published envelope objects"). Such an envelope has no keyless form (slots carry declared members
 * only), so the wire checks never draw these.
 */
export function withNestedExtras<T extends { profile: string; packet: Record<string, any> }>(
  spec: EnvelopeSpec,
  envelopes: fc.Arbitrary<T>,
): fc.Arbitrary<T> {
  return envelopes.chain((c) => {
    const objects = publishedObjects(spec, c.packet, c.profile).filter((o) => o.pointer !== '');
    const extra = fc
      .constantFrom(...objects)
      .chain((o) =>
        fc
          .tuple(fc.constantFrom(...EXTRA_KEYS.filter((k) => !o.declared.includes(k))), EXTRA_VALUE)
          .map(([key, value]) => ({ pointer: `${o.pointer}/${pointerToken(key)}`, value })),
      );
    return fc.option(extra, { nil: null }).map((e) => {
      if (e === null) return c;
      const packet = structuredClone(c.packet);
      setAt(packet, e.pointer, e.value);
      return { ...c, packet };
    });
  });
}
