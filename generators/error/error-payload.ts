import * as fc from 'fast-check';
import { errorEnums, registryClosed, type ErrorPayload, type ErrorSpec } from '../../src/spec/error.js';
import { detailText } from './detail-text.js';
import { foreignCode } from './foreign-codes.js';
import { errorMessageId } from './message-id.js';
import { alignedNumericStatus } from './numeric-status.js';
import { subError } from './sub-error.js';

/** Options of the valid payload generator. */
export interface ErrorPayloadOptions {
  /** Restrict the origin (e.g. `configuration`). */
  origin?: string;
}

/** The codes valid payloads carry: the registry's, and under an open registry (D-ERR-03 `closed: false`) codes outside it too. */
function code(spec: ErrorSpec): fc.Arbitrary<string> {
  const registry = fc.constantFrom(...spec.registry.codes);
  return registryClosed(spec)
    ? registry
    : fc.oneof({ weight: 2, arbitrary: registry }, { weight: 1, arbitrary: foreignCode(spec) });
}

/**
 * Valid extended uai.error.v1 payloads under `spec`, with every envelope member: every status,
 * origin, registry code, mechanical condition and allowed action, with the executable parameters
 * each action needs; `numeric_status` and `sub_errors` sometimes absent, arrays sometimes empty
 * (the published schema allows both). The adversarial generators break these one rule at a time;
 * `validErrorPayload` adds what only the acceptance check draws.
 */
export function errorPayload(spec: ErrorSpec, options: ErrorPayloadOptions = {}): fc.Arbitrary<ErrorPayload> {
  const enums = errorEnums(spec);
  const origin = options.origin !== undefined ? fc.constant(options.origin) : fc.constantFrom(...enums.origin);
  return fc.tuple(origin, code(spec)).chain(([o, c]) =>
    fc
      .record({
        message_id: errorMessageId(spec),
        status: fc.constantFrom(...enums.status),
        numeric_status: fc.option(alignedNumericStatus(c, spec), { nil: undefined }),
        detail: detailText(),
        sub_errors: fc.option(fc.array(subError(o, spec), { maxLength: 3 }), { nil: undefined }),
      })
      .map(({ message_id, status, numeric_status, detail, sub_errors }) => ({
        uai_version: '1.0',
        profile: 'uai.error.v1',
        message_id,
        body: {
          status,
          code: c,
          ...(numeric_status !== undefined ? { numeric_status } : {}),
          origin: o,
          detail,
          ...(sub_errors !== undefined ? { sub_errors } : {}),
        },
      })),
  );
}
