import type { Adapter, Finding, Verdict } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { createReferenceAdapter } from '../../../src/reference/index.js';
import type { ErrorSpec } from '../../../src/spec/error.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import type { ByFamily } from '../../helpers/broken.js';

/**
 * Broken error validators by mutation family: each is the reference with one slip that only that
 * family of its check catches (the gallery's contract, `describeGallery`, proves it).
 */
const bundled = bundledSpec().error;

/** The bundled reference's verdict (it answers synchronously). */
const judge = (payload: unknown, context: { now: string }): Verdict => referenceAdapter.validateError!(payload, context) as Verdict;

const named = (name: string, adapter: Adapter): Adapter => ({ ...adapter, describe: () => ({ name, version: '0' }) });

/** The reference, but blind to the findings `drop` selects (it sees the payload, too). */
function dropping(name: string, drop: (f: Finding, payload: any) => boolean): Adapter {
  return named(name, {
    ...referenceAdapter,
    validateError(payload, context) {
      const findings = (judge(payload, context).findings ?? []).filter((f) => !drop(f, payload));
      return findings.length ? { valid: false, findings } : { valid: true };
    },
  });
}

/** The reference judging a payload `fix` has normalised first (a copy: the case stays as it was). */
function normalising(name: string, fix: (p: any) => void): Adapter {
  return named(name, {
    ...referenceAdapter,
    validateError(payload, context) {
      const p = structuredClone(payload);
      if (p !== null && typeof p === 'object') fix(p);
      return judge(p, context);
    },
  });
}

/** The reference built for other error data: a validator whose tables or lists differ from the pack's in one entry. */
function readingData(name: string, error: (e: ErrorSpec) => Record<string, unknown>): Adapter {
  return named(name, createReferenceAdapter(withOverrides(bundledSpec(), { error: error(bundled) }), { version: '0' }));
}

/** The value a finding's JSON Pointer names in `payload`. */
function valueAt(payload: unknown, pointer: string): unknown {
  let at: any = payload;
  for (const step of pointer.split('/').slice(1)) at = at?.[step.replace(/~1/g, '/').replace(/~0/g, '~')];
  return at;
}

/** Applies `f` to the members of `p` that hold an enum or const value of the published schema. */
function eachEnumMember(p: any, f: (v: string) => string): void {
  const fix = (o: any, keys: string[]) => {
    if (o === null || typeof o !== 'object') return;
    for (const k of keys) if (typeof o[k] === 'string') o[k] = f(o[k]);
  };
  fix(p, ['uai_version', 'profile']);
  fix(p.body, ['status', 'origin']);
  for (const se of Array.isArray(p.body?.sub_errors) ? p.body.sub_errors : []) {
    fix(se, ['mechanical_condition']);
    for (const o of Array.isArray(se?.recovery_options) ? se.recovery_options : []) fix(o, ['action']);
  }
}

const codeFinding = (f: Finding) => f.checkId === 'ERR-REGISTRY-CODE';
const numericFinding = (f: Finding, p: any, within: (s: number) => boolean) => f.checkId === 'ERR-NUMERIC-ALIGN' && within(p.body.numeric_status);
const secretFinding = (f: Finding, said: string) => f.checkId === 'ERR-NO-SECRETS' && f.message.includes(said);
const STRICT_TEXT = /^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/;

