import type { UasValidDocument } from '../document.js';
import { choose, type UasMutator, uasMutator } from '../mutation.js';
import { cloneDoc, sha256Hex } from '../model.js';
import { serializeUas } from '../serialize.js';
import { rebuild, utf8, withChild } from './util.js';

/** White space a source may open with, before its legacy container's first markup (D-UAS-12): XML's own (space, tab, LF, CR). */
const LEADING_SPACE = ['\n', '\r\n', '  ', '\t', '\n\n  '];

/**
 * True when the source's first bytes hold the tag `<name` (ended by white space, `/` or `>`)
 * anywhere, not only where D-UAS-12 looks: what a verifier that searches for the tag finds. A
 * report naming such a container is made only by the family that means to (`migration-near-miss`).
 */
function mentions(d: UasValidDocument, name: string): boolean {
  const head = Buffer.from(d.source.bytes.subarray(0, d.spec.legacyScanBytes)).toString('utf8');
  return new RegExp(`<${name}[\\s/>]`).test(head);
}

/** The containers a report may name wrongly here: not the source's own, and none the source mentions. */
const strangers = (d: UasValidDocument): string[] =>
  d.spec.legacyContainers.filter((n) => n !== d.doc.migration?.[0] && !mentions(d, n));

/**
 * Legacy containers (seed 003 PHASE-02, D-UAS-12): a legacy source whose artifact has no report, an
 * empty one, one naming a container besides its own, or its own spelled otherwise; a report for a
 * source that only looks like a legacy container; and an artifact still in a legacy container.
 */
export const migrationMutators: UasMutator[] = [
  uasMutator('legacy-no-report', 'VAL-MIGRATION-REPORT', (d, p) => {
    if (d.doc.migration) {
      // The source is a legacy container a verifier finds: its report is gone.
      return rebuild(
        d,
        (doc) => {
          doc.children = doc.children.filter((c) => c !== 'migration_report');
          delete doc.migration;
        },
        [{ checkId: 'VAL-MIGRATION-REPORT' }],
      );
    }
    // A report claiming a migration from a container the source is not (or is past the bytes scanned).
    const name = choose(strangers(d), p[0]);
    if (name === undefined) return null;
    return rebuild(
      d,
      (doc) => {
        doc.children = withChild(doc.children, 'migration_report', d.spec);
        doc.migration = [name];
      },
      [{ checkId: 'VAL-MIGRATION-REPORT' }],
    );
  }),
  uasMutator('legacy-root', 'VAL-MIGRATION-REPORT', (d, p) => {
    const name = d.source.legacy?.name ?? choose(d.spec.legacyContainers, p[0])!;
    return rebuild(
      d,
      (doc) => {
        doc.rootName = name;
      },
      [{ checkId: 'VAL-MIGRATION-REPORT' }],
    );
  }),
  uasMutator('migration-report-empty', 'VAL-MIGRATION-REPORT', (d) => {
    // The report is there, but names no container: a verifier that only looks for <migration_report> is content.
    if (!d.doc.migration) return null;
    return rebuild(
      d,
      (doc) => {
        doc.migration = [];
      },
      [{ checkId: 'VAL-MIGRATION-REPORT' }],
    );
  }),
  uasMutator('migration-extra-container', 'VAL-MIGRATION-REPORT', (d, p) => {
    // The source's container and another one besides: a verifier that checks the report includes it is content.
    const own = d.doc.migration?.[0];
    const other = choose(strangers(d), p[0]);
    if (own === undefined || other === undefined) return null;
    return rebuild(
      d,
      (doc) => {
        doc.migration = p[1] % 2 === 0 ? [own, other] : [other, own];
      },
      [{ checkId: 'VAL-MIGRATION-REPORT' }],
    );
  }),
  uasMutator(
    'migration-name-variant',
    'VAL-MIGRATION-REPORT',
    (d, p) => {
      // The source's own container, spelled otherwise: another case, white space, angle brackets.
      const own = d.doc.migration?.[0];
      if (own === undefined) return null;
      const spellings = [own.toUpperCase(), own[0]!.toUpperCase() + own.slice(1), ` ${own}`, `${own} `, `<${own}>`];
      return rebuild(
        d,
        (doc) => {
          doc.migration = [spellings[p[0] % spellings.length]!];
        },
        [{ checkId: 'VAL-MIGRATION-REPORT' }],
      );
    },
    2,
  ),
  uasMutator(
    'legacy-after-space',
    'VAL-MIGRATION-REPORT',
    (d, p) => {
      // A legacy source that opens with white space (a line end, indentation) before its first markup,
      // after its byte order mark if it has one: still a legacy container (D-UAS-12), and its report
      // is gone. The spans move with the bytes; what they cover does not.
      const legacy = d.source.legacy;
      if (!d.doc.migration || !legacy) return null;
      const pad = utf8(LEADING_SPACE[p[0] % LEADING_SPACE.length]!);
      if (legacy.tagEnd + pad.length > d.spec.legacyScanBytes) return null;
      const old = d.source.bytes;
      const bom = old[0] === 0xef && old[1] === 0xbb && old[2] === 0xbf ? 3 : 0;
      const source = new Uint8Array(old.length + pad.length);
      source.set(old.subarray(0, bom), 0);
      source.set(pad, bom);
      source.set(old.subarray(bom), bom + pad.length);
      const doc = cloneDoc(d.doc);
      doc.rootSha256 = sha256Hex(source);
      doc.byteLength = source.length;
      for (const u of doc.units) {
        u.start += pad.length;
        u.end += pad.length;
      }
      doc.children = doc.children.filter((c) => c !== 'migration_report');
      delete doc.migration;
      return {
        source,
        artifact: serializeUas(doc, d.style, d.spec).xml,
        expected: [{ checkId: 'VAL-MIGRATION-REPORT' }],
      };
    },
    2,
  ),
  uasMutator(
    'migration-near-miss',
    'VAL-MIGRATION-REPORT',
    (d) => {
      // The source only looks like a legacy container (`<documents>`, `<document>` named in text or a
      // comment): a report naming that container reports a migration that never happened.
      const name = d.source.nearMiss;
      if (name === undefined || d.doc.migration) return null;
      return rebuild(
        d,
        (doc) => {
          doc.children = withChild(doc.children, 'migration_report', d.spec);
          doc.migration = [name];
        },
        [{ checkId: 'VAL-MIGRATION-REPORT' }],
      );
    },
    6,
  ),
];
