import fc from 'fast-check';
import { nonObjectPayload, schemaViolation } from '../../generators/error/schema-violation.js';
import { rejectionCheck } from './rejection-check.js';

/**
 * ERR-SCHEMA: missing required members, values outside the enums, wrong types, a format that
 * asserts (a non-URI human_review_url), and members the schema does not declare where the data closes them.
 */
export const schemaCheck = rejectionCheck({
  id: 'ERR-SCHEMA',
  title: 'Payloads that break the published schema are rejected',
  specRef: '000 §Advanced Schema Design for uai.error.v1 Extensions (JSON Schema)',
  statement:
    'A payload that breaks the published JSON Schema is rejected: a missing required member (the envelope members uai_version, profile, message_id and body included), a value outside an enum or const, a wrong type, or a human_review_url that is not an RFC 3986 URI (000 §Advanced Schema Design for uai.error.v1 Extensions; D-ERR-01, D-ERR-02, D-ERR-10).',
  decisions: ['D-ERR-01', 'D-ERR-02', 'D-ERR-10'],
  cases: (spec) => fc.oneof({ weight: 9, arbitrary: schemaViolation(spec) }, { weight: 1, arbitrary: nonObjectPayload(spec) }),
});
