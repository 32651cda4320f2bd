import fc from 'fast-check';

/**
 * Message ids: UUIDs as the schema annotates, and the seed's own non-UUID spellings (`err-9982-abcf`),
 * which D-ERR-01 accepts because `format` does not assert for `uuid`.
 */
export function errorMessageId(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.uuid(),
    fc.tuple(fc.constantFrom('err', 'err-local', 'err-auth', 'err-cap', 'err-timeout', 'msg'), fc.nat(99_999), fc.constantFrom('', '-abcf', '-été', '-x1')).map(([p, n, s]) => `${p}-${n}${s}`),
  );
}
