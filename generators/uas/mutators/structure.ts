import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { rebuild } from './util.js';

/** The pinned child order of `<UAS_Document>` broken: swapped, missing, unknown or repeated children. */
export const structureMutators: UasMutator[] = [
  uasMutator('element-order', 'VAL-ELEMENT-ORDER', (d, p) => {
    const kids = d.doc.children;
    const variant = p[0] % 5;
    let next: string[] | undefined;
    let rootName: string | undefined;
    if (variant === 0) {
      const i = p[1] % (kids.length - 1);
      next = [...kids];
      [next[i], next[i + 1]] = [next[i + 1], next[i]];
    } else if (variant === 1) {
      // Only required children whose loss breaks nothing else: the report, or an empty register.
      const required = new Set(d.spec.childOrder.filter((c) => c.required).map((c) => c.name));
      const droppable = kids.filter((k) => required.has(k) && (k === 'validation_report' || (k === 'ambiguity_register' && d.doc.ambiguities.length === 0)));
      const gone = choose(droppable, p[1]);
      if (!gone) return null;
      next = kids.filter((k) => k !== gone);
    } else if (variant === 2) {
      const stranger = choose(['summary', 'notes', 'formal_definition', 'semantic_unit'].filter((n) => !d.spec.childOrder.some((c) => c.name === n)), p[2]);
      if (!stranger) return null;
      next = [...kids];
      next.splice(p[1] % (kids.length + 1), 0, stranger);
    } else if (variant === 3) {
      // The last child once more: repeated (a repeated child is not read again).
      next = [...kids, kids[kids.length - 1]];
    } else {
      rootName = choose(['UAS_document', 'uas_document', 'UASDocument'], p[1]);
    }
    return rebuild(d, (doc) => {
      if (next) doc.children = next;
      if (rootName) doc.rootName = rootName;
    }, [{ checkId: 'VAL-ELEMENT-ORDER' }]);
  }),
];
