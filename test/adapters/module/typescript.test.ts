import { mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadAdapterModule } from '../../../src/adapters/module.js';
import {
  importTypeScript,
  noTypeScriptLoader,
  typeScriptLoaders,
  TYPESCRIPT_IMPORTERS,
  type Importers,
  type TypeScriptLoader,
} from '../../../src/adapters/typescript.js';

const there = (path: string) => () => path;
const absent = () => undefined;

describe('which loaders a TypeScript adapter gets, in order', () => {
  it("Node's type stripping first when this Node has it, then esbuild, then tsx", () => {
    expect(
      typeScriptLoaders({
        tsx: there('/x/tsx/package.json'),
        esbuild: there('/x/esbuild/lib/main.js'),
        features: { typescript: 'strip' },
      }),
    ).toEqual(['node', 'esbuild', 'tsx']);
    expect(
      typeScriptLoaders({
        tsx: there('/x/tsx/package.json'),
        esbuild: there('/x/esbuild/lib/main.js'),
        features: { typescript: 'transform' },
      }),
    ).toEqual(['node', 'esbuild', 'tsx']);
    expect(
      typeScriptLoaders({ tsx: there('/x/tsx/package.json'), esbuild: there('/x/esbuild/lib/main.js'), features: {} }),
    ).toEqual(['esbuild', 'tsx']);
  });

  it('only what is installed', () => {
    expect(typeScriptLoaders({ tsx: absent, esbuild: there('/x/esbuild/lib/main.js'), features: {} })).toEqual([
      'esbuild',
    ]);
    expect(
      typeScriptLoaders({ tsx: there('/x/tsx/package.json'), esbuild: absent, features: { typescript: false } }),
    ).toEqual(['tsx']);
    expect(typeScriptLoaders({ tsx: absent, esbuild: absent, features: { typescript: 'strip' } })).toEqual(['node']);
    expect(typeScriptLoaders({ tsx: absent, esbuild: absent, features: {} })).toEqual([]);
  });

  it('this installation (tsx and esbuild are dev dependencies, Node 20 strips no types): esbuild, then tsx', () => {
    expect(typeScriptLoaders()).toEqual(['esbuild', 'tsx']);
  });

  it('the line for no loader names the adapter, what to install, and the way around it', () => {
    const line = noTypeScriptLoader('adapters/my-impl.ts');
    expect(line).toMatch(
      /^cannot load adapter adapters\/my-impl\.ts: it is TypeScript and tsx is not installed \(npm i -D tsx\)/,
    );
    expect(line).toContain(process.version);
    expect(line).toContain('compile the adapter to JavaScript');
    expect(line).not.toContain('\n');
  });
});

/** Importers that record which loader was asked, each answering as `answers` says. */
function recording(answers: Partial<Record<TypeScriptLoader, () => Promise<Record<string, unknown>>>>): {
  asked: TypeScriptLoader[];
  importers: Importers;
} {
  const asked: TypeScriptLoader[] = [];
  const make = (l: TypeScriptLoader) => async () => {
    asked.push(l);
    const answer = answers[l];
    if (!answer) throw new Error(`${l} was not expected`);
    return answer();
  };
  return { asked, importers: { node: make('node'), esbuild: make('esbuild'), tsx: make('tsx') } };
}
const coded = (code: string) => () => Promise.reject(Object.assign(new Error(code), { code }));

describe('falling back from one loader to the next', () => {
  it('Node stripping that cannot read the module (non-erasable syntax, a ./x.js import of x.ts) hands it on', async () => {
    for (const code of [
      'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX',
      'ERR_MODULE_NOT_FOUND',
      'ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING',
    ]) {
      const r = recording({ node: coded(code), esbuild: async () => ({ default: 'from esbuild' }) });
      expect(await importTypeScript('/a.ts', 'a.ts', ['node', 'esbuild', 'tsx'], r.importers)).toEqual({
        default: 'from esbuild',
      });
      expect(r.asked).toEqual(['node', 'esbuild']);
    }
  });

  it("the module's own failure is reported as it is, and no other loader runs its code again", async () => {
    const r = recording({ node: () => Promise.reject(new TypeError('the adapter threw at its top level')) });
    await expect(importTypeScript('/a.ts', 'a.ts', ['node', 'esbuild', 'tsx'], r.importers)).rejects.toThrow(
      'the adapter threw at its top level',
    );
    expect(r.asked).toEqual(['node']);
  });

  it("the last loader's error when none could read it; no loader at all is the install line", async () => {
    const r = recording({ node: coded('ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX') });
    await expect(importTypeScript('/a.ts', 'a.ts', ['node'], r.importers)).rejects.toMatchObject({
      code: 'ERR_UNSUPPORTED_TYPESCRIPT_SYNTAX',
    });
    await expect(importTypeScript('/a.ts', 'my.ts', [], r.importers)).rejects.toThrow(noTypeScriptLoader('my.ts'));
  });
});

const NODE_MODULES = fileURLToPath(new URL('../../../node_modules', import.meta.url));

/** A folder of TypeScript files (name to text), with this repository's packages installed beside them. */
function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-ts-loader-'));
  symlinkSync(NODE_MODULES, join(dir, 'node_modules'), 'junction');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

