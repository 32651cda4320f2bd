import type { Adapter, Finding, Verdict } from '../../contract/adapter.js';
import type { ErrorPayload, ErrorSpec } from '../../spec/error.js';
import type { SpecData } from '../../spec/index.js';
import { conditionActionFindings } from './condition-action.js';
import { configRetryFindings } from './config-retry.js';
import { execParamFindings } from './exec-params.js';
import { secretFindings } from './no-secrets.js';
import { numericFindings } from './numeric.js';
import { registryFindings } from './registry.js';
import { structureFindings } from './structure.js';

/** The rules that read the body; they run on a payload that has one. */
const BODY_RULES = [registryFindings, conditionActionFindings, execParamFindings, configRetryFindings, numericFindings];

/**
 * The reference validator of extended uai.error.v1 payloads (seed 000 and `spec`). Structure first:
 * the semantic rules read typed members, so they run only on a well-formed payload (one without a
 * body is well-formed only when D-ERR-02 leaves `body` optional; nothing but the secret scan then
 * applies). Every finding names the check it belongs to and a JSON Pointer. No rule reads the clock.
 */
function validateError(payload: unknown, spec: ErrorSpec): Verdict {
  const structural = structureFindings(payload, spec);
  if (structural.length > 0) return { valid: false, findings: structural };
  const p = payload as ErrorPayload;
  const findings: Finding[] = [
    ...(p.body === undefined ? [] : BODY_RULES.flatMap((rule) => rule(p, spec))),
    ...secretFindings(p),
  ];
  return { valid: findings.length === 0, findings };
}

/** The reference's `validateError` member, judging by `spec.error` (its validators compiled once per spec object). */
export function errorReference(spec: SpecData): Pick<Required<Adapter>, 'validateError'> {
  return { validateError: (payload) => validateError(payload, spec.error) };
}
