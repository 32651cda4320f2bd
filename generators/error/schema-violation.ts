import * as fc from 'fast-check';
import {
  declaredMembers,
  formatAsserted,
  levelSchemas,
  membersOpen,
  type ErrorLevel,
  type ErrorPayload,
  type ErrorSpec,
} from '../../src/spec/error.js';
import { copy, optionAt, type AdversarialError } from './adversarial.js';
import { numericSpellings } from './from-schema.js';
import { httpsIri, relativeReference } from './https-url.js';
import { messageIdFormatAsserted, nonUuidMessageId } from './message-id.js';
import { payloadWithOption, usableActions } from './payload-with-option.js';
import { PROTOTYPE_NAMES, setOwn } from './prototype-names.js';

/** An edit of a valid payload in which one sub-error and one option are chosen: it returns the payload (a new one when the edit replaces it whole). */
type Edit = (p: ErrorPayload, se: number, op: number) => unknown;
type Break = { where: string; edit: Edit };

/** A member of the published schema: the level it belongs to, its name and its schema. */
interface Member {
  level: ErrorLevel;
  name: string;
  schema: Record<string, any>;
}

const del = (obj: object, key: string) => delete (obj as Record<string, unknown>)[key];
const get = (obj: object, key: string) => (obj as Record<string, unknown>)[key];

const PREFIX: Record<ErrorLevel, string> = { payload: '', body: 'body.', subError: 'sub_error.', option: 'option.' };

/** The object of `p` at `level` that the planted option sits in. */
function at(level: ErrorLevel, p: ErrorPayload, se: number, op: number): object {
  if (level === 'payload') return p;
  if (level === 'body') return p.body;
  if (level === 'subError') return p.body.sub_errors![se]!;
  return optionAt(p, se, op);
}

/** An edit that sets member `m` to `value(current)`. */
const setting = (m: Member, value: (current: unknown) => unknown): Break => ({
  where: `${PREFIX[m.level]}${m.name}`,
  edit: (p, se, op) => {
    const target = at(m.level, p, se, op);
    setOwn(target, m.name, value(get(target, m.name)));
    return p;
  },
});

/** Every member the published schema declares, level by level. */
function members(spec: ErrorSpec): Member[] {
  const levels = levelSchemas(spec);
  return (Object.keys(levels) as ErrorLevel[]).flatMap((level) =>
    Object.entries(levels[level].properties ?? {}).map(([name, schema]) => ({
      level,
      name,
      schema: schema as Record<string, any>,
    })),
  );
}

const isContainer = (m: Member) => m.schema.type === 'object' || m.schema.type === 'array';
const isScalar = (m: Member) => ['string', 'integer', 'number', 'boolean'].includes(m.schema.type);
const vocabulary = (m: Member): unknown[] | null =>
  m.schema.enum !== undefined ? m.schema.enum : m.schema.const !== undefined ? [m.schema.const] : null;
const isEnum = (m: Member) => m.schema.enum !== undefined;
const isInteger = (m: Member) => m.schema.type === 'integer';
const isUri = (m: Member, spec: ErrorSpec) =>
  m.schema.type === 'string' && m.schema.format === 'uri' && formatAsserted('uri', spec);

/** Members a level's schema requires. */
function requiredAt(level: ErrorLevel, spec: ErrorSpec): string[] {
  return levelSchemas(spec)[level].required ?? [];
}

/** Plausible values of neighbouring vocabularies, by member name (others get the generic ones). */
const FOREIGN: Readonly<Record<string, readonly string[]>> = {
  status: ['warning', 'ok', 'noop', 'failed', 'isolated-noop'],
  origin: ['network', 'remote', 'user', 'runtime', 'client'],
  mechanical_condition: ['timeout', 'network_loss', 'rate_limited', 'unknown', 'malformed_schema'],
  action: ['retry', 'retry_with_backoff', 'escalate', 'ignore', 'halt'],
  uai_version: ['1.1', '2.0', '1', '1.0.0', '0.9'],
  profile: ['uai.error.v2', 'uai.agent.error.v1', 'uai.error.v1.extended', 'uai.task.status.v1'],
};
const GENERIC_FOREIGN = ['unknown', 'other', 'not_listed'];

