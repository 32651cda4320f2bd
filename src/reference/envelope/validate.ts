import type { ErrorObject } from 'ajv';
import type { Finding, ValidationContext, Verdict } from '../../contract/adapter.js';
import type { EnvelopeSpec } from '../../spec/envelope.js';
import { policyFindings } from './policy.js';
import { profileValidator } from './schema.js';

/** The value at a JSON Pointer of `root`, own members only (undefined when absent). */
function valueAt(root: unknown, pointer: string): unknown {
  let v = root;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** Where an ajv error points: the missing member of a `required` error, else the instance itself. */
function errorPath(e: ErrorObject): string {
  if (e.keyword === 'required') return `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`;
  if (e.keyword === 'additionalProperties')
    return `${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty}`;
  return e.instancePath;
}

/** The date-time fields of the envelope and its bodies, by their names (D-ENV-04). */
const DATE_TIME = /(_at|_utc)$/;

/**
 * Names the validation expectation an ajv error breaks, so findings point at the rule. A required
 * member that is absent or `null` is missing (D-ENV-05), as is an object or array member that holds
 * another JSON type; the members with rules of their own keep their ids.
 */
function checkIdOf(e: ErrorObject, env: Record<string, unknown>): string {
  const at = errorPath(e);
  if (e.keyword === 'additionalProperties') return 'ENV-UNDECLARED-FIELD';
  if (/^\/body\/evidence\/\d+(\/|$)/.test(e.instancePath) || (at === '/body/evidence' && e.keyword === 'minItems'))
    return 'ENV-FINAL-REPORT-EVIDENCE';
  if (at === '/conversation/correlation_id') return 'ENV-CORRELATION-ID';
  if (at === '/delivery/idempotency_key') return 'ENV-IDEMPOTENCY-KEY';
  if (at === '/delivery/fallback_directive') return 'ENV-FALLBACK-DIRECTIVE';
  if (/^\/(source|target)\//.test(at) && e.keyword !== 'required') return 'ENV-IDENTITY';
  if (e.keyword === 'required' || valueAt(env, at) === null) return 'ENV-REQUIRED-FIELDS';
  if (e.keyword === 'type' && ['object', 'array'].includes((e.params as { type: string }).type))
    return 'ENV-REQUIRED-FIELDS';
  if (at === '/integrity/checksum') return 'INT-TAMPER-DETECTED';
  if (at === '/body/human_review_required' && env.profile === 'uai.agent.blocker.v1') return 'ENV-HUMAN-REVIEW-BLOCKER';
  if ((e.keyword === 'pattern' || e.keyword === 'format') && DATE_TIME.test(at)) return 'ENV-UTC-Z';
  return 'ENV-FIELD-TYPE';
}

/**
 * The reference envelope validator: the strict schema built from the envelope spec data `spec`,
 * then the policy rules. Findings carry the check id of the rule they break and a JSON Pointer.
 */
export function validateEnvelope(spec: EnvelopeSpec, packet: unknown, context: ValidationContext): Verdict {
  if (packet === null || typeof packet !== 'object' || Array.isArray(packet)) {
    return {
      valid: false,
      findings: [{ checkId: 'ENV-FIELD-TYPE', path: '', code: 'type', message: 'an envelope is a JSON object' }],
    };
  }
  const env = packet as Record<string, unknown>;
  if (env.profile === undefined) {
    return {
      valid: false,
      findings: [
        { checkId: 'ENV-REQUIRED-FIELDS', path: '/profile', code: 'required', message: 'the profile is missing' },
      ],
    };
  }
  if (typeof env.profile !== 'string' || !Object.hasOwn(spec.profiles, env.profile)) {
    return {
      valid: false,
      findings: [
        {
          checkId: 'ENV-PROFILE-KNOWN',
          path: '/profile',
          code: 'unknown_profile',
          message: `unknown profile ${JSON.stringify(env.profile)}`,
        },
      ],
    };
  }
  const validate = profileValidator(spec, env.profile);
  if (!validate(env)) {
    const findings: Finding[] = (validate.errors ?? []).map((e) => ({
      checkId: checkIdOf(e, env),
      path: errorPath(e),
      code: e.keyword,
      message: e.message ?? e.keyword,
    }));
    return { valid: false, findings };
  }
  const findings = policyFindings(spec, env, context);
  return findings.length ? { valid: false, findings } : { valid: true };
}
