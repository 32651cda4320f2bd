import { createRequire } from 'node:module';
import type { Adapter, Finding, Verdict } from '../../../src/contract/adapter.js';
import { referenceAdapter } from '../../../src/adapters/reference.js';
import { secretFindings } from '../../../src/reference/error/no-secrets.js';
import { createReferenceAdapter } from '../../../src/reference/index.js';
import { declaredMembers, isUrlKey, levelSchemas, type ErrorLevel, type ErrorSpec } from '../../../src/spec/error.js';
import { bundledSpec, withOverrides } from '../../../src/spec/index.js';
import type { ByFamily } from '../../helpers/broken.js';

/**
 * Broken error validators by mutation family: each is the reference with one slip that only that
 * family of its check catches (the gallery's contract, `describeGallery`, proves it).
 */
const bundled = bundledSpec().error;

/** The bundled reference's verdict (it answers synchronously). */
const judge = (payload: unknown, context: { now: string }): Verdict =>
  referenceAdapter.validateError!(payload, context) as Verdict;

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

/** The reference with a D-ERR-04 table that lacks `condition`'s row: every action passes for it. */
function withoutRow(condition: string): Adapter {
  return readingData(`misses the ${condition} row of the table`, (e) => ({
    conditionActions: {
      table: { ...e.conditionActions.table, [condition]: { ...e.conditionActions.table[condition]!, forbidden: [] } },
    },
  }));
}

/** The JSON Schema type `action`'s parameter schema gives `key` (undefined for a key it does not name). */
function parameterType(action: unknown, key: string): unknown {
  const a =
    typeof action === 'string' && Object.hasOwn(bundled.executableParameters.actions, action)
      ? bundled.executableParameters.actions[action]
      : undefined;
  return (a?.schema as any)?.properties?.[key]?.type;
}

