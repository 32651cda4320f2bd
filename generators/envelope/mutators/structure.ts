import * as fc from 'fast-check';
import { profileNames, type EnvelopeSpec, type FieldSpec } from '../../../src/spec/envelope.js';
import { lazyStringMatching } from '../../common/lazy.js';
import { freeJson, freeKey } from '../../common/text.js';
import { getAt, pointerToken, publishedObjects, setAt } from '../walk.js';
import { presentFields, type EnvelopeMutator } from './mutation.js';

const WORD = lazyStringMatching(/^[a-z]{3,12}$/);

/** Names every JavaScript object inherits: a lookup `name in registry` or `registry[name]` takes them for members. */
export const PROTOTYPE_NAMES = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
] as const;

/** Full-width forms of ASCII letters, digits and dots (NFKC folds them back). */
const fullWidth = (s: string): string => s.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

/** The wrong profile values of `unknownProfile`, by family, from a known profile name `p` (and a word `w`, a pick `n`). */
const PROFILE_VALUES: Record<string, (p: string, w: string, n: number) => unknown> = {
  // Another version of a known profile: one no reading of the version number makes the same.
  'unknown-version': (p, _w, n) => p.replace(/\.v1$/, ['.v2', '.v0', '.v3', '.v01', '.v9'][n % 5]!),
  'unregistered-name': (_p, w, n) =>
    [`uai.agent.${w}-x.v1`, 'uai.made.up.v1', 'uaix.agent.ack.v1', 'uai.agent.ack'][n % 4],
  'not-a-name': (_p, _w, n) => ['', 7, null, true, {}][n % 5],
  'case-variant': (p, _w, n) =>
    [p.toUpperCase(), `${p[0]!.toUpperCase()}${p.slice(1)}`, p.replace(/\.v1$/, '.V1')][n % 3],
  // Leading white space, or white space at both ends (a trailing space alone reads as a suffix, `affix`).
  whitespace: (p, _w, n) => [` ${p}`, `\t${p}`, `\n${p}`, ` ${p} `, `\u00a0${p}`][n % 5],
  'prototype-name': (_p, _w, n) => PROTOTYPE_NAMES[n % PROTOTYPE_NAMES.length],
  // A known name with more after it (an unanchored or prefix match takes it), or before it.
  affix: (p, _w, n) => [`${p}.extra`, `${p}x`, `${p}0`, `${p}.0`, `${p}/`, `${p}#draft`, `x${p}`, `urn:${p}`][n % 8],
  // A one-element array holding the name: String(["uai.agent.ack.v1"]) is the name.
  'coerced-array': (p, _w, n) => (n % 2 ? [p] : [[p]]),
  // Full-width letters (NFKC folds them to the name) and an invisible character inside.
  lookalike: (p, _w, n) => (n % 2 ? fullWidth(p) : `${p.slice(0, 4)}\u200b${p.slice(4)}`),
};

/**
 * ENV-PROFILE-KNOWN: a profile name the registry of `spec` does not hold (D-ENV-13: profile names
 * are exact strings), the body left as the known profile's; each family drawn as often as the
 * others (see `PROFILE_VALUES`).
 */
export function unknownProfile(spec: EnvelopeSpec): EnvelopeMutator {
  const known = profileNames(spec);
  const families = Object.keys(PROFILE_VALUES);
  return {
    breaks: 'ENV-PROFILE-KNOWN',
    families,
    mutate: (c) =>
      fc
        .tuple(fc.constantFrom(...families), WORD, fc.nat())
        .map(([family, w, n]) => ({ family, value: PROFILE_VALUES[family]!(c.profile, w, n) }))
        .filter(({ value }) => typeof value !== 'string' || !known.includes(value))
        .map(({ value, family }) => {
          const packet = structuredClone(c.packet);
          packet.profile = value;
          return { packet, family, note: `profile set to ${JSON.stringify(value)}`, at: '/profile' };
        }),
  };
}

/** Whether a seed or the public notes state that a field is required (D-ENV-05): what `missingRequired` may break. */
const seedRequired = (f: FieldSpec): boolean => f.required && f.basis !== 'pinned';

/** Pointers of the present fields whose requiredness a seed or the public notes state (D-ENV-05). */
export function requiredPointers(spec: EnvelopeSpec, packet: Record<string, any>, profile: string): string[] {
  return presentFields(spec, packet, profile)
    .filter(({ field }) => seedRequired(field))
    .map(({ pointer }) => pointer);
}

