import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CheckDefinition } from '../engine/check.js';
import type { Severity } from '../model/report.js';
import { packageRoot } from '../io/package.js';

/** What `list` shows of a check: its public description, nothing that runs. */
export interface ListedCheck {
  id: string;
  suite: string;
  severity: Severity;
  title: string;
  statement: string;
  specRef: string;
  requires: string[];
  decisions: string[];
}

/** Where the build writes the listing (beside the build stamp, shipped in the package). */
export const LISTING_FILE = join('dist', 'catalog-listing.json');

/** The listing of `checks`, in their order. */
export function listingOf(checks: readonly CheckDefinition[]): ListedCheck[] {
  return checks.map((c) => ({
    id: c.id,
    suite: c.suite,
    severity: c.severity,
    title: c.title,
    statement: c.statement,
    specRef: c.specRef,
    requires: [...c.requires],
    decisions: [...(c.decisions ?? [])],
  }));
}

/** True when this module runs from the build (`dist/`), whose listing file was written with it. */
const fromBuild = fileURLToPath(import.meta.url).endsWith('.js');

/**
 * The catalog's listing. From the build, the file the build wrote (`scripts/build-stamp.mjs`), so
 * that `list` loads no suite, generator or validator; from the sources (tests, tsx), or when the
 * file is missing, the live catalog.
 */
export function listedChecks(): Promise<readonly ListedCheck[]> {
  // Read once: a run asks for it to select, to stamp and to gate.
  return (listing ??= readListing());
}
let listing: Promise<readonly ListedCheck[]> | undefined;

/** Reads the listing (see `listedChecks`). */
async function readListing(): Promise<readonly ListedCheck[]> {
  const file = join(packageRoot, LISTING_FILE);
  if (fromBuild && existsSync(file)) return Object.freeze(JSON.parse(readFileSync(file, 'utf8')) as ListedCheck[]);
  const { packCatalog } = await import('./catalog.js');
  return Object.freeze(listingOf(packCatalog().checks));
}
