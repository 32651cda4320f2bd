import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';

export const FIXTURE_FORMAT = 'uaix-conformance-fixtures/1';
export const FIXTURE_SCHEMA_ID = 'https://uaix-conformance.invalid/schemas/fixture.schema.json';

/** Bytes that a fixture keeps as a file of its own, named `<case id>.<name>` (e.g. `source.txt`). */
export class FixtureBytes {
  constructor(
    readonly bytes: Uint8Array,
    readonly name: string,
  ) {
    if (!/^[a-z0-9][a-z0-9._-]{0,40}$/.test(name))
      throw new Error(`fixture file name ${JSON.stringify(name)} is not a plain lower-case file name`);
  }
}

/** Names a byte string that a fixture writes as a file, e.g. `fixtureBytes(source, 'source.txt')`. */
export function fixtureBytes(bytes: Uint8Array | string, name: string): FixtureBytes {
  return new FixtureBytes(typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes, name);
}

/** One case in a fixture file, as written. */
export interface FixtureRecord {
  id: string;
  description: string;
  check_id: string;
  spec_ref: string;
  input: unknown;
  expected: unknown;
  /** The validators' clock the case ran with. */
  now?: string;
  source?: 'counterexample' | 'corpus';
  tags?: string[];
  origin?: { tool: string; catalog_hash: string; seed: number; path?: string };
}

/** One file: every fixture case of one check. */
export interface FixtureSet {
  $schema?: string;
  format: typeof FIXTURE_FORMAT;
  check_id: string;
  description: string;
  spec_ref: string;
  cases: FixtureRecord[];
}

/**
 * One case as language-neutral data: what the implementation is given (`input`) and what a
 * conforming one answers (`expected`). Bytes (`Uint8Array`, or `fixtureBytes(...)` for a named file)
 * anywhere in `input` or `expected` are written as files beside the fixture and come back as
 * `Uint8Array` on decode.
 */
export interface FixtureCase {
  input: unknown;
  expected: unknown;
  /** One line: what this case is (the mutation note, the profile...). */
  description?: string;
}

/** The check a fixture case belongs to, as the fixture file names it. */
export interface FixtureCheck {
  id: string;
  title: string;
  specRef: string;
}

/** A case ready to be written: its JSON with file references, and the files. */
export interface EncodedCase {
  record: FixtureRecord;
  files: Map<string, Uint8Array>;
}

/**
 * Turns a codec's case into a record plus files: every `FixtureBytes` or `Uint8Array` becomes
 * `{ "$file": "<CHECK-ID>/<case id>.<name>" }`, and -0 becomes 0. The case id is a hash of the
 * content, so the same case exported twice is the same case. Undefined when the case is not plain JSON.
 */
export function encodeCase(
  check: FixtureCheck,
  c: FixtureCase,
  meta: Omit<FixtureRecord, 'id' | 'description' | 'check_id' | 'spec_ref' | 'input' | 'expected'>,
): EncodedCase | undefined {
  const blobs: { bytes: Uint8Array; name: string; at: Record<string, string> }[] = [];
  let n = 0;
  const walk = (v: unknown): unknown => {
    if (v instanceof FixtureBytes || v instanceof Uint8Array) {
      const ref: Record<string, string> = { $file: '' };
      blobs.push({
        bytes: v instanceof FixtureBytes ? v.bytes : v,
        name: v instanceof FixtureBytes ? v.name : `${n++}.bin`,
        at: ref,
      });
      return ref;
    }
    // JSON has one zero (RFC 8785 writes -0 as 0): a fixture says 0, as any wire would.
    if (typeof v === 'number' && Object.is(v, -0)) return 0;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v))
        Object.defineProperty(out, k, { value: walk(x), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return v;
  };
  const input = walk(c.input);
  const expected = walk(c.expected);
  const plain = { input, expected };
  // A case that JSON cannot carry (undefined, NaN, Infinity, a bigint...) is not a portable fixture.
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(plain)), plain)) return undefined;
  const h = createHash('sha256').update(check.id).update(JSON.stringify(plain));
  for (const b of blobs) h.update(b.bytes);
  const id = `c-${h.digest('hex').slice(0, 12)}`;
  const files = new Map<string, Uint8Array>();
  for (const b of blobs) {
    const rel = `${check.id}/${id}.${b.name}`;
    b.at.$file = rel;
    files.set(rel, b.bytes);
  }
  const description = (c.description ?? check.title).replace(/[\r\n\u2028\u2029]+/g, ' ').slice(0, 2000);
  return { record: { id, description, check_id: check.id, spec_ref: check.specRef, input, expected, ...meta }, files };
}
