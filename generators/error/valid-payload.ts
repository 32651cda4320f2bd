import fc from 'fast-check';
import { declaredMembers, isUrlOptionMember, membersOpen, type ErrorLevel, type ErrorPayload, type ErrorSpec } from '../../src/spec/error.js';
import { tokenLike } from '../common/token-like.js';
import { detailText } from './detail-text.js';
import { errorPayload } from './error-payload.js';

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
  const drop = optional.length > 0 ? fc.oneof({ weight: 2, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.subarray(optional, { minLength: 1 }) }) : fc.constant<string[]>([]);
  const plant = fc.array(fc.tuple(fc.nat(), fc.nat(), unknownValue), { maxLength: 2 });
  const none = fc.constant<[number, number, unknown][]>([]);
  const unknown = membersOpen(spec) ? fc.oneof({ weight: 2, arbitrary: none }, { weight: 1, arbitrary: plant }) : none;
  return fc.tuple(errorPayload(spec), drop, unknown).map(([base, dropped, planted]) => {
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
