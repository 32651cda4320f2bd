import { lstatSync, readdirSync, type Stats } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UsageError } from '../../contract/errors.js';
import { readDecisionSummaries } from '../../io/decisions-doc.js';
import { readReport } from '../../io/json-file.js';
import { TOOL } from '../../io/package.js';
import { readUserFile } from '../../io/user-file.js';
import { LOCK, lockOutDir, MANIFEST, MANIFEST_FORMAT, writeReportFiles } from '../../io/report-files.js';
import { buildSite, isSiteFileName, renderSiteFiles, type SiteInput } from '../../reporters/site/index.js';
import { EXIT } from '../exit.js';
import { pathIn, shownPath, type CliIO } from '../io.js';
import { guarded } from '../options.js';
import { SITE_USAGE } from '../usage.js';

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** The file names the folder's manifest lists, or undefined when it has no manifest of the pack's. */
function manifestNames(dir: string): string[] | undefined {
  try {
    const m = JSON.parse(readUserFile(join(dir, MANIFEST), MANIFEST, 64 * 1024 * 1024).toString('utf8')) as {
      format?: unknown;
      files?: unknown;
    };
    if (m.format !== MANIFEST_FORMAT || !Array.isArray(m.files)) return undefined;
    return m.files.flatMap((f: unknown) =>
      typeof (f as { name?: unknown })?.name === 'string' ? [(f as { name: string }).name] : [],
    );
  } catch {
    return undefined;
  }
}

/**
 * Checks `--out` before anything is written: not a file; not the folder a given report sits in (the
 * site would replace what it reads; `sources` maps each report's path to the name the user gave); and, unless `force`, empty, new or a site the pack wrote (its
 * manifest lists only site files). A run's report folder or a folder of the user's is refused.
 */
function assertSiteFolder(outDir: string, shown: string, sources: ReadonlyMap<string, string>, force: boolean): void {
  const st = lstatOrUndefined(outDir);
  if (st === undefined) return;
  if (!st.isDirectory())
    throw new UsageError(`the output folder ${shown} is a file, not a folder (choose another --out)`);
  const inside = [...sources].find(([path]) => dirname(path) === outDir);
  if (inside !== undefined)
    throw new UsageError(`--out ${shown} holds ${inside[1]}, a report the site is built from: choose another --out`);
  let entries: string[];
  try {
    entries = readdirSync(outDir).filter((f) => f !== MANIFEST && f !== LOCK);
  } catch (e) {
    throw new UsageError(
      `cannot read the output folder ${shown}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message} (choose another --out)`,
    );
  }
  if (entries.length === 0 || force) return;
  const listed = manifestNames(outDir);
  if (listed === undefined)
    throw new UsageError(
      `the output folder ${shown} is not empty and was not written by uaix-conformance site: refusing to write there (use --force, or choose a new or empty folder)`,
    );
  if (!listed.every(isSiteFileName))
    throw new UsageError(
      `the output folder ${shown} holds a run's reports, not a site: refusing to replace them (use --force, or choose another --out)`,
    );
}

/**
 * `uaix-conformance site <report.json>... --out <dir>`: a static results site from any number of
 * reports (matrix, history, a page per check, badges, index.json), written as one set with a
 * manifest, as a run's reports are. Exit 0; bad input is one line and exit 2.
 */
export async function siteCommand(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = guarded(() =>
    parseArgs({
      args: argv,
      options: {
        out: { type: 'string', short: 'o' },
        force: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    }),
  );
  if (values.help) {
    io.out.write(`${SITE_USAGE}\n`);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError(`site needs at least one report.json (${SITE_USAGE.slice(7)})`);
  if (values.out === undefined || values.out === '')
    throw new UsageError(`site needs --out <dir>, the folder the site goes into (${SITE_USAGE.slice(7)})`);
  const seen = new Map<string, string>();
  const inputs: SiteInput[] = [];
  for (const f of positionals) {
    const path = pathIn(io, f);
    if (seen.has(path)) continue; // the same report given twice is one report
    seen.set(path, f);
    inputs.push({ report: readReport(path, f), source: f });
  }
  const outDir = resolve(pathIn(io, values.out));
  const force = values.force === true;
  assertSiteFolder(outDir, values.out, seen, force);
  const site = buildSite(inputs);
  const files = renderSiteFiles(site, { tool: TOOL, decisions: readDecisionSummaries() });
  const lock = lockOutDir(
    outDir,
    { force },
    files.map((f) => f.name),
  );
  let written: string[];
  try {
    written = writeReportFiles(outDir, files);
  } finally {
    lock.release();
  }
  const n = (k: number, word: string, many = `${word}s`) => `${k} ${k === 1 ? word : many}`;
  io.out.write(
    `site: ${shownPath(io, join(outDir, 'index.html'))}: ${n(inputs.length, 'report')} of ${n(site.implementations.length, 'implementation')}, ${n(site.groups.length, 'matrix', 'matrices')}, ${n(written.length, 'file')}\n`,
  );
  return EXIT.ok;
}
