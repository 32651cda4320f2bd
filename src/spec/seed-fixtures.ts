import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './data.js';

/** A published fixture of a seed, in its keyed and keyless forms. */
export interface SeedFixture {
  name: 'ack' | 'correction';
  seed: string;
  keyed: Record<string, unknown>;
  keyless: unknown[];
}

let cached: SeedFixture[] | undefined;

/** The seeds' valid fixtures (001: acknowledgement, 004: correction), from `fixtures/seeds/`. */
export function seedFixtures(): SeedFixture[] {
  if (!cached) {
    const read = (f: string) => JSON.parse(readFileSync(join(packageRoot, 'fixtures', 'seeds', f), 'utf8'));
    cached = [
      { name: 'ack', seed: '001_eb909617fe1d0d44.txt', keyed: read('ack.keyed.json'), keyless: read('ack.keyless.json') },
      { name: 'correction', seed: '004_f744ff418ce94154.txt', keyed: read('correction.keyed.json'), keyless: read('correction.keyless.json') },
    ];
  }
  return cached.map((f) => structuredClone(f));
}
