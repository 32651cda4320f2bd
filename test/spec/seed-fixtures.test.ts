import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seedFixtures } from '../../src/spec/seed-fixtures.js';

const published = (file: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/seeds/${file}`, import.meta.url), 'utf8'));

describe('seedFixtures', () => {
  it('are the files of fixtures/seeds, keyed and keyless', () => {
    for (const f of seedFixtures()) {
      expect(f.keyed, f.name).toEqual(published(`${f.name}.keyed.json`));
      expect(f.keyless, f.name).toEqual(published(`${f.name}.keyless.json`));
    }
  });

  it('name the seed each comes from', () => {
    expect(seedFixtures().map((f) => [f.name, f.seed])).toEqual([
      ['ack', '001_eb909617fe1d0d44.txt'],
      ['correction', '004_f744ff418ce94154.txt'],
    ]);
  });

  it('are a fresh copy on every call', () => {
    const [first] = seedFixtures();
    (first!.keyed as { profile: string }).profile = 'edited';
    (first!.keyless as unknown[]).length = 0;
    const [again] = seedFixtures();
    expect(again!.keyed.profile).toBe('uai.agent.ack.v1');
    expect(again!.keyless).toEqual(published('ack.keyless.json'));
  });
});
