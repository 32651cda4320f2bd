import type { UasValidDocument } from '../document.js';
import type { GenDoc, GenUnit } from '../model.js';
import { choose, firstDiff, type ExpectedFinding, type UasMutator, uasMutator } from '../mutation.js';
import { flipNibble, rebuild, spanBytes, utf8, withChild } from './util.js';

/** One rule broken on one unit (or on the document), as a change to the document and the finding it makes. */
interface Break {
  checkId: ExpectedFinding['checkId'];
  /** Undefined when this document offers nothing to break this way. */
  apply(d: UasValidDocument, doc: GenDoc, u: GenUnit): ExpectedFinding | undefined;
}

/** Unit `u` of a copy of the document. */
const own = (doc: GenDoc, u: GenUnit): GenUnit => doc.units.find((x) => x.id === u.id)!;

/**
 * Rules that can break side by side without one hiding another: each touches the one unit (or only
 * the document's manifest or migration report), and none feeds a rule another one reads.
 */
const BREAKS: Break[] = [
  {
    checkId: 'VAL-ROLE-ENUM',
    apply: (d, doc, u) => {
      const token = ['HYPOTHESIS', 'RULE', 'NOTE'].find((t) => !d.spec.baseRoles.includes(t));
      if (!token) return undefined;
      own(doc, u).baseRole = token;
      return { checkId: 'VAL-ROLE-ENUM', unitId: u.id };
    },
  },
  {
    checkId: 'VAL-SPAN-HASH',
    apply: (_d, doc, u) => {
      own(doc, u).spanSha256 = flipNibble(u.spanSha256, u.start + 7);
      return { checkId: 'VAL-SPAN-HASH', unitId: u.id };
    },
  },
  {
    checkId: 'VAL-WEIGHT-RANGE',
    apply: (_d, doc, u) => {
      own(doc, u).weight = '1.50';
      return { checkId: 'VAL-WEIGHT-RANGE', unitId: u.id };
    },
  },
  {
    checkId: 'VAL-SOURCE-ORDER',
    apply: (d, doc, u) => {
      own(doc, u).sourceOrder = String(d.doc.units.length + 5);
      return { checkId: 'VAL-SOURCE-ORDER', unitId: u.id };
    },
  },
  {
    checkId: 'VAL-VERBATIM',
    apply: (d, doc, u) => {
      if (u.mode !== 'VERBATIM_FULL') return undefined;
      const text = `${u.text!} [edited]`;
      own(doc, u).text = text;
      return { checkId: 'VAL-VERBATIM', unitId: u.id, byteOffset: u.start + firstDiff(utf8(text), spanBytes(d, u.start, u.end)) };
    },
  },
  {
    checkId: 'VAL-ROOT-HASH',
    apply: (_d, doc) => {
      doc.rootSha256 = flipNibble(doc.rootSha256, 11);
      return { checkId: 'VAL-ROOT-HASH' };
    },
  },
  {
    checkId: 'VAL-MIGRATION-REPORT',
    apply: (d, doc) => {
      if (doc.migration) {
        doc.children = doc.children.filter((c) => c !== 'migration_report');
        delete doc.migration;
      } else {
        const name = d.spec.legacyContainers.find((n) => n !== d.source.nearMiss);
        if (!name) return undefined;
        doc.children = withChild(doc.children, 'migration_report', d.spec);
        doc.migration = [name];
      }
      return { checkId: 'VAL-MIGRATION-REPORT' };
    },
  },
];

/**
 * Documents that break two to four rules at once (for VAL-INTERCEPT-PACKET): a verifier whose
 * packets all name the first finding's check is seen, while all the findings about a unit are
 * about the same unit (a slip in `failed_ref` is another family's to catch). Not a mutator of one
 * rule: it is drawn by VAL-INTERCEPT-PACKET alone, and its cases claim every rule they break.
 */
export const severalRules: UasMutator = uasMutator('several-rules', 'VAL-INTERCEPT-PACKET', (d, p) => {
  const u = choose(d.doc.units, p[0])!;
  const count = 2 + (p[1] % 3);
  const start = p[2] % BREAKS.length;
  const chosen = [...BREAKS.slice(start), ...BREAKS.slice(0, start)].slice(0, count);
  let expected: ExpectedFinding[] = [];
  const m = rebuild(d, (doc) => {
    expected = chosen.map((b) => b.apply(d, doc, u)).filter((f): f is ExpectedFinding => f !== undefined);
  }, []);
  if (new Set(expected.map((f) => f.checkId)).size < 2) return null;
  return { ...m, expected };
});
