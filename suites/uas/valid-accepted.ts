import { uasValidCase } from '../../generators/uas/cases.js';
import { defineCheck, fail, PASS } from '../../src/engine/check.js';
import { brief, showCase, tagsOf, uasClaim, verify } from './common.js';
import { validUasFixture } from './fixtures.js';

/**
 * VAL-VALID-ACCEPTED: valid documents are accepted, however their text is escaped. Escaping is not
 * mutation: `&amp;`, character references (CR as `&#13;`) and CDATA that decode to the source bytes
 * are the same text (D-UAS-05).
 */
export const validAccepted = defineCheck({
  id: 'VAL-VALID-ACCEPTED',
  title: 'Valid UAS documents are accepted, whatever their escaping',
  suite: 'uas',
  severity: 'MUST',
  specRef: '003 §2.1 PHASE-09/10; §3.2 (verification of a correct artifact)',
  requires: ['verifyUas'],
  decisions: ['D-UAS-03', 'D-UAS-05', 'D-UAS-06', 'D-UAS-10'],
  arbitrary: (spec) => uasValidCase(spec.uas),
  async run(input, h) {
    const v = await verify(h, input);
    return v.valid ? PASS : fail('a valid UAS document was rejected', { valid: true }, { valid: false, findings: brief(v.findings) });
  },
  show: showCase,
  tags: tagsOf,
  claim: uasClaim,
  fixture: validUasFixture,
});
