import { REPORT_FILES } from '../model/report-files.js';
import { xmlBuilderClass } from '../contract/dependency.js';
import { acceptedByGate, expectationLine, failsGate } from '../model/gate.js';
import type { CheckReport, Report } from '../model/report.js';
import { displayJson, displayText, revealInvisible } from './escape.js';
import type { FileReporter } from './reporter.js';

/** Longest shown form of one value in junit.xml; the full value is always in report.json. */
const MAX_VALUE_CHARS = 20_000;

/** The XML builder, made on the first junit.xml (a run that writes none never loads it). */
let builder: InstanceType<ReturnType<typeof xmlBuilderClass>> | undefined;
const xmlBuilder = () =>
  (builder ??= new (xmlBuilderClass())({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    format: true,
    suppressEmptyNode: true,
    suppressBooleanAttributes: false,
  }));

/**
 * Adapter text for an attribute or text of junit.xml: cut at `MAX_VALUE_CHARS`, invisible and
 * direction-changing characters revealed, and the characters XML 1.0 cannot carry (and DEL and C1
 * controls, which it discourages and a terminal acts on) replaced, so
 * that any adapter output still makes a well-formed, honest file.
 */
function xmlSafe(s: string): string {
  return revealInvisible(s.length > MAX_VALUE_CHARS ? displayText(s, MAX_VALUE_CHARS) : s).replace(
    /[^\t\n\r\x20-\x7E\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu,
    '\uFFFD',
  );
}

function detail(value: unknown): string {
  return xmlSafe(typeof value === 'string' ? displayText(value, MAX_VALUE_CHARS) : displayJson(value, MAX_VALUE_CHARS));
}

/** How one check shows in junit.xml: what CI tools count. */
type CaseKind = 'passed' | 'failure' | 'error' | 'skipped';

/**
 * The kind of a check's testcase. A failure or skip the gate accepts (`acceptedByGate`) is skipped,
 * so that a CI test tab matches the job's green; a check whose expectation fails the gate (a stale
 * entry: an unexpected pass, an expired entry) is a failure, so that it stands out as the job's red
 * does; with `--allow-stale` it is what its status says, its expectation a property.
 */
function caseKind(report: Readonly<Report>, c: CheckReport): CaseKind {
  if (acceptedByGate(report, c)) return 'skipped';
  if (failsGate(report, c) && c.status !== 'errored') return 'failure';
  return c.status === 'failed'
    ? 'failure'
    : c.status === 'errored'
      ? 'error'
      : c.status === 'skipped' || c.status === 'not-judged'
        ? 'skipped' // JUnit has no "judged nothing": a skip, whose message says so
        : 'passed';
}

/** `<properties>` of `name`/`value` pairs. */
function properties(pairs: [string, string | number | boolean | undefined][]): {
  property: { '@name': string; '@value': string }[];
} {
  return {
    property: pairs
      .filter((p): p is [string, string | number | boolean] => p[1] !== undefined)
      .map(([name, value]) => ({ '@name': name, '@value': xmlSafe(String(value)) })),
  };
}

/** The run's facts every testsuite carries: seed, runs and stamp (what a replay needs), the machine, the gate. */
function runProperties(report: Readonly<Report>): ReturnType<typeof properties> {
  const r = report.run;
  const e = report.environment;
  const g = report.gate;
  return properties([
    ['seed', r.seed],
    ['runs', r.runs],
    ['catalogHash', r.catalogHash],
    ['tool', `${report.tool.name} ${report.tool.version}`],
    ['adapter', report.adapter.spec],
    ['now', r.now],
    ['shard', r.shard ? `${r.shard.index}/${r.shard.count}` : undefined],
    ['node', e?.node],
    ['platform', e?.platform],
    ['os', e?.os],
    ['expectations', g?.file],
    ['gate', g ? (g.ok ? 'passed' : 'failed') : undefined],
    ['allowStale', g ? g.allowStale : undefined],
  ]);
}

/** The expectation of a check as testcase properties (absent without one). */
function expectationProperties(c: CheckReport): { properties?: ReturnType<typeof properties> } {
  const x = c.expectation;
  if (!x) return {};
  return {
    properties: properties([
      ['expectation', x.result],
      ['expectation.check', x.entry.check],
      ['expectation.reason', x.entry.reason],
      ['expectation.issue', x.entry.issue],
      ['expectation.expires', x.entry.expires],
      ['expectation.why', x.why],
    ]),
  };
}

/** The failure or skip detail of a check, as junit.xml's elements. */
function caseBody(report: Readonly<Report>, c: CheckReport, kind: CaseKind): Record<string, unknown> {
  const x = c.expectation;
  const line = x ? xmlSafe(expectationLine(c, x)) : '';
  const failureText =
    c.status === 'failed'
      ? detail({
          specRef: c.specRef,
          counterexample: c.failure.counterexample,
          expected: c.failure.expected,
          actual: c.failure.actual,
          replay: c.failure.replay,
        })
      : c.status === 'errored'
        ? detail(c.error)
        : undefined;
  if (kind === 'skipped') {
    if (x && acceptedByGate(report, c))
      return {
        skipped: {
          '@message': line,
          ...(failureText !== undefined
            ? { '#text': failureText }
            : c.status === 'skipped'
              ? { '#text': xmlSafe(c.skipReason) }
              : {}),
        },
      };
    return {
      skipped: {
        '@message':
          c.status === 'skipped'
            ? xmlSafe(c.skipReason)
            : c.status === 'not-judged'
              ? xmlSafe(`not judged: ${c.notJudged.message}`)
              : '',
      },
    };
  }
  if (kind === 'error' && c.status === 'errored')
    return {
      error: {
        '@message': xmlSafe(
          x && failsGate(report, c) ? `${expectationLine(c, x)}; ${c.error.message}` : c.error.message,
        ),
        '#text': failureText,
      },
    };
  if (kind === 'failure') {
    if (c.status === 'failed')
      return {
        failure: {
          '@message': xmlSafe(
            x && failsGate(report, c) ? `${expectationLine(c, x)}; ${c.failure.message}` : c.failure.message,
          ),
          '@type': c.severity,
          '#text': failureText,
        },
      };
    // A passed or skipped check whose stale entry fails the gate.
    return {
      failure: {
        '@message': line,
        '@type': 'stale-expectation',
        ...(c.status === 'skipped' ? { '#text': xmlSafe(c.skipReason) } : {}),
      },
    };
  }
  return {};
}

/** `junit.xml`: one testsuite per suite, one testcase per check, from the same model as report.json. */
export function renderJunit(report: Report): string {
  const kinds = new Map(report.checks.map((c) => [c.id, caseKind(report, c)]));
  const count = (checks: readonly CheckReport[], k: CaseKind) => checks.filter((c) => kinds.get(c.id) === k).length;
  const props = runProperties(report);
  const suites = [...new Set(report.checks.map((c) => c.suite))].map((suite) => {
    const checks = report.checks.filter((c) => c.suite === suite);
    return {
      '@name': suite,
      '@tests': checks.length,
      '@failures': count(checks, 'failure'),
      '@errors': count(checks, 'error'),
      '@skipped': count(checks, 'skipped'),
      '@time': (checks.reduce((t, c) => t + c.durationMs, 0) / 1000).toFixed(3),
      '@timestamp': report.run.startedAt,
      properties: props,
      testcase: checks.map((c) => ({
        '@name': `${c.id}: ${xmlSafe(c.title)}`,
        '@classname': `uaix-conformance.${suite}`,
        '@time': (c.durationMs / 1000).toFixed(3),
        ...expectationProperties(c),
        ...caseBody(report, c, kinds.get(c.id)!),
      })),
    };
  });
  const xml = xmlBuilder().build({
    testsuites: {
      '@name': `uaix-conformance ${report.tool.version} against ${xmlSafe(report.adapter.name)}`,
      '@tests': report.summary.total,
      '@failures': count(report.checks, 'failure'),
      '@errors': count(report.checks, 'error'),
      '@skipped': count(report.checks, 'skipped'),
      '@timestamp': report.run.startedAt,
      testsuite: suites,
    },
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

/** `junit.xml` as a file reporter. */
export const junitReporter: FileReporter = { name: 'junit', file: REPORT_FILES.junit, render: renderJunit };
