#!/usr/bin/env node
// `npm run mutation [-- --domain <name>[,<name>]] [-- --concurrency <n>] [-- --summarize]`: the pack
// measures itself. Runs StrykerJS once per domain of the reference implementation
// (scripts/mutation-domains.mjs): each mutant of the domain's reference files is run against the
// domain's checks at the default run (100 cases, seed 42), the oracle unmutated. Writes, per domain,
// a summary under reports/mutation/ (<domain>.json, <domain>-survivors.txt) and the table of every
// domain measured (README.md); the full Stryker reports (JSON and HTML) stay under
// reports/mutation/stryker/, not committed. `--summarize` only rewrites the summaries from the last
// Stryker reports (after editing an equivalents file). Slow (tens of minutes per domain on 2 cores):
// never part of `npm test` or CI.
//
// reports/mutation/<domain>-equivalent.txt, kept by hand, holds the survivors judged by hand: each
// line a line of <domain>-survivors.txt, then `  -- ` and why. A why that starts `unjudged:` marks a
// mutant that changes only what the adapter contract leaves to the implementer (a finding's message,
// path or code; an id of the agent's own choosing): no check may catch it, by design. The others are
// equivalent (no input tells them from the original). Both count apart, each in its own column: the
// non-equivalent score leaves out the equivalent ones only (the unjudged count as survivors), the
// judged score leaves out both: the figure the pack's checks are held to.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { MUTATION_DOMAINS } from './mutation-domains.mjs';

const OUT = 'reports/mutation';

/** The domains named on the command line (every domain when none is), refused when unknown. */
function selectedDomains(values) {
  const names = (values.domain ?? []).flatMap((d) => d.split(',')).filter(Boolean);
  for (const n of names)
    if (!MUTATION_DOMAINS[n])
      throw new Error(`unknown domain "${n}": one of ${Object.keys(MUTATION_DOMAINS).join(', ')}`);
  return names.length ? Object.keys(MUTATION_DOMAINS).filter((n) => names.includes(n)) : Object.keys(MUTATION_DOMAINS);
}

/** Runs Stryker for one domain; returns its wall time in seconds, or throws when Stryker fails. */
function runStryker(domain, concurrency) {
  const started = Date.now();
  const env = {
    ...process.env,
    MUTATION_DOMAIN: domain,
    ...(concurrency ? { MUTATION_CONCURRENCY: concurrency } : {}),
  };
  const r = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs'], { stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`stryker failed for domain ${domain} (exit ${r.status ?? r.signal})`);
  return Math.round((Date.now() - started) / 1000);
}

/** The source text a mutant replaces, on one line (from the report's copy of the file). */
function originalText(source, loc) {
  const lines = source.split('\n');
  const parts = [];
  for (let l = loc.start.line; l <= loc.end.line; l++) {
    const line = lines[l - 1] ?? '';
    const from = l === loc.start.line ? loc.start.column - 1 : 0;
    const to = l === loc.end.line ? loc.end.column - 1 : line.length;
    parts.push(line.slice(from, to));
  }
  return oneLine(parts.join('\n'));
}

/** Whitespace runs collapsed, long text cut: a survivor's code stays one readable line. */
function oneLine(text, max = 200) {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** The figures of one Stryker JSON report (mutation-testing-report-schema) and its open mutants. */
function summarize(report) {
  const count = {
    mutants: 0,
    killed: 0,
    survived: 0,
    timedOut: 0,
    noCoverage: 0,
    runtimeErrors: 0,
    compileErrors: 0,
    ignored: 0,
    static: 0,
  };
  const open = [];
  const key = {
    Killed: 'killed',
    Survived: 'survived',
    Timeout: 'timedOut',
    NoCoverage: 'noCoverage',
    RuntimeError: 'runtimeErrors',
    CompileError: 'compileErrors',
    Ignored: 'ignored',
  };
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      count.mutants += 1;
      if (key[m.status]) count[key[m.status]] += 1;
      if (m.static) count.static += 1;
      if (m.status === 'Survived' || m.status === 'NoCoverage') {
        open.push({
          id: m.id,
          status: m.status,
          file,
          line: m.location.start.line,
          column: m.location.start.column,
          mutator: m.mutatorName,
          original: originalText(source, m.location),
          replacement: oneLine(m.replacement ?? ''),
          static: m.static === true,
        });
      }
    }
  }
  const detected = count.killed + count.timedOut;
  const valid = detected + count.survived + count.noCoverage;
  const score = valid ? Math.round((1000 * detected) / valid) / 10 : 100;
  const covered = detected + count.survived;
  const scoreCovered = covered ? Math.round((1000 * detected) / covered) / 10 : 100;
  open.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return { figures: { ...count, score, scoreCovered }, open };
}

