#!/usr/bin/env node
/**
 * Writes the JSON Schemas (draft 2020-12) of every envelope profile, keyed and keyless, into
 * `schemas/envelope/`, from the spec data of `spec/envelope.json` alone: for implementers in other
 * languages, who validate with the schema and add the rules a schema cannot state.
 *
 *   node scripts/envelope-schemas.mjs           # (re)write schemas/envelope/
 *   node scripts/envelope-schemas.mjs --check   # exit 1 when the committed files are stale
 *
 * The test `test/suites/envelope/schemas.test.ts` fails when the committed files differ from what
 * this script makes, and holds the schemas to the pack's generators.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where the schemas' `$id`s live. */
export const SCHEMA_BASE = 'https://uaix-conformance.invalid/schemas/envelope/';

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';

/** What each named type of `spec.types` is, in words, for the schemas' readers. */
const TYPE_WORDS = {
  token: 'an identifier; the prefixes of the examples (msg_, agt_, corr_...) are not required',
  text: 'text with at least one non-space character, any Unicode',
  'uri-reference': 'an RFC 3986 URI reference (relative ones included) without whitespace',
  'date-time': 'an RFC 3339 date-time in UTC with a trailing upper-case Z',
  traceparent: 'a W3C trace-context traceparent',
  'field-path': 'a JSONPath-like path of a corrected field',
  checksum: "sha256: and 64 lowercase hex digits, or the seeds' placeholder",
  level: 'a capability level',
};

/** The schema of one named string type of `spec.types` (grammar and format as the data states them). */
function namedType(spec, name) {
  const t = spec.types[name];
  if (!t) throw new Error(`spec/envelope.json: unknown type ${name}`);
  const words = TYPE_WORDS[name] ?? name;
  return {
    description: t.decision ? `${words} (${t.decision})` : words,
    type: t.json,
    ...(t.pattern ? { pattern: t.pattern } : {}),
    ...(t.format ? { format: t.format } : {}),
    ...(t.enum ? { enum: t.enum } : {}),
  };
}

/**
 * One form of the schemas: `keyed` (objects with members) or `keyless` (the transfer arrays), with
 * the `$defs` it has used so far, so that a schema carries the definitions it needs and no other.
 */
function builder(spec, profile, form) {
  const defs = {};
  const closed = spec.undeclaredMembers !== 'top-level';

  const ref = (name, make) => {
    if (!(name in defs)) {
      defs[name] = null; // reserved first: a layout may refer to itself through its fields
      defs[name] = make();
    }
    return { $ref: `#/$defs/${name}` };
  };

  /** The schema of a field's value. */
  const valueOf = (t) => {
    switch (t.type) {
      case 'boolean':
        return { type: 'boolean' };
      case 'integer':
      case 'number':
        return {
          type: t.type,
          ...(t.minimum !== undefined ? { minimum: t.minimum } : {}),
          ...(t.maximum !== undefined ? { maximum: t.maximum } : {}),
        };
      case 'enum':
        return { type: 'string', enum: t.values };
      case 'const':
        return { const: t.value };
      case 'profile':
        return ref('profile-name', () => ({
          type: 'string',
          enum: Object.keys(spec.profiles),
          description: 'a profile of the registry (D-ENV-13)',
        }));
      case 'free-object':
        return { type: 'object', description: 'free-form: any members' };
      case 'opaque-array':
        return { type: 'array', items: { type: 'object' }, description: 'opaque at the envelope level' };
      case 'object':
        return ref(t.layout, () => layoutSchema(spec.objects[t.layout], closed));
      case 'array':
        return {
          type: 'array',
          items: valueOf(t.items),
          ...(t.minItems !== undefined ? { minItems: t.minItems } : {}),
        };
      case 'body':
        return ref('body', () => layoutSchema({ keyless: 'array', fields: spec.profiles[profile].fields }, closed));
      default:
        return ref(t.type, () => namedType(spec, t.type));
    }
  };

  /** A published object in this form: members, or slots in `keylessOrder` (a layout with `keyless: "object"` stays an object). */
  const layoutSchema = (layout, closeIt) => {
    if (form === 'keyless' && layout.keyless === 'array') {
      const order = layout.keylessOrder ?? Object.keys(layout.fields);
      return {
        type: 'array',
        prefixItems: order.map((name) => slotSchema(layout, name)),
        items: false,
        minItems: order.length,
      };
    }
    const properties = {};
    const required = [];
    for (const [name, f] of Object.entries(layout.fields)) {
      properties[name] = valueOf(f);
      if (f.required) required.push(name);
    }
    return { type: 'object', properties, required, ...(closeIt ? { additionalProperties: false } : {}) };
  };

  /** A keyless slot: `null` for a reserved slot, `null` or the value for an optional field, the value for a required one. */
  const slotSchema = (layout, name) => {
    if (name === null) return { type: 'null', description: 'reserved slot with no keyed name (D-WIRE-02)' };
    const f = layout.fields[name];
    const value = valueOf(f);
    return f.required ? { title: name, ...value } : { title: name, anyOf: [{ type: 'null' }, value] };
  };

  /** The envelope itself: the top level is closed to undeclared members whatever the decision. */
  const envelope = () => {
    const top = {
      keyless: 'array',
      keylessOrder: spec.envelopeFields,
      fields: { ...spec.topLevel, profile: { type: 'const', value: profile, required: true } },
    };
    return layoutSchema(top, true);
  };

  return { envelope, defs };
}

