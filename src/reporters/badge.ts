import { REPORT_FILES } from '../model/report-files.js';
import type { Report } from '../model/report.js';
import { ratioText, verdictOf, type VerdictState } from '../model/verdict.js';
import { jsonChunks } from './json.js';
import type { FileReporter } from './reporter.js';

/** A shields.io endpoint badge (https://shields.io/badges/endpoint-badge), schema version 1. */
export interface EndpointBadge {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
}

const COLOR: Record<VerdictState, string> = {
  pass: 'brightgreen',
  warn: 'yellow',
  fail: 'red',
  incomplete: 'lightgrey',
  empty: 'lightgrey',
};

/**
 * The badge of a report: the pass ratio over the checks that ran (`20/22 passed, 40 skipped`),
 * green when every check that ran passed, yellow when only SHOULD checks failed or some check
 * judged nothing, red when a MUST check failed or errored, grey when the run was interrupted or
 * nothing was judged.
 */
export function badgeOf(report: Readonly<Report>): EndpointBadge {
  const v = verdictOf(report);
  const message = report.incomplete ? `incomplete: ${ratioText(report)}` : ratioText(report);
  return { schemaVersion: 1, label: 'uaix conformance', message, color: COLOR[v.state] };
}

/** `badge.json`: the endpoint JSON, e.g. for `https://img.shields.io/endpoint?url=<raw badge.json URL>`. */
export function renderBadge(report: Readonly<Report>): string {
  return `${[...jsonChunks(badgeOf(report), 2)].join('')}\n`; // never through a patched toJSON
}

/** The badge as a file reporter. */
export const badgeReporter: FileReporter = { name: 'badge', file: REPORT_FILES.badge, render: renderBadge };
