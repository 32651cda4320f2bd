import fc from 'fast-check';
import { nonObjectPayload, schemaViolation } from '../../generators/error/schema-violation.js';
import { rejectionCheck } from './rejection-check.js';

/** ERR-SCHEMA: missing required members, values outside the enums, wrong types, a non-URI human_review_url. */
export const schemaCheck = rejectionCheck({
  id: 'ERR-SCHEMA',
  title: 'Payloads that break the published schema are rejected',
  specRef: '000 §Advanced Schema Design for uai.error.v1 Extensions (JSON Schema)',
  decisions: ['D-ERR-01', 'D-ERR-02'],
  cases: (spec) => fc.oneof({ weight: 9, arbitrary: schemaViolation(spec) }, { weight: 1, arbitrary: nonObjectPayload(spec) }),
});
