import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { packageRoot } from '../../spec/data.js';

/**
 * The out-of-process adapter protocol, `uaix-adapter/1`: JSON-RPC 2.0, one message per line, over
 * the adapter's stdin and stdout. Its messages are written down as JSON Schemas in
 * `schemas/protocol/`; this module compiles them and answers "is this message well formed?".
 * docs/protocol.md is the implementers' description.
 */
export const PROTOCOL = 'uaix-adapter/1';
export const PROTOCOL_MAJOR = 1;

/** Codes of JSON-RPC errors that say the protocol broke down, not that the input was refused. */
export const PROTOCOL_ERROR_CODES: ReadonlySet<number> = new Set([-32700, -32600, -32601, -32602]);

/** The code a server uses when the implementation refused the input or failed on it. */
export const APPLICATION_ERROR_CODE = -32000;

export const SCHEMA_DIR = join(packageRoot, 'schemas', 'protocol');

/** The result schema of each contract member whose answer has a fixed shape. */
const RESULT_SCHEMAS: Record<string, string> = {
  validateEnvelope: 'verdict',
  validateError: 'verdict',
  computeChecksum: 'checksum',
  verifyUas: 'uas-verdict',
};

let compiled: Map<string, ValidateFunction> | undefined;

function validators(): Map<string, ValidateFunction> {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ strict: true, allErrors: false });
  const names: string[] = [];
  for (const file of readdirSync(SCHEMA_DIR).filter((f) => f.endsWith('.schema.json')).sort()) {
    ajv.addSchema(JSON.parse(readFileSync(join(SCHEMA_DIR, file), 'utf8')) as object);
    names.push(file.replace(/\.schema\.json$/, ''));
  }
  compiled = new Map(names.map((n) => [n, ajv.getSchema(`https://uaix-conformance.invalid/schemas/protocol/${n}.schema.json`)!]));
  return compiled;
}

function describeError(e: ErrorObject | undefined): string {
  if (!e) return 'does not match the schema';
  const extra = e.keyword === 'additionalProperties' ? ` (${(e.params as { additionalProperty: string }).additionalProperty})` : '';
  return `${e.instancePath || '(root)'} ${e.message ?? e.keyword}${extra}`;
}

/** Null when `value` matches `schemas/protocol/<name>.schema.json`, else one line saying why not. */
export function protocolProblem(name: string, value: unknown): string | null {
  const validate = validators().get(name);
  if (!validate) throw new Error(`no protocol schema named ${name}`);
  if (validate(value)) return null;
  // For a oneOf, ajv's first error is the useless "must match exactly one schema": name the branch instead.
  const errors = validate.errors ?? [];
  const specific = errors.find((e) => e.keyword !== 'oneOf' && e.keyword !== 'if') ?? errors[0];
  return `${name}: ${describeError(specific)}`;
}

/** The schema a member's result must match, if the contract fixes one. */
export function resultSchemaOf(method: string): string | undefined {
  return RESULT_SCHEMAS[method];
}

/** Serializes params: byte strings become `{ "$base64": ... }`. Throws when a value has no JSON form. */
export function encodeRequest(id: number, method: string, params: readonly unknown[]): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params }, function (this: Record<string, unknown>, key, value) {
    // `this[key]` is the raw value: Buffer's toJSON would otherwise have run before we see it.
    const raw = this[key];
    if (raw instanceof Uint8Array) return { $base64: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength).toString('base64') };
    if (typeof value === 'bigint') throw new TypeError('a bigint has no JSON form');
    return value;
  });
}

/**
 * Turns byte-string params back into Uint8Arrays (for servers written in JS). Only top-level params
 * are decoded: bytes are whole arguments in the contract (verifyUas's source), so an envelope whose
 * free-form data happens to hold a `$base64` member is never mistaken for bytes.
 */
export function decodeParams(params: readonly unknown[]): unknown[] {
  return params.map((p) => {
    if (p === null || typeof p !== 'object' || Array.isArray(p)) return p;
    const keys = Object.keys(p);
    const b64 = (p as Record<string, unknown>).$base64;
    return keys.length === 1 && typeof b64 === 'string' ? new Uint8Array(Buffer.from(b64, 'base64')) : p;
  });
}