/** One line per open mutant: where, which mutator, the code and what it became. */
function survivorLines(open) {
  return open
    .map(
      (m) =>
        `${m.file}:${m.line}:${m.column} ${m.mutator}${m.status === 'NoCoverage' ? ' [no coverage]' : ''}${m.static ? ' [static]' : ''}: ${m.original} => ${m.replacement}`,
    )
    .join('\n');
}

/** The mark of an entry of an equivalents file whose mutant the contract leaves unjudged. */
const UNJUDGED = 'unjudged:';

/**
 * The survivor lines of a domain's equivalents file, each with its category (`equivalent`, or
 * `unjudged` when the why starts `unjudged:`) and why (empty when there is no file).
 */
function readEquivalents(text) {
  const entries = text.split('\n').filter((l) => l.includes('  -- '));
  return new Map(
    entries.map((l) => {
      const why = l.slice(l.indexOf('  -- ') + 5).trim();
      const unjudged = why.startsWith(UNJUDGED);
      return [
        l.slice(0, l.indexOf('  -- ')),
        { category: unjudged ? 'unjudged' : 'equivalent', why: unjudged ? why.slice(UNJUDGED.length).trim() : why },
      ];
    }),
  );
}

/** A score in percent with one decimal: `detected` over `of` (100 when nothing is counted). */
const percent = (detected, of) => (of ? Math.round((1000 * detected) / of) / 10 : 100);

/**
 * The equivalent and the unjudged mutants among the open ones, and the scores over the rest: the
 * non-equivalent score leaves out the equivalent ones, the judged score the unjudged ones too. An
 * entry that matches no survivor is stale (its line moved, or the mutant is killed now): said,
 * never counted.
 */
function withEquivalents(name, figures, open, equivalents) {
  const lines = open.map((m) => survivorLines([m]));
  const marked = open.map((m, i) => {
    const e = equivalents.get(lines[i]);
    return e ? { ...m, [e.category]: e.why } : m;
  });
  const equivalent = marked.filter((m) => m.equivalent !== undefined).length;
  const unjudged = marked.filter((m) => m.unjudged !== undefined).length;
  const stale = [...equivalents.keys()].filter((l) => !lines.includes(l));
  if (stale.length)
    console.warn(
      `mutation ${name}: ${stale.length} line(s) of ${name}-equivalent.txt match no survivor (moved or killed):\n  ${stale.join('\n  ')}`,
    );
  const detected = figures.killed + figures.timedOut;
  const valid = detected + figures.survived + figures.noCoverage;
  return {
    figures: {
      ...figures,
      equivalent,
      unjudged,
      scoreNonEquivalent: percent(detected, valid - equivalent),
      scoreJudged: percent(detected, valid - equivalent - unjudged),
    },
    open: marked,
    stale,
  };
}

/** The equivalents file of a domain, read (an empty map when there is none). */
function equivalentsOf(name) {
  const file = join(OUT, `${name}-equivalent.txt`);
  return readEquivalents(existsSync(file) ? readFileSync(file, 'utf8') : '');
}

/**
 * The figures and open mutants of a committed summary, its classifications dropped: what
 * `--summarize` starts from where Stryker's own report is absent (a fresh clone does not hold it),
 * so that survivors can be classified again without a run.
 */
function fromLastSummary(last) {
  const { equivalent, unjudged, scoreNonEquivalent, scoreJudged, ...figures } = last.figures;
  return { figures, open: last.survivors.map(({ equivalent, unjudged, ...m }) => m) };
}

