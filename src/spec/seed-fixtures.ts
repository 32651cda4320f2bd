import ackKeyed from '../../fixtures/seeds/ack.keyed.json' with { type: 'json' };
import ackKeyless from '../../fixtures/seeds/ack.keyless.json' with { type: 'json' };
import correctionKeyed from '../../fixtures/seeds/correction.keyed.json' with { type: 'json' };
import correctionKeyless from '../../fixtures/seeds/correction.keyless.json' with { type: 'json' };

/** A published fixture of a seed, in its keyed and keyless forms. */
export interface SeedFixture {
  name: 'ack' | 'correction';
  seed: string;
  keyed: Record<string, unknown>;
  keyless: unknown[];
}

/** The fixtures as published in `fixtures/seeds/` (bundled as JSON modules, never handed out). */
const PUBLISHED: readonly SeedFixture[] = [
  { name: 'ack', seed: '001_eb909617fe1d0d44.txt', keyed: ackKeyed, keyless: ackKeyless },
  { name: 'correction', seed: '004_f744ff418ce94154.txt', keyed: correctionKeyed, keyless: correctionKeyless },
];

/**
 * The seeds' valid fixtures (001: acknowledgement, 004: correction), each call a fresh copy: a
 * caller may edit what it gets without changing what the next one reads.
 */
export function seedFixtures(): SeedFixture[] {
  return PUBLISHED.map((f) => structuredClone(f));
}
