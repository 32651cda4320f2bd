import fc from 'fast-check';
import { tokenLike } from '../common/token-like.js';
import { detailText } from './detail-text.js';
import { httpsUrl } from './https-url.js';

const LEVELS = ['L0', 'L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7'];

/** JSONPath-like field paths, as scenario 1 spells them, with unicode and bracket members. */
const fieldPath = fc.constantFrom('$.parameters.scheduled_time', '$.body.constraints[0].deadline', "$['paramètres']['heure']", '$.参数.时间', '$');

/**
 * Free-form extra members (unicode keys included) that no rule reads: token-like ids, texts,
 * numbers and booleans. None is a URL key, a retry key or credential-named (D-ERR-05/06/08).
 */
const extras = fc.dictionary(
  fc.constantFrom('note', 'trace_id', 'checksum', 'idempotency_key', '説明', 'clé_été', '🔁hint', 'x-correlation'),
  fc.oneof(tokenLike().map((t) => t.value), detailText(), fc.integer(), fc.boolean()),
  { maxKeys: 2 },
);

/** The parameters an action needs (D-ERR-05), all URLs absolute https (D-ERR-06). */
const required: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  correct_field: fc.record(
    { field_path: fieldPath, expected_format: fc.constantFrom('date-time', 'uuid', 'uri', 'integer', 'ISO-8601 duration', 'E.164'), schema_url: httpsUrl() },
    { requiredKeys: ['field_path', 'expected_format'] },
  ),
  retrieve_schema: fc.record({ schema_url: httpsUrl() }),
  negotiate_representation: fc.record({
    supported_levels: fc.subarray(LEVELS, { minLength: 1 }),
    capability_statement: httpsUrl(),
  }),
  renew_grant: fc.record({
    grant_type: fc.constantFrom('refresh_token', 'client_credentials', 'authorization_code', 'urn:ietf:params:oauth:grant-type:token-exchange'),
    refresh_uri: httpsUrl(),
  }),
  discover_peer: fc.record({ discovery_url: httpsUrl() }, { requiredKeys: [] }),
  wait_for_dependency: fc.record({
    backoff_strategy: fc.constantFrom('exponential', 'linear', 'fixed', 'exponential_jitter'),
    max_retries: fc.oneof(fc.constantFrom(1, 5, 2 ** 31 - 1), fc.integer({ min: 1, max: 100 })),
  }),
  resume_from_checkpoint: fc.record({ readback_route: httpsUrl() }),
  isolate_and_report: fc.constant({}),
};

/** Valid executable parameters of `action`: what it needs, plus free-form extras. */
export function executableParameters(action: string): fc.Arbitrary<Record<string, unknown>> {
  const needed = required[action];
  if (!needed) throw new Error(`no parameter generator for action ${action}`);
  return fc.tuple(extras, needed).map(([x, p]) => ({ ...x, ...p }));
}

/** Whether an action may travel without `executable_parameters` (nothing is required of it). */
export function paramsOptional(action: string): boolean {
  return action === 'discover_peer' || action === 'isolate_and_report';
}
