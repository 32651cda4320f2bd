import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../helpers/built.js';

/** The package manifest. */
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  license: string;
  scripts: Record<string, string>;
  exports: Record<string, unknown>;
  files: string[];
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, unknown>;
};

let packed: Set<string> | undefined;

/** What `npm pack` would put in the tarball (no scripts run: nothing is built); asked once for the file, since each ask takes seconds. */
function packedFiles(): Set<string> {
  if (packed) return packed;
  const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: root, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  packed = new Set((JSON.parse(r.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path));
  return packed;
}

describe('package hygiene', () => {
  it('installing the package runs no build: it builds on pack (prepack), never on install (prepare)', () => {
    expect(pkg.scripts.prepare).toBeUndefined();
    expect(pkg.scripts.prepack).toBe('npm run build');
    for (const hook of ['preinstall', 'install', 'postinstall']) expect(pkg.scripts[hook], hook).toBeUndefined();
  });

  it('ships an MIT LICENSE file that matches the license field', () => {
    expect(pkg.license).toBe('MIT');
    const text = readFileSync(join(root, 'LICENSE'), 'utf8');
    expect(text).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} uaix-conformance contributors\n/);
  });

  it('the benchmark library is a dev dependency: nothing shipped imports it', () => {
    expect(pkg.dependencies.tinybench).toBeUndefined();
    expect(pkg.devDependencies.tinybench).toBeDefined();
    for (const dir of ['src', 'suites', 'generators', 'bin']) {
      for (const f of readdirSync(join(root, dir), { recursive: true }) as string[]) {
        if (/\.(ts|js|mjs)$/.test(f))
          expect(readFileSync(join(root, dir, f), 'utf8'), `${dir}/${f}`).not.toMatch(/from ['"]tinybench['"]/);
      }
    }
  });

  it('exports ./package.json and the schemas, which resolve to shipped files', () => {
    expect(pkg.exports['./package.json']).toBe('./package.json');
    expect(pkg.exports['./schemas/*']).toBe('./schemas/*');
    const script =
      "console.log(import.meta.resolve('uaix-conformance/package.json'));console.log(import.meta.resolve('uaix-conformance/schemas/protocol/describe.schema.json'))";
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const [manifest, schema] = r.stdout.trim().split('\n');
    expect(manifest).toMatch(/\/package\.json$/);
    expect(schema).toMatch(/\/schemas\/protocol\/describe\.schema\.json$/);
  });

  it('every source map shipped points at a shipped source', () => {
    const files = packedFiles();
    const maps = [...files].filter((f) => f.endsWith('.js.map'));
    expect(maps.length).toBeGreaterThan(0);
    const unshipped: string[] = [];
    for (const map of maps) {
      for (const source of (JSON.parse(readFileSync(join(root, map), 'utf8')) as { sources: string[] }).sources) {
        const target = posix.normalize(posix.join(posix.dirname(map), source));
        if (!files.has(target)) unshipped.push(`${map} -> ${target}`);
      }
    }
    expect(unshipped).toEqual([]);
  }, 120_000);

  it('tsx is an optional peer: installing the package does not pull a TypeScript toolchain in', () => {
    expect(pkg.dependencies.tsx).toBeUndefined();
    expect(pkg.peerDependencies.tsx).toBeDefined();
    expect(pkg.peerDependenciesMeta.tsx).toEqual({ optional: true });
  });

  it('the tarball holds the LICENSE and every starter template', () => {
    const files = packedFiles();
    expect(files.has('LICENSE')).toBe(true);
    const templates = (
      readdirSync(join(root, 'templates'), { recursive: true, withFileTypes: true }) as {
        name: string;
        parentPath: string;
        isFile(): boolean;
      }[]
    )
      .filter((e) => e.isFile())
      .map((e) =>
        join(e.parentPath, e.name)
          .slice(root.length + 1)
          .split('\\')
          .join('/'),
      );
    expect(templates.length).toBeGreaterThan(6);
    expect(templates.filter((f) => !files.has(f))).toEqual([]);
  }, 120_000);
});
