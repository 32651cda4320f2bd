import fc from 'fast-check';
import { packCatalog } from '../../src/api/catalog.js';
import type { CheckDefinition } from '../../src/engine/check.js';
import { FixtureBytes } from '../../src/model/fixtures.js';
import { bundledSpec } from '../../src/spec/index.js';

export const NOW = '2026-06-01T00:00:00Z';
export const spec = bundledSpec();

/** A check of the catalog, by id. */
export const check = (id: string): CheckDefinition => packCatalog().get(id)!;

/** A fixture case of a check as written, with its byte files read back as bytes. */
export function written(id: string, seed = 5): { input: any; expected: any; description?: string } {
  const c = check(id);
  const f = c.fixture!.encode(fc.sample(c.arbitrary(spec), { seed, numRuns: 1 })[0], { now: NOW, spec });
  return JSON.parse(
    JSON.stringify(f, (_k, v) => (v instanceof FixtureBytes ? { $bytes: [...v.bytes] } : v)),
    (_k, v) => (v && Array.isArray(v.$bytes) ? new Uint8Array(v.$bytes) : v),
  );
}
