import { bundledSpec } from '../../../src/spec/index.js';
import type { Alternatives } from '../../helpers/overrides.js';

/**
 * For each decision of `spec/error.json`, a reading a reasonable implementer could make instead of
 * the pack's (docs/spec-decisions.md, D-ERR-*). `test/catalog/overrides.test.ts` holds every one to
 * this: the generators, the judges and the reference all follow it.
 */
const e = bundledSpec().error;

/** The strict reader of D-ERR-04: only what a scenario payload shows, and the isolated no-op, is allowed. */
function scenarioOnlyTable(): Record<string, { allowed: string[]; forbidden: string[]; basis: string }> {
  const shown: Record<string, string> = {
    malformed_request: 'correct_field',
    unsupported_format: 'negotiate_representation',
    expired_credential: 'renew_grant',
    dependency_failure: 'wait_for_dependency',
    unknown_outcome: 'resume_from_checkpoint',
  };
  const actions = Object.keys(e.executableParameters.actions);
  return Object.fromEntries(
    Object.keys(e.conditionActions.table).map((c) => {
      const allowed = [...(shown[c] ? [shown[c]] : []), 'isolate_and_report'];
      return [
        c,
        { allowed, forbidden: actions.filter((a) => !allowed.includes(a)), basis: 'a scenario payload shows it' },
      ];
    }),
  );
}

/** The lenient reader of D-ERR-09: numeric_status is the transport's own status, so any error status fits any code; only a success status contradicts. */
function transportOnlyAlignment(): unknown {
  return {
    httpRange: e.numericAlignment.httpRange,
    anyCode: [],
    anyCodeFrom: 400,
    codes: Object.fromEntries(e.registry.codes.map((c) => [c, { aligned: [], contradicts: [] }])),
    contradictsAnyCode: [200, 201, 202, 204],
  };
}

/**
 * The lean reader of D-ERR-05: an action needs only what the agent cannot act without; the other
 * parameters the scenarios show are optional hints, and a retry cap of 0 means "do not retry".
 */
function leanParameters(): unknown {
  const actions = structuredClone(e.executableParameters.actions) as Record<
    string,
    { basis: string; schema: Record<string, any> }
  >;
  const keep: Record<string, string[]> = {
    correct_field: ['field_path'],
    negotiate_representation: ['supported_levels'],
    renew_grant: ['refresh_uri'],
    wait_for_dependency: ['backoff_strategy'],
  };
  for (const [action, required] of Object.entries(keep)) actions[action]!.schema.required = required;
  actions.wait_for_dependency!.schema.properties.max_retries.minimum = 0;
  return actions;
}

export const alternatives: Alternatives = {
  formats: {
    value: { asserted: [] },
    why: 'format is an annotation everywhere, as 2020-12 has it by default: a raw-unicode https IRI is a valid review URL',
  },
  envelope: {
    value: { required: [] },
    why: 'the published schema alone: uai_version, profile, message_id and body are optional',
  },
  registry: {
    value: { codes: e.registry.codes, closed: false },
    why: 'an open registry: "including" lists some codes, so any string is a code',
  },
  conditionActions: {
    value: { table: scenarioOnlyTable() },
    why: 'only the action a scenario payload shows, and isolate_and_report, fit a condition',
  },
  executableParameters: {
    value: { actions: leanParameters() },
    why: 'an action needs only what the agent cannot act without: a field path, the levels, the refresh route, a strategy (max_retries an optional cap, 0 allowed)',
  },
  urls: {
    value: { ...e.urls, optionMembers: [] },
    why: 'human_review_url is a legacy fallback held to its uri format only, so http: and urn: review URLs are fine',
  },
  urlScheme: {
    value: { caseSensitive: true },
    why: 'RFC 3986 §3.1 read as a producer: schemes spelled in lower case only, so HTTPS://host is not an absolute https URL',
  },
  retry: {
    value: { ...e.retry, actions: [...e.retry.actions, 'resume_from_checkpoint'] },
    why: 'replaying after readback is a retry too, so configuration errors never offer it',
  },
  numericAlignment: {
    value: transportOnlyAlignment(),
    why: 'numeric_status is the transport status: every 4xx and 5xx fits every code, only 2xx contradicts',
  },
  openMembers: {
    value: { additionalProperties: false },
    why: "seed 001's strict fields read into the error profile: undeclared members are rejected",
  },
};
