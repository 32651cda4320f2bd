import type { Finding } from '../../contract/adapter.js';
import type { ErrorPayload, ErrorSpec } from '../../spec/error.js';

/** ERR-REGISTRY-CODE: `code` is one of the legacy registry codes (D-ERR-03). */
export function registryFindings(p: ErrorPayload, spec: ErrorSpec): Finding[] {
  if (spec.registry.codes.includes(p.body.code)) return [];
  return [{ checkId: 'ERR-REGISTRY-CODE', path: '/body/code', code: 'registry', message: `code ${JSON.stringify(p.body.code)} is not a registry code` }];
}