/** The reference with a D-ERR-08 retry list that lacks `key`. */
function retryListWithout(key: string): Adapter {
  return readingData(`forgets ${key} in its retry list`, (e) => ({
    retry: { ...e.retry, parameters: e.retry.parameters.filter((x) => x !== key) },
  }));
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

/** The enum or const values the published schema gives the member named last in `pointer` (null for a member without one). */
function vocabularyAt(pointer: string): unknown[] | null {
  const name = pointer.split('/').pop()!;
  for (const level of Object.values(levelSchemas(bundled))) {
    const m = level.properties?.[name];
    if (m?.enum) return m.enum;
    if (m?.const !== undefined) return [m.const];
  }
  return null;
}

/** ajv-formats' full-mode formats (the reference asserts its `uri`). */
const requireCjs = createRequire(import.meta.url);
const fullFormats = (
  requireCjs('ajv-formats/dist/formats.js') as { fullFormats: Record<string, RegExp | ((s: string) => boolean)> }
).fullFormats;
const matchesFormat = (format: string, value: string) => {
  const f = fullFormats[format]!;
  return typeof f === 'function' ? f(value) : f.test(value);
};
const schemaFinding = (f: Finding) => f.checkId === 'ERR-SCHEMA';
const schemaValue = (f: Finding, p: any) => valueAt(p, f.path ?? '');

const paramFinding = (f: Finding) => f.checkId === 'ERR-EXEC-PARAMS';
/** The option a finding of ERR-EXEC-PARAMS sits in. */
const optionOf = (f: Finding, p: any) => valueAt(p, (f.path ?? '').split('/').slice(0, 6).join('/')) as any;
/** The parameter key a finding names (the member after executable_parameters), if any. */
const paramKey = (f: Finding) => (f.path ?? '').split('/')[7];
/** A URL finding (the parameter schemas' format, or the URL-key scan) on a string value. */
const urlText = (f: Finding, p: any): string | null => {
  const v = valueAt(p, f.path ?? '');
  return paramFinding(f) && (f.code === 'format' || f.code === 'https') && typeof v === 'string' ? v : null;
};
/** `new URL(v)`, or null where it throws. */
const parsed = (v: string, base?: string): URL | null => {
  try {
    return new URL(v, base);
  } catch {
    return null;
  }
};

/** Whether `pointer` goes through a member no level of the published schema declares (a vendor member). */
function throughUndeclared(pointer: string): boolean {
  const declared = declaredMembers(bundled);
  const [, ...steps] = pointer.split('/');
  let level: ErrorLevel = 'payload';
  for (let i = 0; i < steps.length; i++) {
    const name = steps[i]!;
    if (!declared[level].includes(name)) return true;
    if (level === 'payload' && name === 'body') level = 'body';
    else if (level === 'body' && name === 'sub_errors') (level = 'subError'), i++;
    else if (level === 'subError' && name === 'recovery_options') (level = 'option'), i++;
    else return false;
  }
  return false;
}

const codeFinding = (f: Finding) => f.checkId === 'ERR-REGISTRY-CODE';
const numericFinding = (f: Finding, p: any, within: (s: number) => boolean) =>
  f.checkId === 'ERR-NUMERIC-ALIGN' && within(p.body.numeric_status);
const secretFinding = (f: Finding, said: string) => f.checkId === 'ERR-NO-SECRETS' && f.message.includes(said);
const STRICT_TEXT = /^https:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/;

export const byFamily: ByFamily = {
  'ERR-SCHEMA': {
    // Reads a member of the payload after `typeof p === 'object'`, which null passes; its catch-all answers valid.
    'null-payload': named('null taken for an object', {
      ...referenceAdapter,
      validateError: (payload, context) => (payload === null ? { valid: true } : judge(payload, context)),
    }),
    // Compares enum values case-insensitively.
    'enum-case': normalising('case-insensitive enums', (p) => eachEnumMember(p, (v) => v.toLowerCase())),
    // Validates the published schema alone: it leaves the envelope members optional (D-ERR-02).
    'missing-envelope': dropping(
      'leaves the envelope members optional, as the published schema does',
      (f) => schemaFinding(f) && f.code === 'required' && (f.message ?? '').includes('D-ERR-02'),
    ),
    // Checks required members at the envelope only, never inside the body, a sub-error or an option.
    'missing-member': dropping(
      'checks required members at the envelope only',
      (f) => schemaFinding(f) && f.code === 'required' && !(f.message ?? '').includes('D-ERR-02'),
    ),
    // Checks a scalar member with `if (value && ...)`: null or an empty string passes as absent.
    falsy: dropping('checks a scalar member only when it is truthy', (f, p) => {
      const v = schemaValue(f, p);
      return (
        schemaFinding(f) &&
        f.path !== '' &&
        (v === null || v === '') &&
        f.message !== 'must be object' &&
        f.message !== 'must be array'
      );
    }),
    // Reads a container with `?? []` / `?? {}`: null is an empty one.
    'null-container': dropping(
      'reads a null container as an empty one (?? [])',
      (f, p) =>
        schemaFinding(f) &&
        schemaValue(f, p) === null &&
        (f.message === 'must be object' || f.message === 'must be array'),
    ),
    // Types objects and arrays with `typeof x === 'object'`, which an array and an object both pass.
    'container-type': dropping("types containers with x !== null && typeof x === 'object'", (f, p) => {
      const v = schemaValue(f, p);
      return (
        schemaFinding(f) &&
        f.code === 'type' &&
        v !== null &&
        typeof v === 'object' &&
        (f.path === '' || f.message === 'must be object' || f.message === 'must be array')
      );
    }),
    // Reads string members with String(): a number or a boolean is text.
    'wrong-type': dropping('reads string members with String(), so a number or a boolean is text', (f, p) => {
      const v = schemaValue(f, p);
      return schemaFinding(f) && f.message === 'must be string' && (typeof v === 'number' || typeof v === 'boolean');
    }),
    // Types integers with `typeof x === 'number'`, so a fraction passes.
    'non-integer': dropping(
      "types integers with typeof === 'number'",
      (f, p) => schemaFinding(f) && f.message === 'must be integer' && typeof schemaValue(f, p) === 'number',
    ),
    // Trims enum and const values before comparing.
    'enum-space': normalising('trims enum values before comparing', (p) => eachEnumMember(p, (v) => v.trim())),
    // Looks enum values up with `in` on an object keyed by them, so inherited names (constructor, toString) are members.
    'enum-proto': dropping('looks enum values up with in', (f, p) => {
      const v = schemaValue(f, p);
      return schemaFinding(f) && f.code === 'enum' && typeof v === 'string' && v in {};
    }),
    // Shares the status vocabulary of success payloads: "ok" is a status.
    'foreign-value': dropping(
      'takes "ok" for a status, as success payloads spell it',
      (f, p) => schemaFinding(f) && f.code === 'enum' && f.path === '/body/status' && p.body.status === 'ok',
    ),
    // Compares enum and const values with ==, which is also its type check: ["error"] == "error".
    'loose-equal': dropping('compares enum values with ==', (f, p) => {
      const v = schemaValue(f, p);
      return (
        schemaFinding(f) &&
        typeof v !== 'string' &&
        (f.code === 'enum' || f.code === 'const' || f.message === 'must be string') &&
        (vocabularyAt(f.path ?? '') ?? []).some((x) => (x as any) == v)
      );
    }),
    // Asserts `uri-reference` for `uri`: a relative reference passes.
    'uri-relative': dropping('asserts uri-reference where uri is asked', (f, p) => {
      const v = schemaValue(f, p);
      return schemaFinding(f) && f.code === 'format' && typeof v === 'string' && matchesFormat('uri-reference', v);
    }),
    // Maps an IRI to a URI first (percent-encodes non-ASCII, RFC 3987 §3.1): a raw-unicode IRI passes.
    'uri-iri': dropping('maps an IRI to a URI before the uri check', (f, p) => {
      const v = schemaValue(f, p);
      return (
        schemaFinding(f) &&
        f.code === 'format' &&
        typeof v === 'string' &&
        /[^\x00-\x7f]/.test(v) &&
        matchesFormat(
          'uri',
          v.replace(/[^\x00-\x7f]/gu, (c) => encodeURIComponent(c)),
        )
      );
    }),
    // Matches a URI as a scheme, a colon and printable ASCII, never the grammar.
    'uri-malformed': dropping('matches a URI as a scheme and printable ASCII', (f, p) => {
      const v = schemaValue(f, p);
      return schemaFinding(f) && f.code === 'format' && typeof v === 'string' && /^[a-z][a-z0-9+.-]*:[!-~]+$/i.test(v);
    }),
    // Reads numeric_status with Number(), so " 422" and "422.0" are 422.
    'numeric-string': normalising('coerced numeric_status', (p) => {
      const s = p.body?.numeric_status;
      if (typeof s === 'string' && s.trim() !== '' && Number.isInteger(Number(s))) p.body.numeric_status = Number(s);
    }),
  },
  'ERR-REGISTRY-CODE': {
    // Compares codes case-insensitively.
    'code:case': normalising(
      'case-insensitive registry',
      (p) => typeof p.body?.code === 'string' && (p.body.code = p.body.code.toLowerCase()),
    ),
    // Trims the code.
    'code:space': normalising(
      'trimmed code',
      (p) => typeof p.body?.code === 'string' && (p.body.code = p.body.code.trim()),
    ),
    // Reads dashes and dots as underscores.
    'code:separator': normalising(
      'separators normalised',
      (p) => typeof p.body?.code === 'string' && (p.body.code = p.body.code.replace(/[-.]/g, '_')),
    ),
    // Looks the code up with `in` on an object keyed by the registry codes.
    'code:proto': dropping('registry looked up with in', (f, p) => codeFinding(f) && p.body.code in {}),
    // Checks the code only when it is truthy.
    'code:empty': dropping('code checked when truthy', (f, p) => codeFinding(f) && p.body.code === ''),
    // A registry widened with a code of a neighbouring vocabulary (HTTP's reason phrases: not_found).
    'code:foreign': readingData('widens the registry with not_found', (e) => ({
      registry: { ...e.registry, codes: [...e.registry.codes, 'not_found'] },
    })),
    // Normalises the code to NFKC and strips format characters first.
    'code:lookalike': normalising(
      'NFKC code',
      (p) =>
        typeof p.body?.code === 'string' &&
        (p.body.code = p.body.code.normalize('NFKC').replace(/[\u200b\u00ad]/g, '')),
    ),
  },
  'ERR-CONDITION-ACTION': {
    // A table without the unknown_outcome row: a plain retry before readback passes.
    'misfit:unknown_outcome': readingData('no unknown_outcome row', (e) => ({
      conditionActions: {
        table: {
          ...e.conditionActions.table,
          unknown_outcome: { ...e.conditionActions.table.unknown_outcome!, forbidden: [] },
        },
      },
    })),
    // The same slip for each other row: a table that misses it forbids nothing for its condition.
    'misfit:malformed_request': withoutRow('malformed_request'),
    'misfit:unsupported_format': withoutRow('unsupported_format'),
    'misfit:unavailable_tool': withoutRow('unavailable_tool'),
    'misfit:missing_permission': withoutRow('missing_permission'),
    'misfit:expired_credential': withoutRow('expired_credential'),
    'misfit:stale_revision': withoutRow('stale_revision'),
    'misfit:exhausted_allocation': withoutRow('exhausted_allocation'),
    'misfit:dependency_failure': withoutRow('dependency_failure'),
  },
  'ERR-EXEC-PARAMS': {
    // Matches the URL's text and never parses it.
    'url-host': dropping('URL text matched, never parsed', (f, p) => {
      const value = valueAt(p, f.path ?? '');
      return f.checkId === 'ERR-EXEC-PARAMS' && typeof value === 'string' && STRICT_TEXT.test(value);
    }),
    // Knows URL parameters by their names and by the first suffix (`_url`), never by the others (`_uri`, `_route`).
    'url-suffix-key': readingData('URL keys by name and _url only', (e) => ({
      urls: { ...e.urls, keySuffixes: e.urls.keySuffixes.slice(0, 1) },
    })),
    // Requires some parameters, never the ones its action names: an option that gives any passes.
    missing: dropping('requires some parameters, never the ones its action names', (f, p) => {
      const given = optionOf(f, p)?.executable_parameters;
      return (
        paramFinding(f) &&
        f.code === 'required' &&
        given !== null &&
        typeof given === 'object' &&
        Object.keys(given).length > 0
      );
    }),
    // Validates the parameters with `if (o.executable_parameters)`: an option without the member passes.
    absent: dropping(
      'checks the parameters only when executable_parameters is there',
      (f, p) => paramFinding(f) && f.code === 'required' && optionOf(f, p)?.executable_parameters === undefined,
    ),
    // Checks a parameter's schema only when its value is truthy (the URL-key scan stays strict).
    falsy: dropping('checks a parameter only when it is truthy', (f, p) => {
      const v = valueAt(p, f.path ?? '');
      return paramFinding(f) && f.code !== 'https' && f.code !== 'required' && (v === null || v === '');
    }),
    // Reads a text parameter with String(): a number or a boolean is text (URL keys are still held to https).
    'wrong-type': dropping('reads text parameters with String()', (f, p) => {
      const v = valueAt(p, f.path ?? '');
      return (
        paramFinding(f) &&
        f.message === 'must be string' &&
        (typeof v === 'number' || typeof v === 'boolean') &&
        !isUrlKey(paramKey(f) ?? '', bundled)
      );
    }),
    // Reads max_retries with Number(), so " 3" and "3.0" are 3.
    'numeric-string': normalising('reads integer parameters with Number()', (p) => {
      for (const se of Array.isArray(p.body?.sub_errors) ? p.body.sub_errors : []) {
        for (const o of Array.isArray(se?.recovery_options) ? se.recovery_options : []) {
          const given = o?.executable_parameters;
          if (given === null || typeof given !== 'object') continue;
          for (const [k, v] of Object.entries(given))
            if (
              typeof v === 'string' &&
              v.trim() !== '' &&
              Number.isInteger(Number(v)) &&
              parameterType(o.action, k) === 'integer'
            )
              given[k] = Number(v);
        }
      }
    }),
    // Types an integer parameter with `typeof x === 'number'`, so a fraction passes.
    'non-integer': dropping(
      "types integer parameters with typeof === 'number'",
      (f, p) => paramFinding(f) && f.message === 'must be integer' && typeof valueAt(p, f.path ?? '') === 'number',
    ),
    // Checks the parameters' types, never their bounds (minimum, minItems, maxLength).
    'out-of-range': dropping(
      'checks parameter types, never their bounds',
      (f) =>
        paramFinding(f) &&
        [
          'minimum',
          'maximum',
          'exclusiveMinimum',
          'exclusiveMaximum',
          'minItems',
          'maxItems',
          'minLength',
          'maxLength',
        ].includes(f.code ?? ''),
    ),
    // Takes supported_levels for any strings, never the level vocabulary.
    vocabulary: dropping(
      'never checks level names against their vocabulary',
      (f) => paramFinding(f) && f.code === 'enum',
    ),
    // Implements the parameter schemas' URL format as `^https?://`: http passes there (the key scan and the review URL stay strict).
    'url-scheme': dropping("takes http for https in the parameter schemas' URL format", (f, p) => {
      const v = urlText(f, p);
      const u = v === null ? null : parsed(v);
      return (
        f.code === 'format' &&
        v !== null &&
        u !== null &&
        /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i.test(v) &&
        (u.protocol === 'http:' || u.protocol === 'https:') &&
        u.username === '' &&
        u.password === ''
      );
    }),
    // Resolves a URL without a scheme against the error's own origin (a scheme, where there is one, must be https).
    'url-relative': dropping("resolves a relative URL against the error's origin", (f, p) => {
      const v = urlText(f, p);
      return (
        v !== null &&
        /^\S+$/.test(v) &&
        !/^[a-z][a-z0-9+.-]*:/i.test(v) &&
        parsed(v, 'https://agent.example/')?.protocol === 'https:'
      );
    }),
    // Parses the URL with new URL() and reads its protocol, never holding the text to the form WHATWG repairs.
    'url-repair': dropping('parses URLs with new URL(), which repairs them', (f, p) => {
      const v = urlText(f, p);
      const u = v === null ? null : parsed(v);
      return u !== null && u.protocol === 'https:' && u.hostname !== '' && u.username === '' && u.password === '';
    }),
    // Holds the URL to https and a host, but lets userinfo before the host through.
    'url-userinfo': dropping('lets userinfo before the host through', (f, p) => {
      const v = urlText(f, p);
      const u = v === null ? null : parsed(v);
      return (
        v !== null &&
        u !== null &&
        /^https:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i.test(v) &&
        u.protocol === 'https:' &&
        u.hostname !== ''
      );
    }),
    // Holds the parameters' URLs to https, never human_review_url.
    'url-review': dropping(
      'never holds human_review_url to https',
      (f) => paramFinding(f) && (f.path ?? '').endsWith('/human_review_url'),
    ),
    // Tests the URL rule on strings only: null, a number or an object under a URL key passes.
    'url-not-string': dropping(
      'URL rule for strings only',
      (f, p) => f.checkId === 'ERR-EXEC-PARAMS' && f.code === 'https' && typeof valueAt(p, f.path ?? '') !== 'string',
    ),
  },
  'ERR-CONFIG-NO-RETRY': {
    // A retry list that lacks one of the parameters D-ERR-08 names (milliseconds, say).
    'retry-param:retry_interval_ms': readingData('retry list without retry_interval_ms', (e) => ({
      retry: { ...e.retry, parameters: e.retry.parameters.filter((x) => x !== 'retry_interval_ms') },
    })),
    // The same slip for each other parameter D-ERR-08 names: a retry list that lacks it.
    'retry-param:max_retries': retryListWithout('max_retries'),
    'retry-param:backoff_strategy': retryListWithout('backoff_strategy'),
    'retry-param:retry_after': retryListWithout('retry_after'),
    'retry-param:retry_after_seconds': retryListWithout('retry_after_seconds'),
    'retry-param:retry_interval': retryListWithout('retry_interval'),
    // Forbids retry parameters on the other actions, never the retry action itself (whose parameters its schema declares).
    'retry-action:wait_for_dependency': dropping(
      'forbids retry parameters, never the retry action that carries them',
      (f) => f.checkId === 'ERR-CONFIG-NO-RETRY' && (f.path ?? '').endsWith('/action'),
    ),
  },
  'ERR-NUMERIC-ALIGN': {
    // Reads the compared range as exclusive: 200 itself is not compared.
    'numeric:range-floor': dropping('range read as exclusive', (f, p) => numericFinding(f, p, (s) => s === 200)),
    // Flags 200 alone among the success statuses.
    'numeric:success': dropping('200 the only success', (f, p) => numericFinding(f, p, (s) => s > 200 && s < 300)),
    // Flags success statuses, never redirects.
    'numeric:redirect': dropping('redirects not compared', (f, p) => numericFinding(f, p, (s) => s >= 300 && s < 400)),
    // Reads the auth statuses as transport ones that fit any code.
    'numeric:auth-4xx': dropping('auth statuses fit any code', (f, p) =>
      numericFinding(f, p, (s) => [401, 403, 407].includes(s)),
    ),
    // Compares only the auth statuses among the 4xx.
    'numeric:cross-4xx': dropping('auth statuses only', (f, p) =>
      numericFinding(f, p, (s) => s >= 400 && s < 500 && ![401, 403, 407].includes(s)),
    ),
  },
  'ERR-NO-SECRETS': {
    // Scans the body, never the envelope's message id.
    'message-id': dropping('message id not scanned', (f) => f.checkId === 'ERR-NO-SECRETS' && f.path === '/message_id'),
    // Takes detail for prose meant for a human and never scans it.
    detail: dropping('never scans detail', (f) => f.checkId === 'ERR-NO-SECRETS' && f.path === '/body/detail'),
    // Scans a value on its own, never with its member's name: a credential-named member with a bare value passes.
    'param-member': dropping('scans values without their member names', (f) =>
      secretFinding(f, 'as a credential-named member'),
    ),
    // Takes the text parameters that are not URLs for machine values (field paths, formats) and never scans them.
    'param-value': dropping('never scans text parameters other than URLs', (f, p) => {
      const [, , , , , , params, key, ...rest] = (f.path ?? '').split('/');
      return (
        f.checkId === 'ERR-NO-SECRETS' &&
        params === 'executable_parameters' &&
        key !== undefined &&
        rest.length === 0 &&
        typeof valueAt(p, f.path ?? '') === 'string' &&
        !isUrlKey(key, bundled) &&
        !(f.message ?? '').includes('in a member name') &&
        !(f.message ?? '').includes('as a credential-named member')
      );
    }),
    // Scans a URL through its query's values only (URLSearchParams decodes them), never its path or the query's names.
    url: dropping('scans a URL in its query values only', (f, p) => {
      const v = valueAt(p, f.path ?? '');
      const u = typeof v === 'string' && isUrlKey((f.path ?? '').split('/').pop()!, bundled) ? parsed(v) : null;
      return f.checkId === 'ERR-NO-SECRETS' && u !== null && secretFindings([...u.searchParams.values()]).length === 0;
    }),
    // Scans the members the published schema declares (and what they hold), never a vendor's.
    'undeclared-member': dropping(
      'never scans undeclared members',
      (f) => f.checkId === 'ERR-NO-SECRETS' && throughUndeclared(f.path ?? ''),
    ),
    // Scans member values, never member names.
    'param-key': dropping('member names not scanned', (f) => secretFinding(f, 'in a member name')),
    // Scans the parameters one level deep.
    'param-nested': dropping(
      'parameters scanned one level deep',
      (f) => f.checkId === 'ERR-NO-SECRETS' && /\/executable_parameters\/[^/]+\/./.test(f.path ?? ''),
    ),
    // Percent-decodes once, as a URL parser does.
    'percent-twice': dropping('percent-decoded once', (f) => secretFinding(f, 'percent-decoded twice')),
    // Never decodes base64.
    base64url: dropping('base64 not decoded', (f) => secretFinding(f, 'base64-decoded')),
  },
};