/** The JSON container a field's value is: where another container, or a scalar, is a wrong type. */
function containerOf(f: FieldSpec): 'object' | 'array' | null {
  if (f.type === 'object' || f.type === 'body' || f.type === 'free-object') return 'object';
  if (f.type === 'array' || f.type === 'opaque-array') return 'array';
  return null;
}

/** The members of the object a pointer names whose requiredness a seed or the notes state. */
function seedRequiredMembers(spec: EnvelopeSpec, field: FieldSpec, profile: string): number {
  const fields =
    field.type === 'body'
      ? spec.profiles[profile]!.fields
      : field.type === 'object'
        ? spec.objects[field.layout]!.fields
        : {};
  return Object.values(fields).filter(seedRequired).length;
}

/** A value of the wrong container type for a field whose value is `value` (an object or an array). */
function wrongContainer(kind: 'object' | 'array', value: unknown, pick: number): unknown {
  if (kind === 'object') return [[], [value], JSON.stringify(value), 'agt_x'][pick % 4];
  const items = value as unknown[];
  return [{}, items.length ? items[0] : { 0: 'item' }, JSON.stringify(value), { ...items }][pick % 4];
}

/** The position family of a removed field. */
const positionOf = (pointer: string): string =>
  pointer.startsWith('/body') ? 'body' : pointer.split('/').length > 2 ? 'nested' : 'top-level';

/**
 * ENV-REQUIRED-FIELDS: one seed- or notes-required field (D-ENV-05) missing, each family drawn as
 * often as the others: removed (`top-level`, `nested`, `body`, by where it sits), set to `null`
 * (`null-value`), a required object given as `{}` (`empty-object`, where the object has a seed- or
 * notes-required member), or an object or array member, required or optional, of the other
 * container type or text (`container-type`: `[]` for an object, `{}` or the lone item for an
 * array), or the profile removed (`profile-removed`; a validator may name that ENV-PROFILE-KNOWN; a
 * wrong profile is ENV-PROFILE-KNOWN's). Free-form members that are optional are left alone (any JSON may be a revised payload to a reader). The correlation id,
 * the idempotency key, the fallback directive and the identity ids have rules of their own, which a
 * validator may name.
 */
export function missingRequired(spec: EnvelopeSpec): EnvelopeMutator {
  const families = ['top-level', 'nested', 'body', 'null-value', 'empty-object', 'container-type', 'profile-removed'];
  return {
    breaks: 'ENV-REQUIRED-FIELDS',
    alsoAllowed: ['ENV-CORRELATION-ID', 'ENV-IDEMPOTENCY-KEY', 'ENV-FALLBACK-DIRECTIVE', 'ENV-IDENTITY'],
    families,
    mutate: (c) =>
      fc.tuple(fc.constantFrom(...families), fc.nat(), fc.nat()).map(([family, at, pick]) => {
        if (family === 'profile-removed') {
          // The body stays that of a registered profile: a validator that guesses the profile from it still has no profile field.
          const packet = structuredClone(c.packet);
          delete packet.profile;
          return { packet, family, note: 'removed /profile', at: '/profile', alsoAllowed: ['ENV-PROFILE-KNOWN'] };
        }
        const present = presentFields(spec, c.packet, c.profile).filter(({ pointer }) => pointer !== '/profile');
        const candidates =
          family === 'null-value'
            ? present.filter(({ field }) => seedRequired(field))
            : family === 'empty-object'
              ? present.filter(
                  ({ field }) =>
                    seedRequired(field) &&
                    containerOf(field) === 'object' &&
                    seedRequiredMembers(spec, field, c.profile) > 0,
                )
              : family === 'container-type'
                ? present.filter(
                    ({ field }) => containerOf(field) !== null && (field.required || field.type !== 'free-object'),
                  )
                : present.filter(({ pointer, field }) => seedRequired(field) && positionOf(pointer) === family);
        if (candidates.length === 0) return null;
        // A container-type case takes a type of container first (a published object, a list, a free-form
        // object, an opaque list), then a field of it: the few free-form objects show in a default run too.
        const groups =
          family === 'container-type'
            ? [...new Set(candidates.map((c) => c.field.type))].map((t) => candidates.filter((c) => c.field.type === t))
            : [candidates];
        const group = groups[at % groups.length]!;
        const { pointer, field } = group[Math.floor(at / groups.length) % group.length]!;
        const packet = structuredClone(c.packet);
        const value =
          family === 'null-value'
            ? null
            : family === 'empty-object'
              ? {}
              : family === 'container-type'
                ? wrongContainer(containerOf(field)!, getAt(packet, pointer), pick)
                : undefined;
        setAt(packet, pointer, value);
        return {
          packet,
          family,
          note: value === undefined ? `removed ${pointer}` : `${pointer} set to ${JSON.stringify(value)?.slice(0, 80)}`,
          at: pointer,
        };
      }),
  };
}

