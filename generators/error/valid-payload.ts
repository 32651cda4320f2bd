import * as fc from 'fast-check';
import {
  declaredMembers,
  isUrlOptionMember,
  membersOpen,
  schemeCaseSensitive,
  type ErrorLevel,
  type ErrorPayload,
  type ErrorSpec,
} from '../../src/spec/error.js';
import { tokenLike } from '../common/token-like.js';
import { detailText } from './detail-text.js';
import { errorPayload } from './error-payload.js';
import { acceptsExtras, parameterSchema } from './executable-parameters.js';
import { PROTOTYPE_NAMES, setOwn } from './prototype-names.js';

/** A valid payload as the acceptance check draws it: top-level members may be missing where D-ERR-02 leaves them optional. */
export type ValidErrorPayload = Partial<ErrorPayload> & Record<string, unknown>;

/** Names of members no schema level declares: vendor extensions, unicode and dashed keys. */
const UNKNOWN_KEYS = ['x-vendor-trace', 'vendor', 'locale', 'note', '説明', 'clé_été', 'extensions'];

/** A value for an undeclared member: token-like ids, texts, numbers, booleans, a small object. */
const unknownValue: fc.Arbitrary<unknown> = fc.oneof(
  tokenLike().map((t) => t.value),
  detailText(),
  fc.integer(),
  fc.boolean(),
  fc.record({ source: fc.constantFrom('gateway', 'sdk'), version: fc.nat(9) }),
);

/** The top-level members neither the published schema nor D-ERR-02 requires. */
function optionalTopLevel(spec: ErrorSpec): string[] {
  const required = new Set<string>([...(spec.schema.required ?? []), ...spec.envelope.required]);
  return declaredMembers(spec).payload.filter((m) => !required.has(m));
}

/** The objects of `p` at each level, where an undeclared member may go. */
function objectsAt(p: ValidErrorPayload): [ErrorLevel, Record<string, unknown>][] {
  const out: [ErrorLevel, Record<string, unknown>][] = [['payload', p]];
  if (p.body) {
    out.push(['body', p.body as unknown as Record<string, unknown>]);
    for (const se of p.body.sub_errors ?? []) {
      out.push(['subError', se as unknown as Record<string, unknown>]);
      for (const o of se.recovery_options) out.push(['option', o as unknown as Record<string, unknown>]);
    }
  }
  return out;
}

/** Names that are undeclared at `level` and read by no rule there (an option member D-ERR-06 names is a URL). */
function unknownKeys(level: ErrorLevel, spec: ErrorSpec): string[] {
  const declared = declaredMembers(spec)[level];
  return UNKNOWN_KEYS.filter((k) => !declared.includes(k) && !(level === 'option' && isUrlOptionMember(k, spec)));
}

/**
 * Valid payloads for ERR-VALID-ACCEPTED under `spec`: `errorPayload`'s, where some leave out the
 * top-level members D-ERR-02 does not require, and, while members are open (D-ERR-10, the pack's
 * reading of the published schema), some carry members the schema does not declare, at any level.
 */
export function validErrorPayload(spec: ErrorSpec): fc.Arbitrary<ValidErrorPayload> {
  const optional = optionalTopLevel(spec);
  const drop =
    optional.length > 0
      ? fc.oneof(
          { weight: 2, arbitrary: fc.constant<string[]>([]) },
          { weight: 1, arbitrary: fc.subarray(optional, { minLength: 1 }) },
        )
      : fc.constant<string[]>([]);
  const plant = fc.array(fc.tuple(fc.nat(), fc.nat(), unknownValue), { maxLength: 2 });
  const none = fc.constant<[number, number, unknown][]>([]);
  const unknown = membersOpen(spec) ? fc.oneof({ weight: 2, arbitrary: none }, { weight: 1, arbitrary: plant }) : none;
  return fc.tuple(errorPayload(spec), drop, unknown).map(([base, dropped, planted]) => {
    // A payload with nothing to drop or plant is `errorPayload`'s own, shared: no one edits a case
    // (mutators edit their own copy, and the harness gives the implementation its own).
    if (dropped.length === 0 && planted.length === 0) return base as unknown as ValidErrorPayload;
    const p = structuredClone(base) as unknown as ValidErrorPayload;
    for (const m of dropped) delete p[m];
    for (const [where, which, value] of planted) {
      const spots = objectsAt(p).filter(([level]) => unknownKeys(level, spec).length > 0);
      if (spots.length === 0) continue;
      const [level, target] = spots[where % spots.length]!;
      const keys = unknownKeys(level, spec);
      target[keys[which % keys.length]!] = value;
    }
    return p;
  });
}

