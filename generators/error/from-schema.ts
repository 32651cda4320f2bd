import * as fc from 'fast-check';

/**
 * Values drawn from, and checked against, the small JSON Schema fragments of `spec/error.json`'s
 * executable parameters (D-ERR-05): `type` (one name), `enum`, `const`, `minLength`, `maxLength`,
 * `pattern`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minItems`, `maxItems`,
 * `uniqueItems`, `items`, `properties`, `required`, `format`. The generators read a user's
 * parameter schemas through these, so an override moves the cases with the reference's validator.
 */
export type Schema = Record<string, any>;

/** The keywords `fits` understands: a curated value is offered only when its schema uses no other. */
const KNOWN = new Set([
  'type',
  'enum',
  'const',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'items',
  'description',
  'title',
]);

const typeOf = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v;

/**
 * Whether `value` satisfies `schema`, for schemas made of the keywords above; false for any other
 * keyword (a curated value is then left out rather than risk an invalid "valid" case).
 */
export function fits(value: unknown, schema: Schema): boolean {
  if (Object.keys(schema).some((k) => !KNOWN.has(k))) return false;
  const t = typeOf(value);
  if (schema.type !== undefined && !(schema.type === t || (schema.type === 'number' && t === 'integer'))) return false;
  if (schema.enum !== undefined && !(schema.enum as unknown[]).some((e) => JSON.stringify(e) === JSON.stringify(value)))
    return false;
  if (schema.const !== undefined && JSON.stringify(schema.const) !== JSON.stringify(value)) return false;
  if (typeof value === 'string') {
    const n = [...value].length;
    if (n < (schema.minLength ?? 0) || n > (schema.maxLength ?? Infinity)) return false;
    if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
  }
  if (typeof value === 'number') {
    if (value < (schema.minimum ?? -Infinity) || value > (schema.maximum ?? Infinity)) return false;
    if (schema.exclusiveMinimum !== undefined && value <= schema.exclusiveMinimum) return false;
    if (schema.exclusiveMaximum !== undefined && value >= schema.exclusiveMaximum) return false;
  }
  if (Array.isArray(value)) {
    if (value.length < (schema.minItems ?? 0) || value.length > (schema.maxItems ?? Infinity)) return false;
    if (schema.uniqueItems === true && new Set(value.map((v) => JSON.stringify(v))).size !== value.length) return false;
    if (schema.items !== undefined && !value.every((v) => fits(v, schema.items))) return false;
  }
  return true;
}

/** The bounds of a number schema, as inclusive integers. */
function integerBounds(schema: Schema): { min: number; max: number } {
  const min =
    schema.exclusiveMinimum !== undefined
      ? Math.floor(schema.exclusiveMinimum) + 1
      : Math.ceil(schema.minimum ?? -1000);
  const max =
    schema.exclusiveMaximum !== undefined
      ? Math.ceil(schema.exclusiveMaximum) - 1
      : Math.floor(schema.maximum ?? Math.max(min, 0) + 1000);
  return { min, max: Math.max(min, max) };
}

/** Plain lower-case words: nothing in them looks like a URL, a secret or a retry hint. */
function words(min: number, max: number): fc.Arbitrary<string> {
  // Built once per bounds: values are drawn for every case, and building a string arbitrary costs more than drawing from it.
  const key = `${min}:${max}`;
  let built = wordArbitraries.get(key);
  if (built === undefined)
    wordArbitraries.set(
      key,
      (built = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz_'), minLength: min, maxLength: max })),
    );
  return built;
}
const wordArbitraries = new Map<string, fc.Arbitrary<string>>();

/** How `valueOf` draws a string the schema says holds a URL, and what it knows of each key. */
export interface ValueHints {
  /** A URL arbitrary for a string that must be absolute https. */
  url: fc.Arbitrary<string>;
  /** Whether the member named so holds a URL (D-ERR-06). */
  isUrl: (key: string) => boolean;
  /** Curated values by member name, offered when they fit the member's schema. */
  curated: Readonly<Record<string, readonly unknown[]>>;
}

/** A value of `schema` for the member `key`: a URL where the member holds one, a curated value that fits, or one drawn from the schema. */
export function valueOf(key: string, schema: Schema, hints: ValueHints): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined) return fc.constantFrom(...(schema.enum as unknown[]));
  if (
    (schema.type === 'string' || schema.type === undefined) &&
    (schema.format === 'absolute-https-url' || hints.isUrl(key))
  )
    return hints.url;
  const drawn = drawnFrom(key, schema, hints);
  // Own members only: a member named `constructor` has no curated values, whatever every object inherits.
  const fitting = (Object.hasOwn(hints.curated, key) ? hints.curated[key]! : []).filter((v) => fits(v, schema));
  return fitting.length > 0
    ? fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...fitting) }, { weight: 1, arbitrary: drawn })
    : drawn;
}

