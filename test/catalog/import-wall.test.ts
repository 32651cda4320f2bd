import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The floor plan, enforced. `src/` is layered, each layer importing only from the layers below it;
 * `generators/` and `suites/` (the judge) import nothing from the implementation they judge, nor
 * from anything above the engine; the reference imports only the contract and the spec data.
 * CONTRIBUTING.md says the same in words.
 */
const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The layers of src/, bottom first. */
const LAYERS = [
  'contract',
  'spec',
  'model',
  'engine',
  'io',
  'reference',
  'adapters',
  'reporters',
  'api',
  'cli',
] as const;
type Place = (typeof LAYERS)[number] | 'generators' | 'suites' | 'entry';

/** What each place may import from (besides itself, libraries and Node). */
const ALLOWED: Record<Place, readonly Place[]> = {
  contract: [],
  spec: ['contract'],
  model: ['contract', 'spec'],
  engine: ['contract', 'spec', 'model'],
  io: ['contract', 'spec', 'model', 'engine'],
  reference: ['contract', 'spec'],
  adapters: ['contract', 'spec', 'model', 'engine', 'io', 'reference'],
  reporters: ['contract', 'spec', 'model', 'engine', 'io'],
  api: ['contract', 'spec', 'model', 'engine', 'io', 'reference', 'adapters', 'reporters', 'suites', 'generators'],
  cli: [
    'contract',
    'spec',
    'model',
    'engine',
    'io',
    'reference',
    'adapters',
    'reporters',
    'api',
    'suites',
    'generators',
  ],
  generators: ['contract', 'spec', 'model'],
  suites: ['contract', 'spec', 'model', 'engine', 'generators'],
  // The package's entry points (src/index.ts, src/vitest.ts) expose what is below them.
  entry: [...LAYERS, 'suites', 'generators'],
};

function placeOf(file: string): Place | undefined {
  const [top, layer] = relative(ROOT, file).split(sep);
  if (top === 'generators' || top === 'suites') return top;
  if (top !== 'src') return undefined;
  if ((LAYERS as readonly string[]).includes(layer!)) return layer as Place;
  return layer === 'index.ts' || layer === 'vitest.ts' ? 'entry' : undefined;
}

function sources(dir: string): string[] {
  return (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => join(ROOT, dir, f));
}

/**
 * Every import of a source (JSON data aside): its specifier, and whether it loads with the module
 * (a static import that is not `import type`: a type import is erased, an `import()` waits for its
 * line to run).
 */
function importSpecifiers(file: string): { spec: string; atLoad: boolean }[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(
      /(?:^|\n)\s*(?:import|export)\s+(type\s)?[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g,
    ),
  ]
    .map((m) =>
      m[2] !== undefined
        ? { spec: m[2], atLoad: m[1] === undefined }
        : m[3] !== undefined
          ? { spec: m[3], atLoad: false }
          : { spec: m[4]!, atLoad: true },
    )
    .filter((i) => !i.spec.endsWith('.json'));
}

/** The project files a source imports, in any way (relative specifiers only: libraries are not walls). */
function importsOf(file: string): string[] {
  return importSpecifiers(file)
    .filter((i) => i.spec.startsWith('.'))
    .map((i) => resolve(dirname(file), i.spec).replace(/\.js$/, '.ts'));
}

const files = ['src', 'generators', 'suites'].flatMap(sources);
const edges = files.map((file) => ({ file, imports: importsOf(file) }));
const rel = (f: string) => relative(ROOT, f).split(sep).join('/');

