import type { Finding } from '../../contract/adapter.js';
import type { ErrorPayload, ErrorSpec } from '../../spec/error.js';

/**
 * Whether `status` fits `code` (D-ERR-09): values outside the HTTP range are system codes and are
 * not compared; transport statuses fit any code; other HTTP statuses must be listed for the code.
 * A code outside the registry has no row: that is ERR-REGISTRY-CODE's business, not this rule's. The
 * row is an own member of the table: a code named like a member every object inherits
 * (`constructor`, `toString`) has no row either.
 */
export function numericAligned(code: string, status: number, spec: ErrorSpec): boolean {
  const t = spec.numericAlignment;
  if (!Object.hasOwn(t.codes, code)) return true;
  const row = t.codes[code]!;
  if (status < t.httpRange[0] || status > t.httpRange[1]) return true;
  if (status >= t.anyCodeFrom || t.anyCode.includes(status)) return true;
  return row.aligned.includes(status);
}

/** ERR-NUMERIC-ALIGN (SHOULD): `numeric_status`, when present, is consistent with `code`. */
export function numericFindings(p: ErrorPayload, spec: ErrorSpec): Finding[] {
  const s = p.body.numeric_status;
  if (s === undefined || numericAligned(p.body.code, s, spec)) return [];
  return [
    {
      checkId: 'ERR-NUMERIC-ALIGN',
      path: '/body/numeric_status',
      code: 'numeric-align',
      message: `numeric_status ${s} does not fit code ${p.body.code}`,
    },
  ];
}