/** A value drawn from the schema alone. */
function drawnFrom(key: string, schema: Schema, hints: ValueHints): fc.Arbitrary<unknown> {
  switch (schema.type) {
    case 'string': {
      const min = schema.minLength ?? 0;
      if (schema.pattern !== undefined) {
        const checked = {
          pattern: schema.pattern,
          minLength: min,
          ...(schema.maxLength !== undefined ? { maxLength: schema.maxLength } : {}),
        };
        return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => fits(s, checked));
      }
      return words(min, schema.maxLength ?? min + 16);
    }
    case 'integer':
      return fc.integer(integerBounds(schema));
    case 'number': {
      const { min, max } = integerBounds(schema);
      return fc.integer({ min, max });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = schema.maxItems ?? minLength + 3;
      const items: Schema = schema.items ?? {};
      if (items.enum !== undefined && (schema.uniqueItems === true || items.enum.length >= maxLength))
        return fc.subarray(items.enum as unknown[], { minLength, maxLength: Math.min(maxLength, items.enum.length) });
      return fc.array(valueOf(key, items, hints), { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema, hints);
    default:
      return fc.oneof(words(1, 12), fc.integer({ min: 0, max: 1000 }), fc.boolean());
  }
}

/** An object of `schema`: its required members always, its other declared members sometimes. */
export function objectOf(schema: Schema, hints: ValueHints): fc.Arbitrary<Record<string, unknown>> {
  const props: Record<string, Schema> = schema.properties ?? {};
  const required: string[] = schema.required ?? [];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, s] of Object.entries(props)) model[k] = valueOf(k, s, hints);
  // A required member the schema does not describe still has to be there.
  for (const k of required) model[k] ??= fc.oneof(words(1, 12), fc.integer({ min: 1, max: 100 }));
  return fc.record(model, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A value that is surely not one of `values`. */
function outside(values: readonly unknown[], base: string): string {
  let v = base;
  while (values.some((e) => e === v)) v = `${v}_`;
  return v;
}

/**
 * The ways a parameter value breaks its schema, each a slip of its own in a validator: `falsy` (null,
 * or an empty string where one is required non-empty: checked only when truthy), `wrong-type` (a
 * value of another JSON type: no type check), `numeric-string` (a number spelled as a string, with
 * spaces, a sign, leading zeros or an exponent: a coercing reader), `non-integer` (a fraction where
 * an integer is wanted, `1.004` among them: `typeof` number), `out-of-range` (below a minimum, past
 * a maximum, too long, too few or too many items) and `vocabulary` (a value, or an array item,
 * outside an enum: in case, spacing or prototype name).
 */
export const VALUE_BREAKS = [
  'falsy',
  'wrong-type',
  'numeric-string',
  'non-integer',
  'out-of-range',
  'vocabulary',
] as const;
export type ValueBreak = (typeof VALUE_BREAKS)[number];

/** A valid integer of a number schema, small and away from nothing but its minimum. */
function someInteger(schema: Schema): number {
  const { min, max } = integerBounds(schema);
  return Math.min(max, Math.max(min, 3));
}

/** Spellings of the integer `n` as a string: what `Number()`, `parseInt` or a coercing validator reads as `n`. */
export function numericSpellings(n: number): string[] {
  const out = [`${n}`, ` ${n}`, `${n} `, `${n}.0`, `${n}e0`, `\t${n}\n`];
  if (n >= 0) out.push(`0${n}`, `+${n}`, `00${n}`);
  return out;
}

/** Near misses of the enum values `values`: another case, white space around, and names every JavaScript object inherits. */
function offVocabulary(values: readonly unknown[]): unknown[] {
  const strings = values.filter((v): v is string => typeof v === 'string');
  const near = strings.flatMap((v) => [v.toLowerCase() === v ? v.toUpperCase() : v.toLowerCase(), ` ${v}`, `${v} `]);
  return [...near, 'constructor', '__proto__', 'toString', outside(values, 'not_listed')].filter(
    (v) => !values.includes(v),
  );
}

/**
 * Values that break `schema` by each of `VALUE_BREAKS` (a kind with nothing derivable is left out);
 * every value is one `fits` rejects. The wrong values of ERR-EXEC-PARAMS.
 */
export function brokenValues(schema: Schema): Partial<Record<ValueBreak, unknown[]>> {
  const out: Record<ValueBreak, unknown[]> = {
    falsy: [null],
    'wrong-type': [],
    'numeric-string': [],
    'non-integer': [],
    'out-of-range': [],
    vocabulary: [],
  };
  if (schema.enum !== undefined) out.vocabulary.push(...offVocabulary(schema.enum));
  switch (schema.type) {
    case 'string':
      out['wrong-type'].push(42, true, ['x', 'y']);
      if ((schema.minLength ?? 0) >= 1 || schema.format === 'absolute-https-url') out.falsy.push('');
      if (schema.maxLength !== undefined) out['out-of-range'].push('x'.repeat(schema.maxLength + 1));
      break;
    case 'integer':
    case 'number': {
      const n = someInteger(schema);
      out['wrong-type'].push(true, 'five', { value: n });
      out['numeric-string'].push(...numericSpellings(n));
      if (schema.type === 'integer')
        out['non-integer'].push(n + 0.5, n + 0.004, ...(schema.minimum !== undefined ? [schema.minimum + 0.004] : []));
      // Below the minimum, and negative: the boundary itself (a count of 0 under `minimum: 1`) is
      // arguable and left to the data's reader, so the pack never plants it.
      if (schema.minimum !== undefined)
        out['out-of-range'].push(Math.min(-1, Math.floor(schema.minimum) - 1), -(2 ** 31));
      if (schema.maximum !== undefined) out['out-of-range'].push(Math.ceil(schema.maximum) + 1);
      break;
    }
    case 'boolean':
      out['wrong-type'].push('true', 1);
      break;
    case 'array': {
      out['wrong-type'].push('L0,L1', { 0: 'L0' });
      if ((schema.minItems ?? 0) >= 1) out['out-of-range'].push([]);
      const items: Schema = schema.items ?? {};
      if (items.enum !== undefined)
        out.vocabulary.push(...offVocabulary(items.enum).map((v) => [v]), [items.enum[0], outside(items.enum, 'L9')]);
      if (items.type === 'string') out['wrong-type'].push([1]);
      break;
    }
    case 'object':
      out['wrong-type'].push('x', []);
      break;
  }
  const unknown = Object.keys(schema).some((k) => !KNOWN.has(k));
  const kept = Object.entries(out)
    .map(([kind, values]) => [kind, values.filter((v) => unknown || !fits(v, schema))] as const)
    .filter(([, values]) => values.length > 0);
  return Object.fromEntries(kept) as Partial<Record<ValueBreak, unknown[]>>;
}

/**
 * Values that break `schema` by type, range or length, each of which `fits` rejects: every value
 * of `brokenValues`, whatever its kind.
 */
export function wrongValues(schema: Schema): unknown[] {
  return Object.values(brokenValues(schema)).flat();
}
