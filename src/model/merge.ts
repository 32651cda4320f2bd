import { UsageError } from '../contract/errors.js';
import {
  evidenceOf,
  judgedStatus,
  REPORT_FORMAT,
  sortedTags,
  summarize,
  type CheckReport,
  type Report,
} from './report.js';

/** The run fields every shard of one run must share. */
const SHARED_RUN_FIELDS = ['seed', 'runs', 'timeoutMs', 'now', 'catalogHash'] as const;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Rebuilds the unsharded entry of one check from its shard entries. */
function mergeCheck(
  id: string,
  entries: { entry: CheckReport; shard: number }[],
  incomplete: boolean,
): CheckReport | undefined {
  const withParts = entries.filter((e) => e.entry.parts !== undefined);
  if (withParts.length === 0) {
    // One chunk (or skipped): exactly one shard ran it, or every shard skipped it the same way.
    const skipped = entries.filter((e) => e.entry.status === 'skipped');
    if (entries.length > 1 && skipped.length !== entries.length)
      throw new UsageError(
        `check ${id} appears whole in shards ${entries.map((e) => e.shard).join(' and ')}: these are not shards of one run`,
      );
    return entries[0]!.entry;
  }
  if (withParts.length !== entries.length)
    throw new UsageError(`check ${id} is split in some shards and whole in others: these are not shards of one run`);
  // Walk the chunks in run order, as the unsharded run does, and stop at the first that did not pass.
  const byChunk = new Map<
    number,
    { part: NonNullable<CheckReport['parts']>[number]; entry: CheckReport; shard: number }
  >();
  for (const { entry, shard } of entries) {
    for (const part of entry.parts!) {
      if (byChunk.has(part.chunk))
        throw new UsageError(
          `chunk ${part.chunk} of check ${id} appears in two shards: these are not shards of one run`,
        );
      byChunk.set(part.chunk, { part, entry, shard });
    }
  }
  const tags: Record<string, number> = {};
  const n = { cases: 0, notJudged: 0 };
  let durationMs = 0;
  for (let k = 0; ; k++) {
    const hit = byChunk.get(k);
    if (!hit) {
      // Every chunk passed and this is one past the last: the check passed (or judged nothing).
      if (k > 0 && k > Math.max(...byChunk.keys())) break;
      if (incomplete) return undefined; // an interrupted shard never ran it: left out, the report says incomplete
      throw new UsageError(`chunk ${k} of check ${id} is in none of the reports: a shard is missing`);
    }
    n.cases += hit.part.cases;
    n.notJudged += hit.part.notJudged ?? 0;
    durationMs += hit.part.durationMs;
    for (const [t, c] of Object.entries(hit.part.tags)) tags[t] = (tags[t] ?? 0) + c;
    if (hit.part.status !== 'passed') {
      const last = hit.entry.parts![hit.entry.parts!.length - 1]!;
      if (last.chunk !== k)
        throw new UsageError(`shard ${hit.shard} ran chunks of ${id} past a failing chunk: not a report of this tool`);
      return entryOf(hit.entry, hit.part.status, n, tags, durationMs);
    }
  }
  // A check that judged nothing is so in every shard that ran some of it: any such entry says why.
  const vacuous = withParts.find((e) => e.entry.status === 'not-judged')?.entry ?? withParts[0]!.entry;
  return entryOf(vacuous, 'passed', n, tags, durationMs);
}

/**
 * A whole entry, keys in the order the runner writes them, so the merged JSON equals the unsharded
 * one. `status` is the last chunk's; a `passed` entry all of whose cases judged nothing is
 * `not-judged`, with the reason of `e` (an entry of the same check that judged nothing).
 */
export function entryOf(
  e: CheckReport,
  status: 'passed' | 'failed' | 'errored',
  n: { cases: number; notJudged: number },
  tags: Record<string, number>,
  durationMs: number,
): CheckReport {
  const head = {
    id: e.id,
    title: e.title,
    suite: e.suite,
    severity: e.severity,
    specRef: e.specRef,
    ...(e.statement !== undefined ? { statement: e.statement } : {}),
    requires: e.requires,
    decisions: e.decisions,
  };
  const evidence = evidenceOf(n.cases, n.notJudged, sortedTags(tags));
  const counts = { runs: n.cases, evidence };
  if (status === 'passed') {
    if (judgedStatus(evidence) === 'not-judged' && e.status === 'not-judged')
      return { ...head, status: 'not-judged', ...counts, notJudged: e.notJudged, durationMs };
    return { ...head, status, ...counts, durationMs };
  }
  if (status === 'failed' && e.status === 'failed')
    return { ...head, status, ...counts, failure: e.failure, durationMs };
  if (status === 'errored' && e.status === 'errored') return { ...head, status, ...counts, error: e.error, durationMs };
  throw new UsageError(`check ${e.id}: a ${status} chunk in an entry that says ${e.status}: not a report of this tool`);
}

