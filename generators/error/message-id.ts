import * as fc from 'fast-check';
import { formatAsserted, type ErrorSpec } from '../../src/spec/error.js';

/** The seed's own non-UUID spellings (`err-9982-abcf`, `err-local-001`...) and their neighbours. */
const seedSpelled = fc
  .tuple(
    fc.constantFrom('err', 'err-local', 'err-auth', 'err-cap', 'err-timeout', 'msg'),
    fc.nat(99_999),
    fc.constantFrom('', '-abcf', '-été', '-x1'),
  )
  .map(([p, n, s]) => `${p}-${n}${s}`);

/** Whether `format: uuid` on `message_id` asserts under `spec` (D-ERR-01). */
export function messageIdFormatAsserted(spec: ErrorSpec): boolean {
  return formatAsserted(spec.schema.properties.message_id?.format, spec);
}

/**
 * Message ids: UUIDs as the schema annotates, and, while `uuid` does not assert (D-ERR-01, the
 * pack's reading), the seed's own non-UUID spellings.
 */
export function errorMessageId(spec: ErrorSpec): fc.Arbitrary<string> {
  return messageIdFormatAsserted(spec) ? fc.uuid() : fc.oneof(fc.uuid(), seedSpelled);
}

/** Message ids that are not UUIDs: an ERR-SCHEMA break where `uuid` asserts. */
export function nonUuidMessageId(): fc.Arbitrary<string> {
  return seedSpelled;
}
