import { checkMatcher } from '../contract/glob.js';
import type { CheckDefinition } from './check.js';
import { UsageError } from '../contract/errors.js';

/** Check IDs: a suite prefix and upper-case words, joined by `-` (e.g. `ENV-UTC-Z`). */
export const CHECK_ID = /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+$/;
const SPEC_REF = /^\d{3}\b/;

/** Thrown when the check catalog itself is malformed: a bug in a suite, not a user error. */
export class CatalogError extends Error {
  override name = 'CatalogError';
}

/**
 * A validated, ordered, read-only set of checks. Refuses duplicate IDs, malformed IDs, and
 * definitions that lack what a report needs.
 */
export class Catalog {
  readonly checks: readonly CheckDefinition[];
  private readonly byId = new Map<string, CheckDefinition>();

  constructor(checks: Iterable<CheckDefinition>) {
    const list: CheckDefinition[] = [];
    for (const c of checks) {
      if (typeof c.id !== 'string' || !CHECK_ID.test(c.id))
        throw new CatalogError(`malformed check id ${JSON.stringify(c.id)}`);
      if (this.byId.has(c.id)) throw new CatalogError(`duplicate check id ${c.id}`);
      if (c.severity !== 'MUST' && c.severity !== 'SHOULD')
        throw new CatalogError(`${c.id}: severity must be MUST or SHOULD`);
      if (!c.title || !c.suite || !SPEC_REF.test(c.specRef ?? ''))
        throw new CatalogError(`${c.id}: title, suite and specRef (seed file and section) are required`);
      if (typeof c.statement !== 'string' || c.statement.trim() === '')
        throw new CatalogError(`${c.id}: statement (the seed clause it enforces, in English) is required`);
      if (!Array.isArray(c.requires) || c.requires.length === 0)
        throw new CatalogError(`${c.id}: requires must name the adapter members it calls`);
      if (typeof c.arbitrary !== 'function' || typeof c.run !== 'function')
        throw new CatalogError(`${c.id}: arbitrary and run are required`);
      this.byId.set(c.id, c);
      list.push(c);
    }
    this.checks = Object.freeze(list);
  }

  get(id: string): CheckDefinition | undefined {
    return this.byId.get(id);
  }

  /** The suite names, in catalog order. */
  get suites(): string[] {
    return [...new Set(this.checks.map((c) => c.suite))];
  }

  /** The checks selected by suite names and ID globs (`ENV-*`): see `selectChecks`. */
  select(filter: CheckFilter = {}): CheckDefinition[] {
    return selectChecks(this.checks, filter);
  }
}

/** A selection of checks: suite names and id globs; empty selects everything. */
export interface CheckFilter {
  suites?: string[];
  checks?: string[];
}

/**
 * The entries of `checks` (catalog order) selected by `filter`: the full catalog's checks, or the
 * listing written at build time (`list` reads that one). A filter that matches nothing is a usage
 * error, so that a typo never passes silently.
 */
export function selectChecks<T extends { id: string; suite: string }>(
  checks: readonly T[],
  filter: CheckFilter = {},
): T[] {
  const suites = [...new Set(checks.map((c) => c.suite))];
  let selected = [...checks];
  if (filter.suites?.length) {
    for (const s of filter.suites)
      if (!suites.includes(s)) throw new UsageError(`unknown suite "${s}" (known: ${suites.join(', ')})`);
    selected = selected.filter((c) => filter.suites!.includes(c.suite));
  }
  if (filter.checks?.length) {
    const matchers = filter.checks.map((g) => ({ g, m: checkMatcher(g) }));
    for (const { g, m } of matchers)
      if (!checks.some((c) => m(c.id))) throw new UsageError(`no check matches "${g}" (see: uaix-conformance list)`);
    selected = selected.filter((c) => matchers.some(({ m }) => m(c.id)));
  }
  if (selected.length === 0)
    throw new UsageError('the selection holds no check (suite and check filters exclude each other)');
  return selected;
}
