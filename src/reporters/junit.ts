import { XMLBuilder } from 'fast-xml-parser';
import type { Report } from '../model/report.js';
import { displayJson, displayText, revealInvisible } from './escape.js';
import type { FileReporter } from './reporter.js';

/** Longest shown form of one value in junit.xml; the full value is always in report.json. */
const MAX_VALUE_CHARS = 20_000;

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@', format: true, suppressEmptyNode: true });

/**
 * Adapter text for an attribute or text of junit.xml: cut at `MAX_VALUE_CHARS`, invisible and
 * direction-changing characters revealed, and the characters XML 1.0 cannot carry (and DEL and C1
 * controls, which it discourages and a terminal acts on) replaced, so
 * that any adapter output still makes a well-formed, honest file.
 */
function xmlSafe(s: string): string {
  return revealInvisible(s.length > MAX_VALUE_CHARS ? displayText(s, MAX_VALUE_CHARS) : s).replace(/[^\t\n\r\x20-\x7E\xA0-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');
}

function detail(value: unknown): string {
  return xmlSafe(typeof value === 'string' ? displayText(value, MAX_VALUE_CHARS) : displayJson(value, MAX_VALUE_CHARS));
}

/** `junit.xml`: one testsuite per suite, one testcase per check, from the same model as report.json. */
export function renderJunit(report: Report): string {
  const suites = [...new Set(report.checks.map((c) => c.suite))].map((suite) => {
    const checks = report.checks.filter((c) => c.suite === suite);
    const count = (s: string) => checks.filter((c) => c.status === s).length;
    return {
      '@name': suite,
      '@tests': checks.length,
      '@failures': count('failed'),
      '@errors': count('errored'),
      '@skipped': count('skipped'),
      '@time': (checks.reduce((t, c) => t + c.durationMs, 0) / 1000).toFixed(3),
      testcase: checks.map((c) => ({
        '@name': `${c.id}: ${xmlSafe(c.title)}`,
        '@classname': `uaix-conformance.${suite}`,
        '@time': (c.durationMs / 1000).toFixed(3),
        ...(c.status === 'failed'
          ? {
              failure: {
                '@message': xmlSafe(c.failure.message),
                '@type': c.severity,
                '#text': detail({ specRef: c.specRef, counterexample: c.failure.counterexample, expected: c.failure.expected, actual: c.failure.actual, replay: c.failure.replay }),
              },
            }
          : {}),
        ...(c.status === 'errored' ? { error: { '@message': xmlSafe(c.error.message), '#text': detail(c.error) } } : {}),
        ...(c.status === 'skipped' ? { skipped: { '@message': xmlSafe(c.skipReason) } } : {}),
      })),
    };
  });
  const xml = builder.build({
    testsuites: {
      '@name': `uaix-conformance ${report.tool.version} against ${xmlSafe(report.adapter.name)}`,
      '@tests': report.summary.total,
      '@failures': report.summary.failed,
      '@errors': report.summary.errored,
      '@skipped': report.summary.skipped,
      testsuite: suites,
    },
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
}

/** `junit.xml` as a file reporter. */
export const junitReporter: FileReporter = { name: 'junit', file: 'junit.xml', render: renderJunit };
