import fc from 'fast-check';
import { errorEnums, errorSpec, type ErrorPayload, type SubError } from '../../src/spec/error.js';
import { detailText } from './detail-text.js';
import { errorMessageId } from './message-id.js';
import { alignedNumericStatus } from './numeric-status.js';
import { subError } from './sub-error.js';

/** Options of the valid payload generator. */
export interface ErrorPayloadOptions {
  /** Restrict the origin (e.g. `configuration`). */
  origin?: string;
  /** Restrict the registry code. */
  code?: string;
  /** At least this many sub-errors (default 0; `sub_errors` may then be absent). */
  minSubErrors?: number;
}

/**
 * Valid extended uai.error.v1 payloads: every status, origin, registry code, mechanical condition and
 * allowed action, with the executable parameters each action needs; `numeric_status` and `sub_errors`
 * sometimes absent, arrays sometimes empty (the published schema allows both).
 */
export function errorPayload(options: ErrorPayloadOptions = {}): fc.Arbitrary<ErrorPayload> {
  const spec = errorSpec();
  const enums = errorEnums(spec);
  const origin = options.origin !== undefined ? fc.constant(options.origin) : fc.constantFrom(...enums.origin);
  const code = options.code !== undefined ? fc.constant(options.code) : fc.constantFrom(...spec.registry.codes);
  const min = options.minSubErrors ?? 0;
  return fc.tuple(origin, code).chain(([o, c]) =>
    fc
      .record({
        message_id: errorMessageId(),
        status: fc.constantFrom(...enums.status),
        numeric_status: fc.option(alignedNumericStatus(c), { nil: undefined }),
        detail: detailText(),
        sub_errors: min > 0 ? fc.array(subError(o), { minLength: min, maxLength: 3 }) : fc.option(fc.array(subError(o), { maxLength: 3 }), { nil: undefined }),
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

/** A valid payload holding one chosen sub-error at index `at`, so that a mutator can break exactly it. */
export interface TargetedPayload {
  payload: ErrorPayload;
  at: number;
}

/**
 * A valid payload with `target(origin)` inserted among its sub-errors. `origins` restricts the origin
 * (so that a target that retries never lands under `configuration`).
 */
export function errorPayloadWith(target: (origin: string) => fc.Arbitrary<SubError>, origins: string[] = errorEnums().origin): fc.Arbitrary<TargetedPayload> {
  return fc
    .constantFrom(...origins)
    .chain((origin) => fc.tuple(errorPayload({ origin }), target(origin), fc.nat()))
    .map(([payload, t, n]) => {
      const list = [...(payload.body.sub_errors ?? [])];
      const at = n % (list.length + 1);
      list.splice(at, 0, t);
      return { payload: { ...payload, body: { ...payload.body, sub_errors: list } }, at };
    });
}
