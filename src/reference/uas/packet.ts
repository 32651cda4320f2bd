import type { UasIssue } from './issues.js';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');

/**
 * The machine-readable feedback packet of seed 003 §5.2 for one issue: check_id, severity,
 * failed_ref, invalid_token and instruction, in that order (D-UAS-14). `failed_ref` is never empty:
 * an issue about no element, or about one whose reference or id is empty (or white space, which
 * reads as empty), names the document. Control characters that XML cannot carry are dropped from
 * the token so the packet itself stays well-formed.
 */
export function interceptPacket(issue: UasIssue, phase = 'PHASE-10'): string {
  const token = (issue.token ?? '').replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDFFF]/g, '');
  return (
    `<compilation_error_intercept phase="${phase}">` +
    `<check_id>${issue.checkId}</check_id>` +
    `<severity>fatal</severity>` +
    `<failed_ref>${esc(issue.ref?.trim() ? issue.ref : 'UAS_Document')}</failed_ref>` +
    `<invalid_token>${esc(token)}</invalid_token>` +
    `<instruction>${esc(issue.instruction ?? issue.message)}</instruction>` +
    `</compilation_error_intercept>`
  );
}
