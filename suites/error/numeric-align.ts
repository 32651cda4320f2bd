import { mutated } from '../../generators/error/adversarial.js';
import { errorPayload } from '../../generators/error/error-payload.js';
import { contradictingStatuses } from '../../generators/error/numeric-status.js';
import { numericFamilies, numericMisalignment } from '../../generators/error/numeric-misalignment.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { ERROR_VERDICTS, errorRejections, reachOf } from './verdicts.js';

/** ERR-NUMERIC-ALIGN (SHOULD): a numeric_status that contradicts code is rejected. */
export const numericAlign = verdictCheck({
  id: 'ERR-NUMERIC-ALIGN',
  suite: 'error',
  severity: 'SHOULD',
  title: 'numeric_status is consistent with code',
  specRef: '000 §Resolving Error Code Ambiguities: Bridging String and Numeric Semantics',
  statement:
    'When numeric_status is an HTTP status it fits body.code: a success or redirect status (200 itself included), or a 4xx of another kind (auth_required with 404, task_not_found with 401), is rejected, while transport statuses (408, 429, every 5xx) fit any code and values outside 200-599 are not compared (000 §Resolving Error Code Ambiguities; D-ERR-09, D-ERR-13).',
  decisions: ['D-ERR-09', 'D-ERR-13'],
  verdicts: ERROR_VERDICTS,
  ...errorRejections(
    'ERR-NUMERIC-ALIGN',
    (spec) => mutated(errorPayload(spec), numericMisalignment(spec)),
    (spec) =>
      reachOf(
        numericFamilies(spec),
        spec.registry.codes.filter((c) => contradictingStatuses(c, spec).length > 0).map((c) => `code:${c}`),
      ),
  ),
});
