import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { textBoundaries } from './structure.js';
import { reserialize } from './util.js';

/** A hex digest in upper case, or in mixed case (D-UAS-09: any case). */
const recased = (hex: string, mixed: boolean): string => (mixed ? [...hex].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('') : hex.toUpperCase());

/** XML declarations the generator never writes otherwise, each one XML 1.0 admits (D-UAS-04: any 1.x version). */
const DECLARATIONS = [
  '<?xml version="1.1"?>',
  '<?xml version="1.0" encoding="utf-8" standalone="yes"?>',
  "<?xml version='1.0' standalone='no'?>",
  '<?xml  version = "1.0"  encoding = "UTF-8" ?>',
  '<?xml version="1.9" encoding="UTF-8"?>',
  '\uFEFF<?xml version="1.0" encoding="UTF-8"?>',
];

/** Markup that reads as nothing inside a unit's text: a comment, a processing instruction. */
const INVISIBLE = ['<!-- kept as written -->', '<?uas-note verbatim?>', '<!---->', '<?pi?><!-- x -->'];

/**
 * Valid documents written in ways the generator never writes otherwise, each its own family of
 * VAL-VALID-ACCEPTED (they break nothing): digests in upper or mixed case, comments and
 * processing instructions inside a verbatim unit's text, a manifest without the optional
 * `byte_length`, XML declarations of every form XML 1.0 admits. A verifier that compares digests
 * case-sensitively, reads comments as text, requires `byte_length`, or demands `version="1.0"`
 * rejects them.
 */
export const validVariants: UasMutator[] = [
  uasMutator('valid-digest-case', 'VAL-VALID-ACCEPTED', (d, p) => {
    const which = p[0] % 3; // 0: every digest, 1: the root's only, 2: the spans' only
    const mixed = p[1] % 2 === 1;
    const out = reserialize(d, (doc) => {
      if (which !== 2) doc.rootSha256 = recased(doc.rootSha256, mixed);
      if (which !== 1) for (const u of doc.units) u.spanSha256 = recased(u.spanSha256, mixed);
    });
    return out.xml === d.out.xml ? null : { source: d.source.bytes, artifact: out.xml, expected: [] };
  }),
  uasMutator('valid-split-text', 'VAL-VALID-ACCEPTED', (d, p) => {
    const u = choose(d.doc.units.filter((x) => x.mode === 'VERBATIM_FULL'), p[0]);
    const at = u && choose(textBoundaries(d, u.id), p[1]);
    if (at === undefined) return null;
    return { source: d.source.bytes, artifact: d.out.xml.slice(0, at) + INVISIBLE[p[2] % INVISIBLE.length] + d.out.xml.slice(at), expected: [] };
  }),
  uasMutator('valid-no-byte-length', 'VAL-VALID-ACCEPTED', (d) => {
    // `byte_length` is optional (D-UAS-09: checked when present); the generator always writes it otherwise.
    const artifact = d.out.xml.replace(/(<source_manifest\b[^>]*?)\sbyte_length\s*=\s*(["'])[0-9]+\2/, '$1');
    return artifact === d.out.xml ? null : { source: d.source.bytes, artifact, expected: [] };
  }),
  uasMutator('valid-declaration', 'VAL-VALID-ACCEPTED', (d, p) => {
    const body = d.out.xml.replace(/^<\?xml[^>]*\?>\n/, '');
    return { source: d.source.bytes, artifact: `${DECLARATIONS[p[0] % DECLARATIONS.length]}\n${body}`, expected: [] };
  }),
];
