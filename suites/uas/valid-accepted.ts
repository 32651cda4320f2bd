import { type UasCase, uasValidCase } from '../../generators/uas/cases.js';
import { validVariants } from '../../generators/uas/mutators/valid.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { validUasFixture } from './fixtures.js';
import { acceptedUas, showCase, tagsOf, UAS_VERDICTS, uasArgs } from './verdicts.js';

/**
 * VAL-VALID-ACCEPTED: valid documents are accepted, however their text is escaped. Escaping is not
 * mutation: `&amp;`, character references (CR as `&#13;`) and CDATA that decode to the source bytes
 * are the same text (D-UAS-05). Besides the plain documents, each a family of its own: digests
 * in upper or mixed case and a manifest without the optional `byte_length` (D-UAS-09), comments
 * and processing instructions inside a unit's text, every form of XML declaration XML 1.0
 * admits (D-UAS-04), weights in other plain spellings (`1`, `0.5`, `0.850`; D-UAS-10), an overflow
 * entry without its optional token (D-UAS-08), PM-01 met by an edge to a node (seed 003 §2.3),
 * token lists spaced loosely (raw tabs and line ends included), a verbatim unit of several KiB, and
 * text inside `<source_manifest>`, which is not read (D-UAS-03).
 */
export const validAccepted = verdictCheck<UasCase>({
  id: 'VAL-VALID-ACCEPTED',
  title: 'Valid UAS documents are accepted, whatever their escaping',
  suite: 'uas',
  severity: 'MUST',
  specRef: '003 §2.1 PHASE-09/10; §3.2 (verification of a correct artifact)',
  // A valid document is valid by every decision of the format, so each one decides what it holds.
  decisions: [
    'D-UAS-03',
    'D-UAS-04',
    'D-UAS-05',
    'D-UAS-06',
    'D-UAS-07',
    'D-UAS-08',
    'D-UAS-09',
    'D-UAS-10',
    'D-UAS-11',
    'D-UAS-12',
  ],
  statement:
    'A `<UAS_Document>` that follows every rule of the format and locks the source it was compiled from is accepted, however its text is escaped: `&amp;`, character references (a CR as `&#13;`) and CDATA that decode to the source bytes are the same text (003 §2.1 PHASE-09 and PHASE-10, §3.2; D-UAS-05).',
  verdicts: UAS_VERDICTS,
  cases: {
    arbitrary: (spec) => uasValidCase(spec.uas),
    show: showCase,
    tags: tagsOf,
    reach: () => ['family:valid', ...validVariants.flatMap((v) => v.families).map((f) => `family:${f}`)],
    fixture: validUasFixture,
  },
  args: uasArgs,
  expect: acceptedUas,
});
