import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../contract/errors.js';
import { readUserText } from './user-file.js';
import { jsonProblem } from './json-text.js';
import {
  bundledSpec,
  SPEC_NAMES,
  withOverrides,
  type SpecData,
  type SpecName,
  type SpecOverrides,
} from '../spec/index.js';

/**
 * Reads a user's spec folder: each `<name>.json` whose name is a spec file of the pack
 * (`envelope.json`, `error.json`, `recovery.json`, `uas.json`) is an object of top-level keys that
 * replace the bundled ones. Every problem is one usage line naming the file.
 */
export function readSpecOverrides(dir: string, shown: string = dir): SpecOverrides {
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UsageError(`the spec folder ${shown} is not a folder`);
  const out: SpecOverrides = {};
  const known = new Set<string>(SPEC_NAMES);
  for (const f of readdirSync(dir)
    .filter((x) => x.endsWith('.json'))
    .sort()) {
    const name = f.slice(0, -'.json'.length);
    if (!known.has(name)) continue;
    const file = join(dir, f);
    const where = join(shown, f);
    // Opened without blocking and checked as opened: a folder or a FIFO named like a spec file is refused, never waited on.
    const text = readUserText(file, 'spec file', where, undefined, 'is not a regular file');
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`spec file ${where} is not valid JSON: ${jsonProblem(text, e)}`);
    }
    if (data === null || typeof data !== 'object' || Array.isArray(data))
      throw new UsageError(`spec file ${where} must hold a JSON object (the keys of spec/${f} it replaces)`);
    out[name as SpecName] = data as Record<string, unknown>;
  }
  return out;
}

/** The spec data of a run: the bundled spec, with the overrides of `dir` when one is given. */
export function loadSpec(dir?: string, shown: string | undefined = dir): SpecData {
  return dir === undefined ? bundledSpec() : withOverrides(bundledSpec(), readSpecOverrides(dir, shown));
}