/** Strings no URI grammar accepts, though they look like URLs: a space, a broken bracket, a bad escape, characters RFC 3986 excludes. */
const MALFORMED_URIS = [
  'https://exa mple.com/login',
  'http://[::1',
  'https://review.example.com/%zz',
  'https://review.example.com/a b',
  'https://review.example.com/<login>',
  'https://review.example.com/x|y',
  'https://review.example.com/x^y',
  'https://review.example.com/{id}',
  'https://review.example.com/"q"',
];

/** Names no level of the published schema declares. */
const UNDECLARED = ['x-vendor-trace', 'vendor', 'locale', '説明'];

/** The case variants of `v` that differ from it (upper case, capitalised, inverted). */
function caseVariants(v: string): string[] {
  const invert = [...v].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
  return [...new Set([v.toUpperCase(), v.charAt(0).toUpperCase() + v.slice(1), invert])].filter((x) => x !== v);
}

/** A break chosen among `options`, each an arbitrary of breaks. */
const anyOf = (options: fc.Arbitrary<Break>[]): fc.Arbitrary<Break> | null =>
  options.length === 0 ? null : fc.oneof(...options);

/**
 * The families of ERR-SCHEMA under `spec`, each the way one slip of a validator shows (D-ERR-01,
 * D-ERR-02, D-ERR-10): a family with nothing to break under the data is left out.
 *
 * - `missing-envelope`: a member D-ERR-02 adds is left out (a validator of the published schema alone);
 * - `missing-member`: a member the published schema requires is left out, in the body, a sub-error or an option (level drawn first);
 * - `falsy`: null in a scalar member, or an empty string where an enum, a const or a URI is wanted (a check made only when the value is truthy);
 * - `null-payload`: null for the whole payload (`typeof null === 'object'` at the root: a validator that reads a member of it throws);
 * - `null-container`: null where an object or an array is wanted, a sub-error and an option included (`typeof null === 'object'`, `?? []`);
 * - `container-type`: an array where an object is wanted, an object (or an array-like one) where an array is (`typeof` and `length`);
 * - `wrong-type`: a number or a boolean for a string, a word for an integer, a scalar for a container (no type check);
 * - `numeric-string`: an integer spelled as a string, with spaces, a sign, leading zeros or an exponent (a coercing reader);
 * - `non-integer`: a fraction where an integer is wanted, `.004` past one among them (`typeof` number);
 * - `enum-case`, `enum-space`: an enum or const value in another case, or with white space around it (a normalising reader);
 * - `enum-proto`: a name every JavaScript object inherits as an enum value (a lookup with `in`);
 * - `foreign-value`: a value of a neighbouring vocabulary (an enum widened with it);
 * - `loose-equal`: the right value wrapped in an array, or a number for a numeric const (a `==` comparison);
 * - `uri-relative`, `uri-iri`, `uri-malformed`: where `uri` asserts (D-ERR-01), a relative reference, a raw-unicode IRI, a string no URI grammar accepts;
 * - `undeclared`, `undeclared-proto`: where members are closed (D-ERR-10), a member the schema does not declare, or one named like an inherited member;
 * - `format-uuid`: where `uuid` asserts, a message id that is not one.
 */
