import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { secretFamilyIn } from '../../../suites/recovery/secrets.js';

/**
 * The secret and token shapes as data (`spec/secrets.json`: families of secrets with example
 * values, kinds of non-secrets with examples) hold the recovery judges' own detector too: it finds
 * every example of a family under that family's name, and none of the non-secrets.
 */
interface SecretShapes {
  families: { name: string; shape: string; examples: string[] }[];
  notSecrets: { kind: string; examples: string[] }[];
}

const file = new URL('../../../spec/secrets.json', import.meta.url);
const shapes = JSON.parse(readFileSync(file, 'utf8')) as SecretShapes;

describe("the recovery judges' secret detector, on the shapes of spec/secrets.json", () => {
  it('has families and non-secrets to test', () => {
    expect(shapes.families.length).toBeGreaterThan(0);
    expect(shapes.notSecrets.length).toBeGreaterThan(0);
  });

  for (const family of shapes.families) {
    it(`finds every example of ${family.name} (${family.shape}) under its family name`, () => {
      expect(family.examples.length).toBeGreaterThan(0);
      expect(
        family.examples.map((e) => ({ e, found: secretFamilyIn(e) })).filter((x) => x.found !== family.name),
      ).toEqual([]);
    });
  }

  for (const kind of shapes.notSecrets) {
    it(`takes no example of ${kind.kind} for a secret`, () => {
      expect(kind.examples.length).toBeGreaterThan(0);
      expect(kind.examples.map((e) => ({ e, found: secretFamilyIn(e) })).filter((x) => x.found !== null)).toEqual([]);
    });
  }
});