/**
 * Combines the reports of the shards of one run (`--shard 1/n` ... `--shard n/n`) into the report the
 * unsharded run gives, timing fields apart. The shards must share one format (format-1 shards of an
 * older version merge into a format-2 report, which holds every format-1 field); the merged report
 * carries no gate (`gateReport` adds it). `order` is the selection's check ids in run order (from
 * the catalog); the merged report must hold exactly these checks.
 */
export function mergeReports(reports: readonly Report[], order: readonly string[]): Report {
  if (reports.length === 0) throw new UsageError('merge needs the shard reports (report.json files)');
  const first = reports[0]!;
  const count = first.run.shard?.count;
  if (count === undefined)
    throw new UsageError('the first report is not a shard report (it was not run as one shard of a sharded run)');
  const seen = new Set<number>();
  for (const r of reports) {
    if (!r.run.shard)
      throw new UsageError('a report is not a shard report (it was not run as one shard of a sharded run)');
    if (r.run.shard.count !== count)
      throw new UsageError(`the reports come from different shard counts (${count} and ${r.run.shard.count})`);
    if (seen.has(r.run.shard.index)) throw new UsageError(`shard ${r.run.shard.index}/${count} is given twice`);
    // One build writes every shard of a run, so their formats agree; a mix is shards of different runs.
    if (r.format !== first.format)
      throw new UsageError(
        `the shard reports differ in format (${first.format} and ${r.format}): the shards of one run are written by one version`,
      );
    seen.add(r.run.shard.index);
    for (const f of SHARED_RUN_FIELDS)
      if (!same(r.run[f], first.run[f]))
        throw new UsageError(`the shard reports differ in run.${f}: they are not shards of one run`);
    if (!same(r.run.selection, first.run.selection))
      throw new UsageError(
        'the shard reports differ in their selection of suites and checks: they are not shards of one run',
      );
    if (!same(r.adapter, first.adapter) || !same(r.tool, first.tool))
      throw new UsageError('the shard reports come from different adapters or tool versions');
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((i) => !seen.has(i));
  if (missing.length)
    throw new UsageError(
      `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${count}`).join(', ')} missing`,
    );

  const entries = new Map<string, { entry: CheckReport; shard: number }[]>();
  for (const r of reports)
    for (const c of r.checks)
      entries.set(c.id, [...(entries.get(c.id) ?? []), { entry: c, shard: r.run.shard!.index }]);
  const known = new Set(order);
  const stray = [...entries.keys()].filter((id) => !known.has(id));
  if (stray.length)
    throw new UsageError(`the shard reports hold checks outside the selection: ${stray.slice(0, 5).join(', ')}`);
  const incomplete = reports.some((r) => r.incomplete);
  const checks: CheckReport[] = [];
  for (const id of order) {
    const list = entries.get(id);
    if (!list) {
      if (incomplete) continue; // an interrupted shard: the merged report says incomplete
      throw new UsageError(
        `check ${id} is in none of the reports: a shard is missing or was run with another selection`,
      );
    }
    const merged = mergeCheck(id, list, incomplete);
    if (merged) checks.push(merged);
  }
  const { shard: _shard, ...run } = first.run;
  // Shards may run on different machines: the merged report names the machine only when they agree.
  const environment = reports.every((r) => r.environment !== undefined && same(r.environment, first.environment))
    ? { environment: { ...first.environment! } }
    : {};
  return {
    // Written by this build: format 2, which a format-1 report's fields are a part of.
    format: REPORT_FORMAT,
    tool: { ...first.tool },
    adapter: { ...first.adapter },
    ...environment,
    run: {
      ...run,
      startedAt: reports.map((r) => r.run.startedAt).sort()[0]!,
      // Shards run side by side: the run took as long as its slowest shard.
      durationMs: Math.max(...reports.map((r) => r.run.durationMs)),
    },
    incomplete,
    checks,
    summary: summarize(checks),
  };
}
