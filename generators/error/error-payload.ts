import fc from 'fast-check';
import { errorEnums, type ErrorPayload, type ErrorSpec } from '../../src/spec/error.js';
import { detailText } from './detail-text.js';
import { errorMessageId } from './message-id.js';
import { alignedNumericStatus } from './numeric-status.js';
import { subError } from './sub-error.js';

/** Options of the valid payload generator. */
export interface ErrorPayloadOptions {
  /** Restrict the origin (e.g. `configuration`). */
  origin?: string;
}

/**
 * Valid extended uai.error.v1 payloads under `spec`: every status, origin, registry code, mechanical
 * condition and allowed action, with the executable parameters each action needs; `numeric_status`
 * and `sub_errors` sometimes absent, arrays sometimes empty (the published schema allows both).
 */
export function errorPayload(spec: ErrorSpec, options: ErrorPayloadOptions = {}): fc.Arbitrary<ErrorPayload> {
  const enums = errorEnums(spec);
  const origin = options.origin !== undefined ? fc.constant(options.origin) : fc.constantFrom(...enums.origin);
  return fc.tuple(origin, fc.constantFrom(...spec.registry.codes)).chain(([o, c]) =>
    fc
      .record({
        message_id: errorMessageId(),
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
