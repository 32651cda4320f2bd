/**
 * A results site from any number of reports (`uaix-conformance site`): the files it publishes,
 * rendered with no I/O of their own. The command writes them as one set (`writeReportFiles`).
 */
import type { ReportFile } from '../../io/report-files.js';
import { badgeOf, renderBadge } from '../badge.js';
import { renderBadgeSvg } from './badge-svg.js';
import { renderSiteIndex, siteIndexOf } from './index-json.js';
import { badgeFiles, checkPage, newestRun, type Site } from './model.js';
import { renderCheckPage, renderIndexPage } from './pages.js';

export { buildSite, type Site, type SiteInput } from './model.js';
export { SITE_INDEX_FORMAT, siteIndexOf, type SiteIndex } from './index-json.js';

/** What the site is built with besides the reports. */
export interface SiteOptions {
  /** The pack building the site (named in `index.json`). */
  tool: { name: string; version: string };
  /** One-line summaries of the spec decisions, by id (`readDecisionSummaries`). */
  decisions: ReadonlyMap<string, string>;
}

/** The site index file names every site has, whatever its reports. */
export const SITE_INDEX_FILES: readonly string[] = Object.freeze(['index.html', 'index.json']);

/** True when `name` is a file a site writes (so a folder whose manifest lists others is no site's). */
export function isSiteFileName(name: string): boolean {
  return (
    SITE_INDEX_FILES.includes(name) ||
    /^check-[A-Z][A-Z0-9-]*\.html$/.test(name) ||
    /^badge-[a-z0-9-]+\.(svg|json)$/.test(name)
  );
}

/**
 * The site's files: `index.html`, `index.json`, a page per check (`check-<ID>.html`) and, per
 * implementation, its badge as shields.io endpoint JSON and as SVG (`badge-<key>.json`, `.svg`).
 */
export function renderSiteFiles(site: Site, options: SiteOptions): ReportFile[] {
  const files: ReportFile[] = [
    { name: 'index.html', content: renderIndexPage(site) },
    { name: 'index.json', content: renderSiteIndex(siteIndexOf(site, options.tool)) },
  ];
  for (const id of site.checkIds)
    files.push({ name: checkPage(id), content: renderCheckPage(site, id, options.decisions) });
  for (const impl of site.implementations) {
    const newest = newestRun(impl).report;
    const names = badgeFiles(impl);
    files.push(
      { name: names.json, content: renderBadge(newest) },
      { name: names.svg, content: renderBadgeSvg(badgeOf(newest)) },
    );
  }
  return files;
}
