import type { ErrorObject } from 'ajv';
import type { Finding, ValidationContext, Verdict } from '../../contract/adapter.js';
import type { EnvelopeSpec } from '../../spec/envelope.js';
import { policyFindings } from './policy.js';
import { profileValidator } from './schema.js';

/** Names the validation expectation an ajv error breaks, so findings point at the rule. */
function checkIdOf(e: ErrorObject): string {
  const path = e.instancePath;
  const missing = e.keyword === 'required' ? `${path}/${(e.params as { missingProperty: string }).missingProperty}` : path;
  if (e.keyword === 'additionalProperties') return 'ENV-UNDECLARED-FIELD';
  if (/^\/conversation\/correlation_id$/.test(missing)) return 'ENV-CORRELATION-ID';
  if (/^\/delivery\/idempotency_key$/.test(missing)) return 'ENV-IDEMPOTENCY-KEY';
  if (/^\/delivery\/fallback_directive$/.test(missing)) return 'ENV-FALLBACK-DIRECTIVE';
  if (/^\/(source|target)\//.test(missing) && e.keyword !== 'required') return 'ENV-IDENTITY';
  if (/^\/body\/evidence(\/|$)/.test(path)) return 'ENV-FINAL-REPORT-EVIDENCE';
  if (e.keyword === 'required') return 'ENV-REQUIRED-FIELDS';
  if ((e.keyword === 'pattern' || e.keyword === 'format') && /(_at|_utc)$/.test(path)) return 'ENV-UTC-Z';
  return 'ENV-SCHEMA';
}

/**
 * The reference envelope validator: the strict schema built from the envelope spec data `spec`,
 * then the policy rules. Findings carry the check id of the rule they break and a JSON Pointer.
 */
export function validateEnvelope(spec: EnvelopeSpec, packet: unknown, context: ValidationContext): Verdict {
  if (packet === null || typeof packet !== 'object' || Array.isArray(packet)) {
    return { valid: false, findings: [{ checkId: 'ENV-SCHEMA', path: '', code: 'type', message: 'an envelope is a JSON object' }] };
  }
  const env = packet as Record<string, unknown>;
  if (env.profile === undefined) {
    return { valid: false, findings: [{ checkId: 'ENV-REQUIRED-FIELDS', path: '/profile', code: 'required', message: 'the profile is missing' }] };
  }
  if (typeof env.profile !== 'string' || !Object.hasOwn(spec.profiles, env.profile)) {
    return { valid: false, findings: [{ checkId: 'ENV-PROFILE-KNOWN', path: '/profile', code: 'unknown_profile', message: `unknown profile ${JSON.stringify(env.profile)}` }] };
  }
  const validate = profileValidator(spec, env.profile);
  if (!validate(env)) {
    const findings: Finding[] = (validate.errors ?? []).map((e) => ({
      checkId: checkIdOf(e),
      path: e.keyword === 'required' ? `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}` : e.keyword === 'additionalProperties' ? `${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty}` : e.instancePath,
      code: e.keyword,
      message: e.message ?? e.keyword,
    }));
    return { valid: false, findings };
  }
  const findings = policyFindings(spec, env, context);
  return findings.length ? { valid: false, findings } : { valid: true };
}