export const byFamily: ByFamily = {
  'ERR-SCHEMA': {
    // Reads a member of the payload after `typeof p === 'object'`, which null passes; its catch-all answers valid.
    'null-payload': named('null taken for an object', { ...referenceAdapter, validateError: (payload, context) => (payload === null ? { valid: true } : judge(payload, context)) }),
    // Compares enum values case-insensitively.
    'enum-case': normalising('case-insensitive enums', (p) => eachEnumMember(p, (v) => v.toLowerCase())),
    // Reads numeric_status with Number(), so " 422" and "422.0" are 422.
    'numeric-string': normalising('coerced numeric_status', (p) => {
      const s = p.body?.numeric_status;
      if (typeof s === 'string' && s.trim() !== '' && Number.isInteger(Number(s))) p.body.numeric_status = Number(s);
    }),
  },
  'ERR-REGISTRY-CODE': {
    // Compares codes case-insensitively.
    'code:case': normalising('case-insensitive registry', (p) => typeof p.body?.code === 'string' && (p.body.code = p.body.code.toLowerCase())),
    // Trims the code.
    'code:space': normalising('trimmed code', (p) => typeof p.body?.code === 'string' && (p.body.code = p.body.code.trim())),
    // Reads dashes and dots as underscores.
    'code:separator': normalising('separators normalised', (p) => typeof p.body?.code === 'string' && (p.body.code = p.body.code.replace(/[-.]/g, '_'))),
    // Looks the code up with `in` on an object keyed by the registry codes.
    'code:proto': dropping('registry looked up with in', (f, p) => codeFinding(f) && p.body.code in {}),
    // Checks the code only when it is truthy.
    'code:empty': dropping('code checked when truthy', (f, p) => codeFinding(f) && p.body.code === ''),
    // Normalises the code to NFKC and strips format characters first.
    'code:lookalike': normalising('NFKC code', (p) => typeof p.body?.code === 'string' && (p.body.code = p.body.code.normalize('NFKC').replace(/[\u200b\u00ad]/g, ''))),
  },
  'ERR-CONDITION-ACTION': {
    // A table without the unknown_outcome row: a plain retry before readback passes.
    'misfit:unknown_outcome': readingData('no unknown_outcome row', (e) => ({ conditionActions: { table: { ...e.conditionActions.table, unknown_outcome: { ...e.conditionActions.table.unknown_outcome!, forbidden: [] } } } })),
  },
  'ERR-EXEC-PARAMS': {
    // Matches the URL's text and never parses it.
    'url-host': dropping('URL text matched, never parsed', (f, p) => {
      const value = valueAt(p, f.path ?? '');
      return f.checkId === 'ERR-EXEC-PARAMS' && typeof value === 'string' && STRICT_TEXT.test(value);
    }),
    // Knows URL parameters by their names and by the first suffix (`_url`), never by the others (`_uri`, `_route`).
    'url-suffix-key': readingData('URL keys by name and _url only', (e) => ({ urls: { ...e.urls, keySuffixes: e.urls.keySuffixes.slice(0, 1) } })),
    // Tests the URL rule on strings only: null, a number or an object under a URL key passes.
    'url-not-string': dropping('URL rule for strings only', (f, p) => f.checkId === 'ERR-EXEC-PARAMS' && f.code === 'https' && typeof valueAt(p, f.path ?? '') !== 'string'),
  },
  'ERR-CONFIG-NO-RETRY': {
    // A retry list that lacks one of the parameters D-ERR-08 names (milliseconds, say).
    'retry-param:retry_interval_ms': readingData('retry list without retry_interval_ms', (e) => ({ retry: { ...e.retry, parameters: e.retry.parameters.filter((x) => x !== 'retry_interval_ms') } })),
  },
  'ERR-NUMERIC-ALIGN': {
    // Reads the compared range as exclusive: 200 itself is not compared.
    'numeric:range-floor': dropping('range read as exclusive', (f, p) => numericFinding(f, p, (s) => s === 200)),
    // Flags 200 alone among the success statuses.
    'numeric:success': dropping('200 the only success', (f, p) => numericFinding(f, p, (s) => s > 200 && s < 300)),
    // Flags success statuses, never redirects.
    'numeric:redirect': dropping('redirects not compared', (f, p) => numericFinding(f, p, (s) => s >= 300 && s < 400)),
    // Reads the auth statuses as transport ones that fit any code.
    'numeric:auth-4xx': dropping('auth statuses fit any code', (f, p) => numericFinding(f, p, (s) => [401, 403, 407].includes(s))),
    // Compares only the auth statuses among the 4xx.
    'numeric:cross-4xx': dropping('auth statuses only', (f, p) => numericFinding(f, p, (s) => s >= 400 && s < 500 && ![401, 403, 407].includes(s))),
  },
  'ERR-NO-SECRETS': {
    // Scans the body, never the envelope's message id.
    'message-id': dropping('message id not scanned', (f) => f.checkId === 'ERR-NO-SECRETS' && f.path === '/message_id'),
    // Scans member values, never member names.
    'param-key': dropping('member names not scanned', (f) => secretFinding(f, 'in a member name')),
    // Scans the parameters one level deep.
    'param-nested': dropping('parameters scanned one level deep', (f) => f.checkId === 'ERR-NO-SECRETS' && /\/executable_parameters\/[^/]+\/./.test(f.path ?? '')),
    // Percent-decodes once, as a URL parser does.
    'percent-twice': dropping('percent-decoded once', (f) => secretFinding(f, 'percent-decoded twice')),
    // Never decodes base64.
    base64url: dropping('base64 not decoded', (f) => secretFinding(f, 'base64-decoded')),
  },
};
