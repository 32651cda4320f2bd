import { existsSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../contract/errors.js';
import type { Adapter } from '../contract/adapter.js';
import { moduleLoadProblem } from '../io/module-errors.js';
import { kindOf, readUserText } from '../io/user-file.js';
import { importTypeScript, TypeScriptUnavailable } from './typescript.js';

const MODULE_EXTENSIONS = ['.mjs', '.js', '.cjs', '.ts', '.mts', '.cts'];

/** The module file an adapter path names: the file itself, or a folder's package entry or index file. */
export function resolveAdapterFile(spec: string, cwd = process.cwd()): string {
  const path = resolve(cwd, spec);
  if (!existsSync(path)) {
    const withExt = MODULE_EXTENSIONS.map((e) => path + e).find((p) => isRegular(p));
    if (withExt) return withExt;
    throw new UsageError(`cannot load adapter ${spec}: no such file or folder`);
  }
  const st = statSync(path);
  if (st.isFile()) {
    if (!MODULE_EXTENSIONS.includes(extname(path)))
      throw new UsageError(`cannot load adapter ${spec}: expected a .js, .mjs, .cjs or .ts module`);
    return path;
  }
  // Neither a file nor a folder (a device, a FIFO): loading it would read without end, or wait for ever.
  if (!st.isDirectory())
    throw new UsageError(`cannot load adapter ${spec}: it is ${kindOf(st)}, not a module file or a folder`);
  const pkgFile = join(path, 'package.json');
  if (existsSync(pkgFile)) {
    let pkg: { exports?: unknown; main?: string; module?: string };
    // Opened without blocking and checked as opened (D-REL-05), at most 1 MiB.
    const text = readUserText(pkgFile, `cannot load adapter ${spec}:`, 'its package.json', 1024 * 1024);
    try {
      pkg = JSON.parse(text);
    } catch {
      throw new UsageError(`cannot load adapter ${spec}: its package.json is not valid JSON`);
    }
    const exp = pkg.exports;
    const entry =
      typeof exp === 'string'
        ? exp
        : exp && typeof exp === 'object'
          ? pickExport((exp as Record<string, unknown>)['.'] ?? exp)
          : (pkg.module ?? pkg.main);
    if (entry) {
      const file = resolve(path, entry);
      if (!existsSync(file))
        throw new UsageError(`cannot load adapter ${spec}: its package.json names ${entry}, which does not exist`);
      // `main: "/dev/zero"` would be read without end: only a regular file is a module.
      const entrySt = statSync(file);
      if (!entrySt.isFile())
        throw new UsageError(
          `cannot load adapter ${spec}: its package.json names ${entry}, which is ${kindOf(entrySt)}, not a module file`,
        );
      return file;
    }
  }
  const index = MODULE_EXTENSIONS.map((e) => join(path, `index${e}`)).find((p) => isRegular(p));
  if (!index)
    throw new UsageError(`cannot load adapter ${spec}: the folder has no package.json entry and no index file`);
  return index;
}

/** True when `path` is a regular file. */
function isRegular(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function pickExport(e: unknown): string | undefined {
  if (typeof e === 'string') return e;
  if (e && typeof e === 'object') {
    const o = e as Record<string, unknown>;
    return pickExport(o.import ?? o.default ?? o.node ?? o.require);
  }
  return undefined;
}

/** What a module's load or factory threw, in one line (a syntax error with its place; never throws, whatever was thrown). */
function firstLine(e: unknown): string {
  return moduleLoadProblem(e).split('\n')[0]!.slice(0, 300);
}

/**
 * Loads an in-process adapter module: its default export is the adapter, or a (possibly async)
 * function returning it. TypeScript modules are compiled on the fly (see `TypeScriptLoader`).
 */
export async function loadAdapterModule(spec: string, cwd = process.cwd()): Promise<Adapter> {
  const file = resolveAdapterFile(spec, cwd);
  let mod: Record<string, unknown>;
  try {
    if (/\.[mc]?ts$/.test(file)) {
      mod = await importTypeScript(file, spec);
    } else {
      mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    }
  } catch (e) {
    if (e instanceof TypeScriptUnavailable) throw new UsageError(e.message);
    throw new UsageError(`cannot load adapter ${spec}: ${firstLine(e)}`);
  }
  // What the module exports is read once, guarded: a Proxy whose traps throw, or a `describe` getter
  // that throws, is the adapter failing to load (one line, exit 2), never an internal error.
  const read = <T>(what: string, f: () => T): T => {
    try {
      return f();
    } catch (e) {
      throw new UsageError(`cannot load adapter ${spec}: reading its ${what} threw: ${firstLine(e)}`);
    }
  };
  let exported: unknown = read('default export', () => mod.default ?? mod.adapter);
  // CommonJS and transpiled modules nest the default export once more.
  if (
    read('default export', () => exported && typeof exported === 'object' && !('describe' in exported)) &&
    read('default export', () => 'default' in (exported as object))
  )
    exported = read('default export', () => (exported as { default: unknown }).default);
  if (typeof exported === 'function' && !read('default export', () => 'describe' in (exported as object))) {
    try {
      exported = await (exported as () => unknown)();
    } catch (e) {
      throw new UsageError(`cannot load adapter ${spec}: its factory failed: ${firstLine(e)}`);
    }
  }
  if (
    !exported ||
    typeof exported !== 'object' ||
    read('describe member', () => typeof (exported as Adapter).describe) !== 'function'
  ) {
    throw new UsageError(
      `cannot load adapter ${spec}: the module's default export is not an adapter (an object with describe(), or a function returning one)`,
    );
  }
  return exported as Adapter;
}
