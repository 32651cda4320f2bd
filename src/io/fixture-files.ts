import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { UsageError } from '../contract/errors.js';
import type { EncodedCase, FixtureCheck, FixtureSet } from '../model/fixtures.js';
import { FIXTURE_FORMAT, FIXTURE_SCHEMA_ID } from '../model/fixtures.js';
import { writeAtomic } from './atomic.js';
import { firstSchemaError, readJsonFile, schemaValidator } from './json-file.js';
import { readUserFile, UserFileError } from './user-file.js';

/** Reads `{ "$file": path }` references back as bytes, confined to the fixture folder. */
export function resolveFiles(value: unknown, dir: string, where: string): unknown {
  if (Array.isArray(value)) return value.map((v) => resolveFiles(v, dir, where));
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 1 && keys[0] === '$file') {
    const rel = o.$file;
    if (typeof rel !== 'string' || rel === '' || isAbsolute(rel) || normalize(rel).split(sep).includes('..'))
      throw new UsageError(
        `${where}: $file must be a relative path inside the fixture folder, got ${JSON.stringify(rel)}`,
      );
    const file = join(dir, rel);
    if (!existsSync(file)) throw new UsageError(`${where}: $file ${rel} does not exist`);
    // Opened without blocking and checked as opened (D-REL-05): a FIFO or a device there is refused, never waited on.
    try {
      return new Uint8Array(readUserFile(file, `${where}: $file ${rel}`));
    } catch (e) {
      if (e instanceof UserFileError) throw new UsageError(e.message);
      throw e;
    }
  }
  const out: Record<string, unknown> = {};
  for (const k of keys)
    Object.defineProperty(out, k, {
      value: resolveFiles(o[k], dir, where),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}

/** Reads and validates one fixture file. */
export function readFixtureSet(file: string, shown: string = file): FixtureSet {
  const data = readJsonFile(file, 'fixture file', shown);
  const validate = schemaValidator('fixture');
  if (!validate(data))
    throw new UsageError(`${shown} is not a uaix-conformance fixture file: ${firstSchemaError(validate.errors)}`);
  const set = data as FixtureSet;
  for (const c of set.cases)
    if (c.check_id !== set.check_id)
      throw new UsageError(`${shown}: case ${c.id} is for ${c.check_id}, the file for ${set.check_id}`);
  return set;
}

/** Every fixture file of a folder (its `*.json` files; sub-folders hold the byte files). */
export function readFixtureDir(dir: string, shown: string = dir): { file: string; set: FixtureSet }[] {
  if (!existsSync(dir)) throw new UsageError(`fixture folder ${shown}: no such folder`);
  if (!statSync(dir).isDirectory()) throw new UsageError(`fixture folder ${shown} is a file, not a folder`);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  if (files.length === 0) throw new UsageError(`fixture folder ${shown} holds no fixture file (*.json)`);
  return files.map((f) => ({ file: join(dir, f), set: readFixtureSet(join(dir, f), join(shown, f)) }));
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
export function writeFixtures(
  dir: string,
  byCheck: Map<FixtureCheck, EncodedCase[]>,
  cwd: string = process.cwd(),
): FixtureWrite {
  const shown = relative(cwd, dir) || dir;
  if (existsSync(dir) && !statSync(dir).isDirectory())
    throw new UsageError(`the fixture folder ${shown} is a file, not a folder`);
  const existing = new Map<string, { file: string; set: FixtureSet }>();
  if (existsSync(dir)) {
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
      const file = join(dir, f);
      let set: FixtureSet;
      try {
        set = readFixtureSet(file);
      } catch {
        throw new UsageError(
          `the fixture folder ${shown} holds ${f}, which is not a fixture file: refusing to write there (choose another folder)`,
        );
      }
      existing.set(set.check_id, { file, set });
    }
  }
  const result: FixtureWrite = { files: [], added: 0, alreadyPresent: 0 };
  for (const [check, cases] of byCheck) {
    if (cases.length === 0) continue;
    const prior = existing.get(check.id);
    const file = prior?.file ?? join(dir, `${check.id}.json`);
    const set: FixtureSet = prior?.set ?? {
      $schema: FIXTURE_SCHEMA_ID,
      format: FIXTURE_FORMAT,
      check_id: check.id,
      description: check.title,
      spec_ref: check.specRef,
      cases: [],
    };
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
          if (!readUserFile(target, target).equals(Buffer.from(bytes)))
            throw new UsageError(`${relative(cwd, target)} exists with other content: refusing to overwrite it`);
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