describe('the esbuild loader, on real files', () => {
  const esbuildOnly = (file: string) => importTypeScript(file, file, ['esbuild']);
  /** The real importers, recording which were asked. */
  const recordingEsbuild = () => {
    const asked: TypeScriptLoader[] = [];
    const importers = Object.fromEntries(
      (Object.keys(TYPESCRIPT_IMPORTERS) as TypeScriptLoader[]).map((l) => [
        l,
        (f: string, last: boolean) => (asked.push(l), TYPESCRIPT_IMPORTERS[l](f, last)),
      ]),
    ) as unknown as Importers;
    return { asked, importers };
  };

  it('bundles NodeNext sources (./x.js names x.ts), each file keeping its own import.meta, packages imported from where they lie', async () => {
    const dir = folder({
      'adapter.ts': `import { where } from './lib/where.js';
import data from './lib/data.json' with { type: 'json' };
import fc from 'fast-check';
enum Level { L0 = 'L0' }
export default { here: import.meta.url, dir: import.meta.dirname, file: import.meta.filename, lib: where, level: Level.L0, data, fc: typeof fc.integer };
`,
      'lib/where.ts': 'export const where: string = import.meta.url;\n',
      'lib/data.json': '{ "n": 1 }\n',
    });
    // A temporary folder of this test's own, to see that the bundle's file is gone once it is loaded.
    const tmp = mkdtempSync(join(tmpdir(), 'uaix-ts-tmp-'));
    const before = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    let mod: Record<string, unknown>;
    try {
      mod = await esbuildOnly(join(dir, 'adapter.ts'));
    } finally {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
    }
    expect(readdirSync(tmp)).toEqual([]);
    expect(mod.default).toEqual({
      here: pathToFileURL(join(dir, 'adapter.ts')).href,
      dir,
      file: join(dir, 'adapter.ts'),
      lib: pathToFileURL(join(dir, 'lib', 'where.ts')).href,
      level: 'L0',
      data: { n: 1 },
      fc: 'function',
    });
  });

  it('a stack through the adapter names its own file and line', async () => {
    const dir = folder({
      'adapter.ts': `import { fail } from './fail.js';\nexport default { run: () => fail() };\n`,
      'fail.ts': `interface Why { text: string }\nconst why: Why = { text: 'no' };\n\nexport function fail(): never {\n  throw new Error(why.text);\n}\n`,
    });
    const mod = (await esbuildOnly(join(dir, 'adapter.ts'))) as { default: { run: () => void } };
    let stack = '';
    try {
      mod.default.run();
    } catch (e) {
      stack = (e as Error).stack ?? '';
    }
    expect(stack.split('\n')[1]).toContain(`${join(dir, 'fail.ts')}:5:`);
  });

  it('a syntax error is one line with its place, through the adapter loader', async () => {
    const dir = folder({
      'adapter.ts': "import './broken.js';\nexport default {};\n",
      'broken.ts': 'const x: number = ;\n',
    });
    await expect(loadAdapterModule(join(dir, 'adapter.ts'))).rejects.toThrow(
      /^cannot load adapter .*adapter\.ts: syntax error at .*broken\.ts:1:18: Unexpected ";"$/,
    );
  });

  it('a file that resolves modules at run time is handed to tsx when tsx comes next, and bundled when esbuild is last', async () => {
    const dir = folder({
      'package.json': '{ "type": "module" }\n',
      'adapter.ts':
        "const name: string = ['.', 'lib', 'impl.js'].join('/');\nconst impl = (await import(name)) as { kind: string };\nexport default { kind: impl.kind };\n",
      'lib/impl.ts': "export const kind: string = 'computed';\n",
    });
    // tsx resolves the computed name from the adapter's own folder.
    expect((await importTypeScript(join(dir, 'adapter.ts'), 'adapter.ts', ['esbuild', 'tsx'])).default).toEqual({
      kind: 'computed',
    });
    // esbuild alone still bundles it; the computed import then resolves from the bundle's temporary file, and fails.
    await expect(esbuildOnly(join(dir, 'adapter.ts'))).rejects.toThrow(/Cannot find module|ERR_MODULE_NOT_FOUND/);
    const meta = folder({
      'adapter.ts': "export default { where: typeof import.meta.resolve === 'function' ? 'resolvable' : 'not' };\n",
    });
    const r = recordingEsbuild();
    await importTypeScript(join(meta, 'adapter.ts'), 'adapter.ts', ['esbuild', 'tsx'], r.importers);
    expect(r.asked).toEqual(['esbuild', 'tsx']);
  });

  it('CommonJS TypeScript that requires a package is handed to tsx, which reads it', async () => {
    const dir = folder({
      'package.json': '{ "type": "commonjs" }\n',
      'adapter.cts':
        "const fc = require('fast-check');\nmodule.exports = { describe: () => ({ name: 'cjs ' + typeof fc.integer, version: '1' }) };\n",
    });
    await expect(esbuildOnly(join(dir, 'adapter.cts'))).rejects.toThrow(/requires fast-check/);
    const adapter = await loadAdapterModule(join(dir, 'adapter.cts'));
    expect(adapter.describe()).toMatchObject({ name: 'cjs function' });
  });
});
