import type { Finding } from '../../contract/adapter.js';
import { registryClosed, type ErrorPayload, type ErrorSpec } from '../../spec/error.js';

/** ERR-REGISTRY-CODE: under a closed registry, `code` is one of the registry codes, compared exactly (D-ERR-03). */
export function registryFindings(p: ErrorPayload, spec: ErrorSpec): Finding[] {
  if (!registryClosed(spec) || spec.registry.codes.includes(p.body.code)) return [];
  return [
    {
      checkId: 'ERR-REGISTRY-CODE',
      path: '/body/code',
      code: 'registry',
      message: `code ${JSON.stringify(p.body.code)} is not a registry code`,
    },
  ];
}
