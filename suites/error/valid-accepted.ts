import { validEdges, validErrorCase, type ValidErrorCase } from '../../generators/error/valid-payload.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { acceptedPayloadFixture } from './fixtures.js';
import { accepted, ERROR_VERDICTS, payloadArgs } from './verdicts.js';

/** ERR-VALID-ACCEPTED: generated valid payloads, every enum value and action with its parameters, are accepted. */
export const validAccepted = verdictCheck<ValidErrorCase>({
  id: 'ERR-VALID-ACCEPTED',
  title: 'Valid extended uai.error.v1 payloads are accepted',
  suite: 'error',
  severity: 'MUST',
  specRef: '000 §Advanced Schema Design for uai.error.v1 Extensions',
  statement:
    "A validator accepts every payload that follows the published schema and the pack's decisions: every status, origin, registry code, mechanical condition and allowed action with the parameters it needs, message ids that are not UUIDs, numeric_status, sub_errors and arrays left out or empty, an empty detail, a numeric_status at the bounds of what is compared, and members the schema does not declare, named like those every JavaScript object inherits (constructor, __proto__) among them (000 §Advanced Schema Design for uai.error.v1 Extensions; D-ERR-01 to D-ERR-06, D-ERR-08 to D-ERR-11, D-ERR-14).",
  decisions: [
    'D-ERR-01',
    'D-ERR-02',
    'D-ERR-03',
    'D-ERR-04',
    'D-ERR-05',
    'D-ERR-06',
    'D-ERR-08',
    'D-ERR-09',
    'D-ERR-10',
    'D-ERR-11',
    'D-ERR-14',
  ],
  verdicts: ERROR_VERDICTS,
  cases: {
    arbitrary: (spec) => validErrorCase(spec.error),
    show: (c) => c.payload,
    tags: ({ payload: p, edges }) => [
      'valid',
      ...edges,
      ...(p.body
        ? [
            `status:${p.body.status}`,
            `origin:${p.body.origin}`,
            `code:${p.body.code}`,
            ...(p.body.sub_errors ?? []).flatMap((se) => [
              `condition:${se.mechanical_condition}`,
              ...se.recovery_options.map((o) => `action:${o.action}`),
            ]),
          ]
        : ['body:absent']),
    ],
    reach: (spec) => validEdges(spec.error),
    fixture: acceptedPayloadFixture,
  },
  args: payloadArgs,
  expect: () => accepted('generated from the schema and spec/error.json'),
});
