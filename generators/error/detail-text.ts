import * as fc from 'fast-check';
import { graphemeString } from '../common/lazy.js';
import { tokenLike } from '../common/token-like.js';

/**
 * Human-readable `detail` texts: the seed's own, multi-byte and astral text, CRLF, XML specials,
 * and negated phrases that look like violations but are not (they name a credential without carrying one).
 */
const phrases = fc.constantFrom(
  'Payload validation failed on field: scheduled_time.',
  'Transport layer failure; orchestrator is currently unreachable.',
  'Verifiable credential or session token has expired.',
  'Receiver does not support L7 mutative POST semantics.',
  'Gateway timeout waiting for upstream response.',
  'No credential is included in this error; renew through the refresh route.',
  'password: not included',
  'secret=<redacted>',
  'Do not retry: the limit is a configured project rule.',
  'The request carried no Bearer token.',
  'Échec de validation du champ « horaire » — réessayer après correction.',
  '字段 scheduled_time 格式错误，应为 ISO-8601。',
  'Quota exhausted 🚦 for tool 𝒯; see <limits> & "policy".',
  'line one\r\nline two\r\n',
  ' ',
);

export function detailText(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: phrases },
    { weight: 2, arbitrary: fc.tuple(phrases, tokenLike()).map(([p, t]) => `${p} (ref ${t.value})`) },
    { weight: 1, arbitrary: graphemeString({ maxLength: 40 }) },
  );
}