/** Writes a domain's summary files (from Stryker's report, else from `last`, the committed summary); returns the summary. */
function writeDomainSummary(name, seconds, alternatives, last) {
  const raw = join(OUT, 'stryker', name, 'mutation.json');
  const counted = existsSync(raw) ? summarize(JSON.parse(readFileSync(raw, 'utf8'))) : fromLastSummary(last);
  const { figures, open, stale } = withEquivalents(name, counted.figures, counted.open, equivalentsOf(name));
  const d = MUTATION_DOMAINS[name];
  const summary = {
    domain: name,
    mutate: d.mutate,
    suites: d.suites,
    run: { seed: 42, runs: 100, alternatives },
    seconds,
    figures,
    survivors: open,
    staleEquivalents: stale,
  };
  writeFileSync(join(OUT, `${name}.json`), `${JSON.stringify(summary, null, 2)}\n`);
  writeFileSync(join(OUT, `${name}-survivors.txt`), open.length ? `${survivorLines(open)}\n` : '');
  return summary;
}

/** The Markdown table of every domain summary present under reports/mutation/. */
function writeTable() {
  const rows = Object.keys(MUTATION_DOMAINS)
    .filter((n) => existsSync(join(OUT, `${n}.json`)))
    .map((n) => JSON.parse(readFileSync(join(OUT, `${n}.json`), 'utf8')));
  const lines = [
    '# Mutation score of the pack',
    '',
    'Written by `npm run mutation` (StrykerJS, the reference mutated, the checks at the default run: 100 cases, seed 42, with',
    'the bundled spec data, then again with every alternative decision of `test/spec/overrides/<file>.ts` at once, so that the',
    'reference\'s code for a decision a user may override is judged too; the column "spec data" says which runs a row had).',
    'Score: killed and timed out over every mutant but the erroring ones; "non-equivalent" also leaves out the survivors',
    'shown equivalent, "judged" also those that change only what the adapter contract leaves to the implementer (unjudged:',
    "a finding's message or path, an id of the agent's own choosing), both in `<domain>-equivalent.txt` with one line of why each.",
    'The goal is 90% of the judged; a domain not in the table is not measured yet.',
    'Run times are wall times on a 2-core machine shared with other jobs (`--concurrency 1`).',
    '',
    '| domain | suites | spec data | mutants | killed | timed out | survived | no coverage | of them equivalent | of them unjudged | score | non-equivalent score | judged score | run time |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows.map((s) => {
      const f = s.figures;
      return `| ${s.domain} | ${s.suites.join(', ')} | ${s.run.alternatives ? 'bundled, then every alternative' : 'bundled only'} | ${f.mutants} | ${f.killed} | ${f.timedOut} | ${f.survived} | ${f.noCoverage} | ${f.equivalent} | ${f.unjudged ?? 0} | ${f.score}% | ${f.scoreNonEquivalent}% | ${f.scoreJudged ?? f.scoreNonEquivalent}% | ${Math.round(s.seconds / 60)} min |`;
    }),
    '',
    'The surviving mutants of each domain (no coverage included): `<domain>-survivors.txt` (file:line:column, mutator, the code => its replacement).',
    '',
  ];
  writeFileSync(join(OUT, 'README.md'), lines.join('\n'));
}

/** The last summary of a domain (for `--summarize`: its run's wall time and spec data), or undefined. */
function lastSummary(name) {
  const file = join(OUT, `${name}.json`);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const { values } = parseArgs({
  options: {
    domain: { type: 'string', multiple: true },
    concurrency: { type: 'string' },
    summarize: { type: 'boolean' },
  },
});
mkdirSync(OUT, { recursive: true });
for (const name of selectedDomains(values)) {
  const last = values.summarize ? lastSummary(name) : undefined;
  if (values.summarize && !existsSync(join(OUT, 'stryker', name, 'mutation.json')) && !last) {
    console.warn(
      `mutation ${name}: nothing to summarize (no run yet); run \`npm run mutation -- --domain ${name}\` first`,
    );
    continue;
  }
  const seconds = values.summarize ? (last?.seconds ?? 0) : runStryker(name, values.concurrency);
  // A run of this version runs the checks under the alternatives too; a summary of an older run did not.
  const { figures: f } = writeDomainSummary(
    name,
    seconds,
    values.summarize ? last?.run?.alternatives === true : true,
    last,
  );
  writeTable();
  console.log(
    `mutation ${name}: ${f.mutants} mutants, ${f.killed} killed, ${f.timedOut} timed out, ${f.survived} survived, ${f.noCoverage} no coverage (${f.equivalent} equivalent, ${f.unjudged} unjudged): ${f.score}%, ${f.scoreNonEquivalent}% of the non-equivalent, ${f.scoreJudged}% of the judged (${seconds} s)`,
  );
}
