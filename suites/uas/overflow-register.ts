import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { UAS_VERDICTS, uasRejections } from './verdicts.js';

/** VAL-OVERFLOW-REGISTER: An unregistered specialized role or relation needs an overflow entry. */
export const overflowRegister = verdictCheck({
  id: 'VAL-OVERFLOW-REGISTER',
  suite: 'uas',
  severity: 'MUST',
  title: 'An unregistered specialized role or relation needs an overflow entry',
  specRef: '003 §2.2 (ROLE_OVERFLOW, RELATION_OVERFLOW)',
  decisions: ['D-UAS-02', 'D-UAS-08'],
  statement:
    "A `specialized_role` or `specialized_relation` that is neither a base token nor a registered alias needs an `<ambiguity_entry>` of type ROLE_OVERFLOW (or RELATION_OVERFLOW) whose `ref` is its unit (or edge) and whose `token`, if present, is that token, and every entry's type is one of the register's four types (003 §2.2; D-UAS-08).",
  verdicts: UAS_VERDICTS,
  ...uasRejections('VAL-OVERFLOW-REGISTER'),
});
