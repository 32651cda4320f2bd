import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The published material holds together: every relative link of the README, CONTRIBUTING.md and
 * `docs/` names a file of the repository, and every `#anchor` names a heading of its page (as a
 * Markdown renderer slugs it: lower case, punctuation dropped, spaces to hyphens).
 */
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const pages = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => join('docs', f)),
];

function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N} -]/gu, '')
    .replace(/ /g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!.trim())));
}

function linksOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));
}

describe('the links of the published pages', () => {
  for (const page of pages) {
    it(`${page}: every relative link and anchor resolves`, () => {
      const at = join(ROOT, page);
      const broken: string[] = [];
      for (const link of linksOf(at)) {
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? at : resolve(dirname(at), decodeURIComponent(path));
        if (!existsSync(target)) {
          broken.push(`${link}: no ${relative(ROOT, target)}`);
          continue;
        }
        if (anchor && statSync(target).isFile() && target.endsWith('.md') && !anchorsOf(target).has(anchor))
          broken.push(`${link}: no heading #${anchor}`);
      }
      expect(broken).toEqual([]);
    });
  }
});
