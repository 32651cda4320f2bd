import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { referenceAdapter as ref } from '../../src/adapters/reference.js';
import { DEFAULT_NOW } from '../../src/engine/harness.js';

const root = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
/** The README's examples section: what it shows before asking anyone to write an adapter. */
const section = readme.slice(
  readme.indexOf('## What the pack sends: examples'),
  readme.indexOf('## Writing an adapter'),
);
const json = (f: string): unknown => JSON.parse(readFileSync(join(root, f), 'utf8'));

describe('the README examples section', () => {
  it('comes before "Writing an adapter" and links every fixture it names', () => {
    expect(readme.indexOf('## What the pack sends: examples')).toBeGreaterThan(0);
    expect(readme.indexOf('## What the pack sends: examples')).toBeLessThan(readme.indexOf('## Writing an adapter'));
    const linked = [...section.matchAll(/\]\((fixtures\/[^)]+)\)/g)].map((m) => m[1]);
    expect(linked).toEqual(
      expect.arrayContaining([
        'fixtures/seeds/ack.keyed.json',
        'fixtures/seeds/ack.keyless.json',
        'fixtures/seeds/error-scenarios.json',
        'fixtures/uas/raw_input.txt',
        'fixtures/uas/compiled.xml',
        'fixtures/uas/drifted.xml',
      ]),
    );
  });

  it('the envelope is valid, and it and the keyless arrays map to each other', async () => {
    const keyed = json('fixtures/seeds/ack.keyed.json');
    const keyless = json('fixtures/seeds/ack.keyless.json');
    expect((await ref.validateEnvelope!(keyed, { now: DEFAULT_NOW })).valid).toBe(true);
    expect(await ref.toKeyless!(keyed)).toEqual(keyless);
    expect(await ref.fromKeyless!(keyless)).toEqual(keyed);
  });

  it('the error payload shown inline is the first seed scenario, and valid', async () => {
    const shown = JSON.parse(/```json\n([\s\S]*?)\n```/.exec(section)![1]!) as unknown;
    expect(shown).toEqual(
      (json('fixtures/seeds/error-scenarios.json') as { scenarios: { payload: unknown }[] }).scenarios[0]!.payload,
    );
    expect(await ref.validateError!(shown, { now: DEFAULT_NOW })).toMatchObject({ valid: true });
  });

  it('the UAS pair verifies, and the drifted artifact does not', async () => {
    const source = new Uint8Array(readFileSync(join(root, 'fixtures/uas/raw_input.txt')));
    const artifact = (f: string) => readFileSync(join(root, 'fixtures/uas', f), 'utf8');
    expect((await ref.verifyUas!(source, artifact('compiled.xml'))).valid).toBe(true);
    expect((await ref.verifyUas!(source, artifact('drifted.xml'))).valid).toBe(false);
  });
});