/**
 * The hard cases of ERR-VALID-ACCEPTED, each a slip of a validator that rejects a valid payload
 * (evidence tags `edge:<kind>`, reached in a default run):
 * - `edge:proto-member`: own members named like the members every object inherits (`constructor`,
 *   `__proto__`, `hasOwnProperty`...), where members are open or in open parameters (a validator that
 *   calls `obj.hasOwnProperty` or reads `obj[name]` for a declared member);
 * - `edge:status-bound`: a numeric_status at the bounds of what D-ERR-09 compares (just outside the
 *   HTTP range, the first status that fits any code, the transport statuses): an off-by-one range;
 * - `edge:empty-detail`: an empty `detail` (D-ERR-11: any string): a truthiness check;
 * - `edge:upper-scheme`: where D-ERR-14 reads the scheme case-insensitively, a URL spelled `HTTPS://`;
 * - `edge:percent-noise`: a detail whose percent-escapes hold no credential however they are read
 *   (D-ERR-07): a malformed escape, which stays as written, and multi-byte escapes, decoded as a run
 *   (`PERCENT_NOISE`): a scanner that decodes escape by escape, or reads a malformed run as something
 *   else, finds a credential assignment that is not there;
 * - `edge:binary-base64`: a detail with a base64 run that decodes to bytes, not printable text, though
 *   a credential shape sits among them (`BINARY_BASE64`): D-ERR-07 counts a base64 run only when it
 *   decodes to printable text, so a scanner that reads every decoding rejects it.
 */
export const VALID_EDGES = [
  'edge:proto-member',
  'edge:status-bound',
  'edge:empty-detail',
  'edge:upper-scheme',
  'edge:percent-noise',
  'edge:binary-base64',
] as const;

/**
 * Details with percent-escapes that carry no credential (spec/secrets.json: an assignment's value has
 * 12 characters or more): `token=%FFab12` is 7 characters as written and `%FF` decodes to nothing;
 * `secret%3D` then six escaped `é` and `Ab1` decodes, run by run, to the 9-character `secret=ééééééAb1`.
 */
export const PERCENT_NOISE: readonly string[] = [
  'upstream answered token=%FFab12 (a malformed escape)',
  `retry the upstream with secret%3D${'%C3%A9'.repeat(6)}Ab1`,
];

/** A detail whose base64 run decodes to two control bytes, then `password=FAKEexample1234`: bytes, not printable text (D-ERR-07). */
export const BINARY_BASE64 = 'checksum input AQJwYXNzd29yZD1GQUtFZXhhbXBsZTEyMzQ= (binary)';

/** Whether `text` holds a base64 run of 16 characters or more that decodes to bytes with a control character. */
function binaryBase64(text: string): boolean {
  return [...text.matchAll(/[A-Za-z0-9+/_-]{16,}={0,2}/g)].some(([run]) =>
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(Buffer.from(run, 'base64').toString('utf8')),
  );
}

/** Whether `text` holds percent-escapes that do not decode one by one: a malformed escape or a multi-byte sequence. */
function percentNoise(text: string): boolean {
  return (text.match(/%[0-9A-Fa-f]{2}/g) ?? []).some((e) => {
    try {
      decodeURIComponent(e);
      return false;
    } catch {
      return true;
    }
  });
}

/** A valid payload of ERR-VALID-ACCEPTED and the hard cases it holds. */
export interface ValidErrorCase {
  payload: ValidErrorPayload;
  edges: string[];
}

/** The statuses at the bounds of D-ERR-09's comparison that fit every code: outside the HTTP range, from `anyCodeFrom` up, the transport ones. */
function boundStatuses(spec: ErrorSpec): number[] {
  const t = spec.numericAlignment;
  const [lo, hi] = t.httpRange;
  return [
    ...new Set([lo - 1, hi + 1, 0, ...(t.anyCodeFrom <= hi ? [Math.max(lo, t.anyCodeFrom), hi] : []), ...t.anyCode]),
  ];
}

