import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { CheckDefinition, FixtureCase } from '../engine/check.js';
import { UsageError } from '../contract/errors.js';
import { writeAtomic } from '../reporters/write.js';
import { firstSchemaError, readJsonFile, schemaValidator } from '../io/json-file.js';

export const FIXTURE_FORMAT = 'uaix-conformance-fixtures/1';
export const FIXTURE_SCHEMA_ID = 'https://uaix-conformance.invalid/schemas/fixture.schema.json';

/** Bytes that a fixture keeps as a file of its own, named `<case id>.<name>` (e.g. `source.txt`). */
export class FixtureBytes {
  constructor(
    readonly bytes: Uint8Array,
    readonly name: string,
  ) {
    if (!/^[a-z0-9][a-z0-9._-]{0,40}$/.test(name)) throw new Error(`fixture file name ${JSON.stringify(name)} is not a plain lower-case file name`);
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
export function encodeCase(check: CheckDefinition, c: FixtureCase, meta: Omit<FixtureRecord, 'id' | 'description' | 'check_id' | 'spec_ref' | 'input' | 'expected'>): EncodedCase | undefined {
  const blobs: { bytes: Uint8Array; name: string; at: Record<string, string> }[] = [];
  let n = 0;
  const walk = (v: unknown): unknown => {
    if (v instanceof FixtureBytes || v instanceof Uint8Array) {
      const ref: Record<string, string> = { $file: '' };
      blobs.push({ bytes: v instanceof FixtureBytes ? v.bytes : v, name: v instanceof FixtureBytes ? v.name : `${n++}.bin`, at: ref });
      return ref;
    }
    // JSON has one zero (RFC 8785 writes -0 as 0): a fixture says 0, as any wire would.
    if (typeof v === 'number' && Object.is(v, -0)) return 0;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) Object.defineProperty(out, k, { value: walk(x), enumerable: true, writable: true, configurable: true });
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
  const description = (c.description ?? check.title).replace(/\s+/g, ' ').slice(0, 300);
  return { record: { id, description, check_id: check.id, spec_ref: check.specRef, input, expected, ...meta }, files };
}

/** Reads `{ "$file": path }` references back as bytes, confined to the fixture folder. */
export function resolveFiles(value: unknown, dir: string, where: string): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveFiles(v, dir, where));
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 1 && keys[0] === '$file') {
    const rel = o.$file;
    if (typeof rel !== 'string' || rel === '' || isAbsolute(rel) || normalize(rel).split(sep).includes('..')) throw new UsageError(`${where}: $file must be a relative path inside the fixture folder, got ${JSON.stringify(rel)}`);
    const file = join(dir, rel);
    if (!existsSync(file)) throw new UsageError(`${where}: $file ${rel} does not exist`);
    return new Uint8Array(readFileSync(file));
  }
  const out: Record<string, unknown> = {};
  for (const k of keys) Object.defineProperty(out, k, { value: resolveFiles(o[k], dir, where), enumerable: true, writable: true, configurable: true });
  return out;
}

/** Reads and validates one fixture file. */
export function readFixtureSet(file: string): FixtureSet {
  const data = readJsonFile(file, 'fixture file');
  const validate = schemaValidator('fixture');
  if (!validate(data)) throw new UsageError(`${file} is not a uaix-conformance fixture file: ${firstSchemaError(validate.errors)}`);
  const set = data as FixtureSet;
  for (const c of set.cases) if (c.check_id !== set.check_id) throw new UsageError(`${file}: case ${c.id} is for ${c.check_id}, the file for ${set.check_id}`);
  return set;
}

/** Every fixture file of a folder (its `*.json` files; sub-folders hold the byte files). */
export function readFixtureDir(dir: string): { file: string; set: FixtureSet }[] {
  if (!existsSync(dir)) throw new UsageError(`fixture folder ${dir}: no such folder`);
  if (!statSync(dir).isDirectory()) throw new UsageError(`fixture folder ${dir} is a file, not a folder`);
  const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  if (files.length === 0) throw new UsageError(`fixture folder ${dir} holds no fixture file (*.json)`);
  return files.map((f) => ({ file: join(dir, f), set: readFixtureSet(join(dir, f)) }));
}

/** What `writeFixtures` did. */
export interface FixtureWrite {
  files: string[];
  added: number;
  alreadyPresent: number;
}

/**
 * Adds cases to the fixture files of `dir`, one file per check. Never removes or rewrites a case:
 * a case already present (same id) is left as it is. Refuses a folder holding JSON files that are
 * not fixture files, and byte files whose content differs from what the case needs.
 */
export function writeFixtures(dir: string, byCheck: Map<CheckDefinition, EncodedCase[]>): FixtureWrite {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`--out ${dir} is a file, not a folder`);
  const existing = new Map<string, { file: string; set: FixtureSet }>();
  if (existsSync(dir)) {
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
      const file = join(dir, f);
      let set: FixtureSet;
      try {
        set = readFixtureSet(file);
      } catch {
        throw new UsageError(`--out ${dir} holds ${f}, which is not a fixture file: refusing to write there (choose another --out)`);
      }
      existing.set(set.check_id, { file, set });
    }
  }
  const result: FixtureWrite = { files: [], added: 0, alreadyPresent: 0 };
  for (const [check, cases] of byCheck) {
    if (cases.length === 0) continue;
    const prior = existing.get(check.id);
    const file = prior?.file ?? join(dir, `${check.id}.json`);
    const set: FixtureSet = prior?.set ?? { $schema: FIXTURE_SCHEMA_ID, format: FIXTURE_FORMAT, check_id: check.id, description: check.title, spec_ref: check.specRef, cases: [] };
    const known = new Set(set.cases.map((c) => c.id));
    let changed = false;
    for (const c of cases) {
      if (known.has(c.record.id)) {
        result.alreadyPresent += 1;
        continue;
      }
      for (const [rel, bytes] of c.files) {
        const target = join(dir, rel);
        if (existsSync(target)) {
          if (!Buffer.from(readFileSync(target)).equals(Buffer.from(bytes))) throw new UsageError(`${relative(process.cwd(), target)} exists with other content: refusing to overwrite it`);
          continue;
        }
        mkdirSync(join(target, '..'), { recursive: true });
        writeFileSync(target, bytes);
      }
      set.cases.push(c.record);
      known.add(c.record.id);
      result.added += 1;
      changed = true;
    }
    if (changed) {
      writeAtomic(file, `${JSON.stringify(set, null, 2)}\n`);
      result.files.push(file);
    }
  }
  return result;
}