describe('the import wall', () => {
  it('places every source file of src/ in a layer', () => {
    expect(files.filter((f) => placeOf(f) === undefined).map(rel)).toEqual([]);
  });

  it('lets each place import only from the places below it', () => {
    const crossings: string[] = [];
    for (const { file, imports } of edges) {
      const from = placeOf(file)!;
      for (const target of imports) {
        const to = placeOf(target);
        if (to === undefined || to === from) continue;
        if (!ALLOWED[from].includes(to))
          crossings.push(`${rel(file)} -> ${rel(target)} (${from} may not import ${to})`);
      }
    }
    expect(crossings).toEqual([]);
  });

  it('keeps the judge apart from the implementation it judges', () => {
    const judge = edges.filter(({ file }) => placeOf(file) === 'generators' || placeOf(file) === 'suites');
    expect(
      judge.flatMap(({ file, imports }) =>
        imports.filter((t) => placeOf(t) === 'reference').map((t) => `${rel(file)} -> ${rel(t)}`),
      ),
    ).toEqual([]);
    expect(judge.length).toBeGreaterThan(0);
  });

  it('has no import cycle among the source files', () => {
    const graph = new Map(edges.map(({ file, imports }) => [file, imports.filter((t) => files.includes(t))]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (f: string, path: string[]) => {
      if (state.get(f) === 'done') return;
      if (state.get(f) === 'open') {
        cycles.push([...path.slice(path.indexOf(f)), f].map(rel).join(' -> '));
        return;
      }
      state.set(f, 'open');
      for (const t of graph.get(f) ?? []) visit(t, [...path, f]);
      state.set(f, 'done');
    };
    for (const f of files) visit(f, []);
    expect(cycles).toEqual([]);
  });

  it('loads no suite, generator, fast-check or ajv before a command knows its command line is good', () => {
    // The command line and each command module, with what they load with them (`importSpecifiers`):
    // a usage error, `--help` and `--version` get no further, so none of them compiles the checks
    // or the libraries that draw and validate.
    const staticImports = (file: string) =>
      importSpecifiers(file)
        .filter((i) => i.atLoad)
        .map((i) => i.spec);
    const entries = [join(ROOT, 'src', 'cli', 'main.ts'), ...sources(join('src', 'cli', 'commands'))];
    expect(entries.length).toBeGreaterThan(10);
    const loaded = new Set<string>();
    const libraries = new Set<string>();
    const visit = (file: string) => {
      if (loaded.has(file)) return;
      loaded.add(file);
      for (const spec of staticImports(file)) {
        if (spec.startsWith('.')) visit(resolve(dirname(file), spec).replace(/\.js$/, '.ts'));
        else
          libraries.add(
            spec.split('/')[0]!.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!,
          );
      }
    };
    entries.forEach(visit);
    // Tables that import nothing themselves: the suites' loaders (each suite an `import()`), the
    // reference's domains (each an `import()`) and the reference's name and version.
    const tables = ['suites/loaders.ts', 'src/reference/domains.ts', 'src/reference/info.ts'];
    expect(
      [...loaded]
        .map(rel)
        .filter((f) => (/^(suites|generators)\//.test(f) || f.startsWith('src/reference/')) && !tables.includes(f)),
    ).toEqual([]);
    expect(
      [...libraries].filter((l) =>
        ['fast-check', 'ajv', 'ajv-formats', 'saxes', 'fast-xml-parser', 'undici'].includes(l),
      ),
    ).toEqual([]);
    // The walk sees the command modules' own imports: the options, the exit codes, the listing.
    expect([...loaded].map(rel)).toEqual(
      expect.arrayContaining(['src/cli/options.ts', 'src/cli/exit.ts', 'src/api/listing.ts']),
    );
  });

  it('imports fast-check by name, never its default export, so that the bundle leaves out what the pack does not use', () => {
    // fast-check's default export is one object holding every arbitrary: a module that imports it
    // keeps all of fast-check in the command line's bundle (about 360 KB that every run compiles);
    // `import * as fc` and named imports let esbuild drop what no module reads.
    const defaultImport = /(?:^|\n)\s*import\s+(?!type\b)(?!\*)[\w$]+\s*(?:,[^'"]*)?from\s*['"]fast-check['"]/;
    expect(files.filter((f) => defaultImport.test(readFileSync(f, 'utf8'))).map(rel)).toEqual([]);
    expect(files.filter((f) => readFileSync(f, 'utf8').includes("from 'fast-check'")).length).toBeGreaterThan(0);
  });
});