/** The top-level members of `spec` that hold published objects: where an undeclared member can go. */
function objectMembers(spec: EnvelopeSpec): string[] {
  return Object.entries(spec.topLevel)
    .filter(([, f]) => f.type === 'object' || f.type === 'body' || (f.type === 'array' && f.items.type === 'object'))
    .map(([name]) => name);
}

/** A member name folded as a case- and separator-insensitive reader folds it. */
export const foldName = (name: string): string => name.toLowerCase().replace(/[\s_-]+/g, '');

/** Names a reader that folds case and separators (or trims) takes for `declared`, which are none of the declared names. */
function nearNames(declared: string, pick: number): string {
  const camel = declared.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
  const forms = [
    declared.toUpperCase(),
    `${declared[0]!.toUpperCase()}${declared.slice(1)}`,
    camel,
    declared.replace(/_/g, '-'),
    `${declared} `,
    ` ${declared}`,
  ];
  return forms[pick % forms.length]!;
}

/**
 * ENV-UNDECLARED-FIELD: a member no schema declares, at the top level or inside any published
 * object (at the top level only where the spec closes only the top level, D-ENV-14). The families
 * are the positions (`top-level`, `in-<member>`), each with ordinary names, and two kinds of names
 * at any position: `prototype-name` (`constructor`, `__proto__`, `toString`... as own JSON members)
 * and `near-name` (a declared name of that object in another case, camelCase, dashed or padded).
 */
export function undeclaredField(spec: EnvelopeSpec): EnvelopeMutator {
  const everywhere = spec.undeclaredMembers !== 'top-level';
  const positions = ['top-level', ...(everywhere ? objectMembers(spec).map((name) => `in-${name}`) : [])];
  const families = [...positions, 'prototype-name', 'near-name'];
  const ordinary = fc.oneof(
    fc.constantFrom('x_custom', 'debug', 'note', 'credential_ref', 'checksum2', 'extensions_v2'),
    freeKey(),
  );
  return {
    breaks: 'ENV-UNDECLARED-FIELD',
    families,
    mutate: (c) => {
      const objects = publishedObjects(spec, c.packet, c.profile).filter((o) => everywhere || o.pointer === '');
      const positionFamily = (pointer: string): string =>
        pointer === '' ? 'top-level' : `in-${pointer.split('/')[1]}`;
      return fc
        .tuple(fc.constantFrom(...families), fc.nat(), fc.nat(), ordinary, freeJson(2))
        .map(([family, at, pick, name, value]) => {
          const here = positions.includes(family)
            ? objects.filter((o) => positionFamily(o.pointer) === family)
            : objects;
          if (here.length === 0) return null;
          const o = here[at % here.length]!;
          const key =
            family === 'prototype-name'
              ? PROTOTYPE_NAMES[pick % PROTOTYPE_NAMES.length]!
              : family === 'near-name'
                ? nearNames(o.declared[pick % o.declared.length]!, pick >> 3)
                : name;
          // An ordinary name is neither inherited by every object nor a near miss of a declared one: those are families of their own.
          if (o.declared.includes(key)) return null;
          if (family !== 'prototype-name' && key in Object.prototype) return null;
          if (family !== 'near-name' && o.declared.some((d) => foldName(d) === foldName(key))) return null;
          const packet = structuredClone(c.packet);
          setAt(packet, `${o.pointer}/${pointerToken(key)}`, value === undefined ? null : value);
          return {
            packet,
            family,
            note: `added ${JSON.stringify(key)} at ${o.pointer || '/'}`,
            at: `${o.pointer}/${pointerToken(key)}`,
          };
        });
    },
  };
}
