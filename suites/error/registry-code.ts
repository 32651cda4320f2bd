import { foreignFamilies, foreignFamily } from '../../generators/error/foreign-codes.js';
import { nonRegistryCode, type RegistryCase } from '../../generators/error/non-registry-code.js';
import { objectField, stringField } from '../../src/engine/fixture-codec.js';
import { verdictCheck } from '../../src/engine/kinds/verdict.js';
import { accepted, ERROR_VERDICTS, payloadArgs, rejected } from './verdicts.js';

const ID = 'ERR-REGISTRY-CODE';

/** Why an open registry's case is valid, as a failure names it. */
const openWhy = (c: RegistryCase): string => `a code outside an open registry, ${c.family}`;

/**
 * ERR-REGISTRY-CODE: a `code` outside the legacy error registry is rejected under a closed
 * registry (the pack's reading, D-ERR-03), and accepted under an open one (`registry.closed: false`).
 * Codes a user adds to `registry.codes` are registry codes: never drawn here.
 */
export const registryCode = verdictCheck<RegistryCase>({
  id: ID,
  title: 'A code outside the legacy error registry is rejected',
  suite: 'error',
  severity: 'MUST',
  specRef: '000 §Minimal Response Formats and the Error Registry',
  statement:
    'body.code is one of the legacy error registry codes (invalid_message, unknown_profile, capability_not_supported, auth_required, insufficient_trust, task_not_found, and any a user adds), compared exactly in case, spacing, separators and code points; a validator rejects any other string, the empty one and names every JavaScript object inherits (constructor, __proto__) included, unless the registry is declared open (000 §Minimal Response Formats and the Error Registry; D-ERR-03).',
  decisions: ['D-ERR-03'],
  verdicts: ERROR_VERDICTS,
  args: payloadArgs,
  expect: (c) => (c.valid ? accepted(openWhy(c)) : rejected(ID, c.family)),
  cases: {
    arbitrary: (spec) => nonRegistryCode(spec.error),
    show: (c) => ({ family: c.family, payload: c.payload, valid: c.valid }),
    tags: (c) => [c.valid ? 'valid' : 'adversarial', `family:${c.family}`],
    reach: (spec) => foreignFamilies(spec.error).map((f) => `family:${f}`),
    fixture: {
      encode: (c, { now }) => ({
        input: { payload: c.payload, context: { now } },
        expected: c.valid ? { valid: true } : { valid: false, rule: ID, family: c.family },
        description: c.valid ? openWhy(c) : `${ID}: ${c.family}`,
      }),
      decode(f) {
        const input = objectField(f.input, 'input');
        const payload = objectField(input.payload, 'input.payload');
        const e = objectField(f.expected, 'expected');
        if (e.valid === true)
          return {
            family: foreignFamily(
              stringField(objectField(payload.body, 'input.payload.body').code, 'input.payload.body.code'),
            ),
            payload,
            valid: true,
          };
        if (e.valid !== false) throw new Error('expected.valid must be a boolean');
        return { family: stringField(e.family, 'expected.family'), payload, valid: false };
      },
    },
  },
});