/** Where a member named like an inherited one may go in `p`: the open levels, and open parameters. */
function protoSpots(p: ValidErrorPayload, spec: ErrorSpec): Record<string, unknown>[] {
  const levels = membersOpen(spec) ? objectsAt(p).map(([, o]) => o) : [];
  const params = (p.body?.sub_errors ?? []).flatMap((se) =>
    se.recovery_options
      .filter((o) => o.executable_parameters !== undefined && acceptsExtras(parameterSchema(o.action, spec)))
      .map((o) => o.executable_parameters!),
  );
  return [...levels, ...params];
}

/** Whether `v` holds a string spelled with an upper-case https scheme. */
function hasUpperScheme(v: unknown): boolean {
  if (typeof v === 'string') return /^https:\/\//i.test(v) && !v.startsWith('https://');
  return v !== null && typeof v === 'object' && Object.values(v).some(hasUpperScheme);
}

/** The edges ERR-VALID-ACCEPTED reaches under `spec`. */
export function validEdges(spec: ErrorSpec): string[] {
  const paramsOpen = Object.keys(spec.executableParameters.actions).some((a) =>
    acceptsExtras(parameterSchema(a, spec)),
  );
  return VALID_EDGES.filter((e) =>
    e === 'edge:proto-member'
      ? membersOpen(spec) || paramsOpen
      : e === 'edge:upper-scheme'
        ? !schemeCaseSensitive(spec)
        : true,
  );
}

/**
 * The cases of ERR-VALID-ACCEPTED under `spec`: `validErrorPayload`'s, a fifth of them with one of
 * the planted edges each (`VALID_EDGES`), and tagged with every edge they hold.
 */
export function validErrorCase(spec: ErrorSpec): fc.Arbitrary<ValidErrorCase> {
  const planted = validEdges(spec).filter((e) => e !== 'edge:upper-scheme');
  const edge = fc.oneof(
    { weight: 2, arbitrary: fc.constant<string | null>(null) },
    { weight: 3, arbitrary: fc.constantFrom<string | null>(...planted) },
  );
  return fc
    .tuple(
      validErrorPayload(spec),
      edge,
      fc.nat(),
      fc.constantFrom(...PROTOTYPE_NAMES),
      fc.constantFrom<unknown>('x', 1, true, { a: 1 }),
      fc.constantFrom(...boundStatuses(spec)),
    )
    .map(([payload, kind, i, name, value, status]) => {
      const p = payload;
      if (kind === 'edge:proto-member') {
        const spots = protoSpots(p, spec);
        if (spots.length > 0) setOwn(spots[i % spots.length]!, name, value);
      } else if (kind === 'edge:status-bound' && p.body) p.body.numeric_status = status;
      else if (kind === 'edge:empty-detail' && p.body) p.body.detail = '';
      else if (kind === 'edge:percent-noise' && p.body) p.body.detail = PERCENT_NOISE[i % PERCENT_NOISE.length]!;
      else if (kind === 'edge:binary-base64' && p.body) p.body.detail = BINARY_BASE64;
      return { payload: p, edges: edgesOf(p, spec) };
    });
}

/** A valid payload as a case of ERR-VALID-ACCEPTED, with the edges it holds (a fixture's payload, say). */
export function validErrorCaseOf(payload: ValidErrorPayload, spec: ErrorSpec): ValidErrorCase {
  return { payload, edges: edgesOf(payload, spec) };
}

/** The edges `p` holds, whether planted or drawn. */
function edgesOf(p: ValidErrorPayload, spec: ErrorSpec): string[] {
  const out: string[] = [];
  const own = (o: unknown): boolean =>
    o !== null &&
    typeof o === 'object' &&
    (Object.keys(o).some((k) => (PROTOTYPE_NAMES as readonly string[]).includes(k)) || Object.values(o).some(own));
  if (own(p)) out.push('edge:proto-member');
  if (p.body && typeof p.body.numeric_status === 'number' && boundStatuses(spec).includes(p.body.numeric_status))
    out.push('edge:status-bound');
  if (p.body?.detail === '') out.push('edge:empty-detail');
  if (hasUpperScheme(p)) out.push('edge:upper-scheme');
  if (typeof p.body?.detail === 'string' && percentNoise(p.body.detail)) out.push('edge:percent-noise');
  if (typeof p.body?.detail === 'string' && binaryBase64(p.body.detail)) out.push('edge:binary-base64');
  return out;
}