function familyBreaks(spec: ErrorSpec): Record<string, fc.Arbitrary<Break>> {
  const all = members(spec);
  const out: Record<string, fc.Arbitrary<Break> | null> = {};
  const fromMembers = (
    ms: Member[],
    values: (m: Member) => ((current: unknown) => unknown)[],
  ): fc.Arbitrary<Break> | null =>
    anyOf(
      ms
        .map((m) => [m, values(m)] as const)
        .filter(([, vs]) => vs.length > 0)
        .map(([m, vs]) => fc.constantFrom(...vs).map((v) => setting(m, v))),
    );
  const constant = (v: unknown) => () => v;

  const envelope = spec.envelope.required;
  out['missing-envelope'] =
    envelope.length === 0
      ? null
      : fc.constantFrom(...envelope).map((m) => ({ where: m, edit: ((p) => (del(p, m), p)) as Edit }));
  const levels = (Object.keys(levelSchemas(spec)) as ErrorLevel[]).filter(
    (l) => requiredAt(l, spec).filter((m) => l !== 'payload' || !envelope.includes(m)).length > 0,
  );
  out['missing-member'] =
    levels.length === 0
      ? null
      : fc.constantFrom(...levels).chain((level) =>
          fc
            .constantFrom(...requiredAt(level, spec).filter((m) => level !== 'payload' || !envelope.includes(m)))
            .map((m) => ({
              where: `${PREFIX[level]}${m}`,
              edit: ((p, se, op) => (del(at(level, p, se, op), m), p)) as Edit,
            })),
        );

  out.falsy = fromMembers(all.filter(isScalar), (m) => {
    const empty = (vocabulary(m) !== null && !vocabulary(m)!.includes('')) || isUri(m, spec);
    return [constant(null), ...(empty ? [constant('')] : [])];
  });

  const items: Break[] = [
    { where: 'sub_errors[]', edit: (p, se) => ((p.body.sub_errors![se] = null as never), p) },
    {
      where: 'recovery_options[]',
      edit: (p, se, op) => ((p.body.sub_errors![se]!.recovery_options[op] = null as never), p),
    },
  ];
  const nullContainers = all.filter(isContainer).map((m) => setting(m, constant(null)));
  out['null-payload'] = fc.constant<Break>({ where: 'payload', edit: () => null });
  out['null-container'] = fc.constantFrom<Break>(...nullContainers, ...items);

  const wrapped = (m: Member): ((current: unknown) => unknown)[] =>
    m.schema.type === 'object'
      ? [(c) => [c], constant([])]
      : m.schema.type === 'array'
        ? [constant({}), (c) => ({ ...(c as unknown[]) })]
        : [];
  out['container-type'] = fc.oneof(
    fromMembers(all.filter(isContainer), wrapped)!,
    fc.constantFrom<Break>(
      { where: 'payload', edit: (p) => [p] },
      { where: 'sub_errors[]', edit: (p, se) => ((p.body.sub_errors![se] = [p.body.sub_errors![se]] as never), p) },
      {
        where: 'recovery_options[]',
        edit: (p, se, op) => ((p.body.sub_errors![se]!.recovery_options[op] = [optionAt(p, se, op)] as never), p),
      },
    ),
  );

  out['wrong-type'] = fc.oneof(
    fromMembers(all, (m) => {
      if (m.schema.type === 'string') return [constant(42), constant(true), constant(9982)];
      if (isInteger(m) || m.schema.type === 'number') return [constant(true), constant('four hundred')];
      if (isContainer(m)) return [constant('error'), constant(42), constant(true)];
      return [];
    })!,
    fc.constantFrom<unknown>('uai.error.v1', 42, true).map((v) => ({ where: 'payload', edit: () => v })),
  );

  const integers = all.filter(isInteger);
  // The integer a number-shaped break starts from: the member's own (it fits the payload's code), else a
  // system code outside the HTTP range, which D-ERR-09 never compares.
  const base = (current: unknown) =>
    Number.isInteger(current) && Math.abs(current as number) < 1e6
      ? (current as number)
      : spec.numericAlignment.httpRange[1] + 1;
  out['numeric-string'] = anyOf(
    integers.map((m) =>
      fc.nat().map((i) =>
        setting(m, (current) => {
          const spellings = numericSpellings(base(current));
          return spellings[i % spellings.length];
        }),
      ),
    ),
  );
  out['non-integer'] = anyOf(
    integers.map((m) => fc.constantFrom(0.5, 0.004, -0.25).map((d) => setting(m, (current) => base(current) + d))),
  );

  const vocab = all.filter((m) => vocabulary(m) !== null && m.schema.type === 'string');
  out['enum-case'] = anyOf(
    vocab
      .filter((m) => vocabulary(m)!.some((v) => typeof v === 'string' && caseVariants(v).length > 0))
      .map((m) =>
        fc.nat().map((i) =>
          setting(m, (current) => {
            const variants = caseVariants(String(current)).filter((v) => !vocabulary(m)!.includes(v));
            return variants.length > 0 ? variants[i % variants.length] : `${String(current).toUpperCase()}X`;
          }),
        ),
      ),
  );
  out['enum-space'] = fromMembers(vocab, () => [
    (c) => ` ${c}`,
    (c) => `${c} `,
    (c) => `${c}\n`,
    (c) => `\t${c}`,
    (c) => `${c}\u00a0`,
  ]);
  out['enum-proto'] = fromMembers(vocab.filter(isEnum), (m) =>
    PROTOTYPE_NAMES.filter((n) => !vocabulary(m)!.includes(n)).map(constant),
  );
  out['foreign-value'] = fromMembers(vocab, (m) =>
    (Object.hasOwn(FOREIGN, m.name) ? FOREIGN[m.name]! : GENERIC_FOREIGN)
      .filter((v) => !vocabulary(m)!.includes(v))
      .map(constant),
  );
  out['loose-equal'] = fromMembers([...vocab, ...integers], (m) => {
    const numericConst =
      m.schema.const !== undefined &&
      typeof m.schema.const === 'string' &&
      m.schema.const.trim() !== '' &&
      Number.isFinite(Number(m.schema.const));
    return [(c) => [isInteger(m) ? base(c) : c], ...(numericConst ? [constant(Number(m.schema.const))] : [])];
  });

  const uris = all.filter((m) => isUri(m, spec));
  out['uri-relative'] = anyOf(uris.map((m) => relativeReference().map((v) => setting(m, constant(v)))));
  out['uri-iri'] = anyOf(uris.map((m) => httpsIri().map((v) => setting(m, constant(v)))));
  out['uri-malformed'] = fromMembers(uris, () => MALFORMED_URIS.map(constant));

  if (!membersOpen(spec)) {
    const declared = declaredMembers(spec);
    const levelsOf = Object.keys(declared) as ErrorLevel[];
    const plant = (names: readonly string[]) =>
      fc
        .tuple(
          fc.constantFrom(...levelsOf),
          fc.constantFrom(...names),
          fc.constantFrom<unknown>('x', 1, true, { a: 1 }),
        )
        .filter(([level, k]) => !declared[level].includes(k))
        .map(([level, k, v]) => ({
          where: `${PREFIX[level] || 'payload.'}${k}`,
          edit: ((p, se, op) => (setOwn(at(level, p, se, op), k, v), p)) as Edit,
        }));
    out.undeclared = plant(UNDECLARED);
    out['undeclared-proto'] = plant(PROTOTYPE_NAMES);
  }
  if (messageIdFormatAsserted(spec))
    out['format-uuid'] = nonUuidMessageId().map((v) => ({
      where: 'message_id',
      edit: ((p) => (setOwn(p, 'message_id', v), p)) as Edit,
    }));
  return Object.fromEntries(Object.entries(out).filter((e): e is [string, fc.Arbitrary<Break>] => e[1] !== null));
}

