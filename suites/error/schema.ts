import { schemaFamilies, schemaViolation } from '../../generators/error/schema-violation.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ERROR_VERDICTS, errorRejections, reachOf } from './verdicts.js';

/**
 * ERR-SCHEMA: missing required members, null, empty and wrong-typed values at every level, numbers
 * spelled as strings or with a fraction, enum values in another case, spacing or vocabulary (names
 * every JavaScript object inherits among them), a format that asserts (a non-URI human_review_url),
 * and members the schema does not declare where the data closes them.
 */
export const schemaCheck = verdictCheck({
  id: 'ERR-SCHEMA',
  suite: 'error',
  severity: 'MUST',
  title: 'Payloads that break the published schema are rejected',
  specRef: '000 §Advanced Schema Design for uai.error.v1 Extensions (JSON Schema)',
  statement:
    'A payload that breaks the published JSON Schema is rejected: a missing required member at any level (the envelope members uai_version, profile, message_id and body included), null or a value of another type (an integer spelled as a string, a fraction, an array for an object), a value outside an enum or const (in another case, with white space, or named like a member every object inherits), or a human_review_url that is not an RFC 3986 URI (000 §Advanced Schema Design for uai.error.v1 Extensions; D-ERR-01, D-ERR-02, D-ERR-10).',
  decisions: ['D-ERR-01', 'D-ERR-02', 'D-ERR-10'],
  verdicts: ERROR_VERDICTS,
  ...errorRejections('ERR-SCHEMA', schemaViolation, (spec) => reachOf(schemaFamilies(spec))),
});
