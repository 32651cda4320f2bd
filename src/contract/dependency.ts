import { createRequire } from 'node:module';
import type { Ajv as AjvClass } from 'ajv';
import type { Ajv2020 as Ajv2020Class } from 'ajv/dist/2020.js';

/**
 * Loads a CommonJS dependency the first time a caller needs it, not when a module that may need it
 * is loaded (issue 16: start-up). A run with the bundled spec data validates with the validators the
 * build compiled, so most runs never need ajv; a `list` or a run without a glob in `--check` never
 * needs picomatch; a run that writes no junit.xml never needs the XML builder; a run without a UAS
 * check never needs the XML parser. Required from the installed package (`node_modules`), outside
 * the bundle of the command line.
 */
const requireDependency = createRequire(import.meta.url);

/** `load()` on the first call, then what it gave (a hot path asks for its class on every call). */
export function once<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}

/** ajv's class for its default draft (2019-09 subset), loaded on first use. */
export const ajvClass: () => typeof AjvClass = once(() => (requireDependency('ajv') as typeof import('ajv')).Ajv);

/** ajv's class for JSON Schema 2020-12, loaded on first use. */
export const ajv2020Class: () => typeof Ajv2020Class = once(
  () => (requireDependency('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020,
);

/** ajv-formats' plugin, loaded on first use. */
export const addFormats: () => typeof import('ajv-formats')['default'] = once(
  () => requireDependency('ajv-formats') as typeof import('ajv-formats')['default'],
);

/** picomatch, loaded on first use. */
export const picomatchOf: () => typeof import('picomatch') = once(
  () => requireDependency('picomatch') as typeof import('picomatch'),
);

/** fast-xml-parser's XML builder, loaded on first use. */
export const xmlBuilderClass: () => typeof import('fast-xml-parser')['XMLBuilder'] = once(
  () => (requireDependency('fast-xml-parser') as typeof import('fast-xml-parser')).XMLBuilder,
);

/** saxes' parser class, loaded on first use. */
export const saxesParserClass: () => typeof import('saxes')['SaxesParser'] = once(
  () => (requireDependency('saxes') as typeof import('saxes')).SaxesParser,
);
