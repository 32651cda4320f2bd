import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { expectationLine } from '../../src/model/gate.js';
import type { Report } from '../../src/model/report.js';
import { renderJunit } from '../../src/reporters/junit.js';
import { GATED_ENTRIES, gatedReport, hostileReport } from './fixture-report.js';

/** junit.xml as data: every element an array, attributes as `@name`, entities decoded. */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
  parseAttributeValue: false,
  processEntities: true,
});

interface Case {
  '@name': string;
  properties?: { property: { '@name': string; '@value': string }[] };
  failure?: { '@message': string; '@type': string };
  error?: { '@message': string };
  skipped?: { '@message': string } | string;
}

function parse(report: Report): { root: any; cases: Map<string, Case> } {
  const xml = renderJunit(report);
  expect(XMLValidator.validate(xml)).toBe(true);
  const root = parser.parse(xml).testsuites;
  const cases = new Map<string, Case>();
  for (const suite of root.testsuite) for (const c of suite.testcase) cases.set(c['@name'].split(':')[0], c);
  return { root, cases };
}

const props = (p: Case['properties'] | undefined) =>
  Object.fromEntries((p?.property ?? []).map((x) => [x['@name'], x['@value']]));
const kindOf = (c: Case) =>
  c.failure ? 'failure' : c.error ? 'error' : c.skipped !== undefined ? 'skipped' : 'passed';

describe('junit.xml', () => {
  it('gives every testsuite the run as properties (seed, runs, stamp, machine) and a timestamp', () => {
    const report = hostileReport();
    const { root } = parse(report);
    expect(root['@timestamp']).toBe(report.run.startedAt);
    for (const suite of root.testsuite) {
      expect(suite['@timestamp']).toBe(report.run.startedAt);
      expect(props(suite.properties)).toMatchObject({
        seed: String(report.run.seed),
        runs: String(report.run.runs),
        catalogHash: report.run.catalogHash,
        node: report.environment!.node,
        platform: report.environment!.platform,
      });
      expect(props(suite.properties)).not.toHaveProperty('gate');
    }
  });

  it('marks an expected failure skipped with its reason and issue, so that the test tab matches the green gate', () => {
    const report = gatedReport();
    const { cases } = parse(report);
    const broken = GATED_ENTRIES.find((e) => e.check === 'ENV-BROKEN')!;
    expect(cases.get('ENV-BROKEN')!.skipped).toMatchObject({
      '@message': `expected failure: ${broken.reason} (${broken.issue})`,
    });
    expect(cases.get('ENV-BROKEN')!.failure).toBeUndefined();
    expect(props(cases.get('ENV-BROKEN')!.properties)).toEqual({
      expectation: 'expected',
      'expectation.check': broken.check,
      'expectation.reason': broken.reason,
      'expectation.issue': broken.issue,
      'expectation.expires': broken.expires,
    });
    expect(cases.get('ERR-NOPE')!.skipped).toMatchObject({
      '@message': expectationLine(
        report.checks.find((c) => c.id === 'ERR-NOPE')!,
        report.checks.find((c) => c.id === 'ERR-NOPE')!.expectation!,
      ),
    });
  });

  it('makes an unexpected pass and a stale entry failures, as they fail the gate; the counts follow the testcases', () => {
    const report = gatedReport();
    const { root, cases } = parse(report);
    expect(cases.get('ENV-OK')!.failure).toEqual({
      '@message': 'unexpected pass: expected to fail, but it passed; entry ENV-OK (fail: was broken in 0.9)',
      '@type': 'stale-expectation',
    });
    expect(cases.get('ERR-OK')!.failure!['@type']).toBe('stale-expectation');
    expect(cases.get('ERR-OK')!.failure!['@message']).toMatch(
      /^stale expectation: expired on 2026-01-31, and the check passed; entry ERR-OK/,
    );
    expect(cases.get('ERR-CRASH')!.error!['@message']).toMatch(
      /^stale expectation: expected to skip, but it errored; entry ERR-CRASH \(skip: thought it was skipped\); validateError threw: /,
    );
    // A SHOULD failure no entry explains stays a failure (as before --expect existed).
    expect(kindOf(cases.get('ENV-WARN-SHOULD')!)).toBe('failure');
    const all = [...cases.values()];
    const n = (k: string) => String(all.filter((c) => kindOf(c) === k).length);
    expect([root['@failures'], root['@errors'], root['@skipped']]).toEqual([n('failure'), n('error'), n('skipped')]);
    for (const suite of root.testsuite) {
      const own = suite.testcase as Case[];
      expect(suite['@failures']).toBe(String(own.filter((c) => kindOf(c) === 'failure').length));
      expect(suite['@skipped']).toBe(String(own.filter((c) => kindOf(c) === 'skipped').length));
    }
    expect(props(root.testsuite[0].properties)).toMatchObject({
      expectations: 'expectations.json',
      gate: 'failed',
      allowStale: 'false',
    });
  });

  it('with --allow-stale, an unexpected pass is a pass whose expectation is a property', () => {
    const { cases } = parse(gatedReport({ allowStale: true }));
    expect(kindOf(cases.get('ENV-OK')!)).toBe('passed');
    expect(props(cases.get('ENV-OK')!.properties)).toMatchObject({
      expectation: 'unexpected-pass',
      'expectation.why': 'expected to fail, but it passed',
    });
    expect(kindOf(cases.get('ERR-OK')!)).toBe('passed');
    expect(cases.get('ERR-CRASH')!.error!['@message']).toMatch(/^validateError threw: /);
  });
});