/** What a schema cannot state about an envelope of `profile`, for its description. */
function unstated(spec, profile) {
  const rules = [
    `expiry against the validators' clock (delivery.expires_at ${spec.expiry === 'after' ? 'before' : 'at or before'} context.now is expired, D-ENV-07)`,
    `a recorded integrity.checksum other than the placeholder ${spec.policy.checksumPlaceholder} matching the content (D-INT-01, D-INT-02)`,
    'no affirmative claim that UAIX provides hosted messaging, automatic sync, runtime orchestration, repository writes, official adapters, certification or hosted import, in any text (D-ENV-09)',
  ];
  if (profile === 'uai.agent.memory-proposal.v1') {
    rules.push(
      'no secret or token-like string in the body (D-ENV-08)',
      `no ${spec.policy.coldMemory.sourceType} record proposed as ${spec.policy.coldMemory.forbiddenStatus} (D-ENV-10)`,
    );
  }
  if (profile === 'uai.agent.blocker.v1')
    rules.push(
      `human_review_required true for blocker types ${spec.policy.humanReviewBlockerTypes.join(', ')} (D-ENV-12)`,
    );
  if (profile === 'uai.agent.final-report.v1')
    rules.push('(complete evidence is stated here: at least one item with a non-blank ref and description, D-ENV-11)');
  if (profile === 'uai.error.v1')
    rules.push(
      'every rule of the extended uai.error.v1 payload on the same packet: registry code, numeric_status aligned with code, actions that fit the condition, executable parameters, https URLs, no credentials, no retry path for a configuration origin (D-ENV-15, D-ERR-*)',
    );
  return rules;
}

/** The keyed and keyless schemas of one profile. */
function profileSchemas(spec, profile) {
  const p = spec.profiles[profile];
  const status =
    p.status === 'provisional' ? ' Its body is provisional: pinned by the pack, not found in a published text.' : '';
  const generated = 'Generated from spec/envelope.json by scripts/envelope-schemas.mjs: do not edit.';
  const cannot = `What this schema cannot state, and a validator checks besides: ${unstated(spec, profile).join('; ')}.`;
  const out = [];
  for (const form of ['keyed', 'keyless']) {
    const b = builder(spec, profile, form);
    const root = b.envelope();
    const file = form === 'keyed' ? `${profile}.schema.json` : `${profile}.keyless.schema.json`;
    const what =
      form === 'keyed'
        ? `A UAI-1 envelope of profile ${profile}, keyed form: the twelve canonical members, strict (undeclared members rejected ${spec.undeclaredMembers !== 'top-level' ? 'at the top level and inside every published object' : 'at the top level'}, D-ENV-14), with the body of the profile (source: ${p.source}).${status}`
        : `A UAI-1 envelope of profile ${profile}, keyless transfer form: every published object as the array of its slots in the pinned order, absent members and reserved slots as null (D-WIRE-01 to D-WIRE-04).${status}`;
    out.push({
      file,
      schema: {
        $schema: DRAFT,
        $id: `${SCHEMA_BASE}${file}`,
        title: `UAI-1 envelope ${profile} (${form})`,
        description: `${what} ${cannot} ${generated}`,
        ...root,
        $defs: b.defs,
      },
    });
  }
  return out;
}

/** Every schema file of `spec` (the parsed `spec/envelope.json`): `{ file, schema }`, profiles in registry order, keyed before keyless. */
export function envelopeSchemas(spec) {
  return Object.keys(spec.profiles).flatMap((profile) => profileSchemas(spec, profile));
}

/** A schema as its file holds it. */
export function renderSchema(schema) {
  return `${JSON.stringify(schema, null, 2)}\n`;
}

/** Writes (or, with `check`, compares) the schema files of `root`'s spec; returns the names of the stale files. */
export function writeEnvelopeSchemas(root, { check = false } = {}) {
  const spec = JSON.parse(readFileSync(join(root, 'spec', 'envelope.json'), 'utf8'));
  const dir = join(root, 'schemas', 'envelope');
  const wanted = new Map(envelopeSchemas(spec).map(({ file, schema }) => [file, renderSchema(schema)]));
  const present = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  const stale = [
    ...present.filter((f) => !wanted.has(f)),
    ...[...wanted]
      .filter(([f, text]) => !present.includes(f) || readFileSync(join(dir, f), 'utf8') !== text)
      .map(([f]) => f),
  ];
  if (!check) {
    mkdirSync(dir, { recursive: true });
    for (const f of present) if (!wanted.has(f)) rmSync(join(dir, f));
    for (const [f, text] of wanted) writeFileSync(join(dir, f), text);
  }
  return stale;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const check = process.argv.includes('--check');
  const stale = writeEnvelopeSchemas(root, { check });
  if (check && stale.length) {
    process.stderr.write(`schemas/envelope/ is stale (${stale.join(', ')}): run node scripts/envelope-schemas.mjs\n`);
    process.exitCode = 1;
  } else if (!check) {
    process.stdout.write(`schemas/envelope/: ${stale.length} file(s) written or removed\n`);
  }
}