/** The families ERR-SCHEMA draws under `spec` (its reach: each shows up in a default run). */
export function schemaFamilies(spec: ErrorSpec): string[] {
  return Object.keys(familyBreaks(spec));
}

/**
 * A payload that breaks exactly one rule of the published schema, as `spec` reads it (ERR-SCHEMA):
 * the family is drawn first, every family alike, then what it breaks. The breaks land on a valid
 * payload around an option of `isolate_and_report` (which fits every condition and origin in the
 * pack's table), so the payload is valid otherwise.
 */
export function schemaViolation(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  const usable = usableActions(spec);
  const action = usable.includes('isolate_and_report') ? 'isolate_and_report' : usable[0];
  if (action === undefined)
    throw new Error('spec/error.json conditionActions allows no action: ERR-SCHEMA has no option to plant');
  const breaks = familyBreaks(spec);
  return fc
    .constantFrom(...Object.keys(breaks))
    .chain((family) => fc.tuple(fc.constant(family), breaks[family]!, payloadWithOption(spec, action)))
    .map(([family, { where, edit }, { payload, subError, option }]) => ({
      family,
      where,
      payload: edit(copy(payload), subError, option),
    }));
}

/** A value that is not an error payload object at all (the `container-type`, `null-payload` and `wrong-type` families hold these too). */
export function nonObjectPayload(spec: ErrorSpec): fc.Arbitrary<AdversarialError> {
  return fc.oneof(
    fc.constant<AdversarialError>({ family: 'null-payload', where: 'payload', payload: null }),
    fc
      .constantFrom<unknown>('uai.error.v1', 42, true)
      .map((payload) => ({ family: 'wrong-type', where: 'payload', payload })),
    payloadWithOption(spec, 'isolate_and_report').map(({ payload }) => ({
      family: 'container-type',
      where: 'payload',
      payload: [payload],
    })),
  );
}
