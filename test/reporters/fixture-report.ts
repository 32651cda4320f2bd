import { EXPECTATIONS_FORMAT, gateReport } from '../../src/model/gate.js';
import { REPORT_FORMAT, summarize, type CheckReport, type Expectation, type Report } from '../../src/model/report.js';

/**
 * Markup an adapter could answer with, or a generator could put in a counterexample. Each payload
 * that runs leaves a trace the browser test looks for: a changed title, a `window.__xss` flag, an
 * element with id `xss-ran`, a dialog, or a network request.
 */
export const HOSTILE = [
  `<script>document.title='XSS';window.__xss=1</script>`,
  `<img src=x onerror="document.title='XSS-img';window.__xss=2">`,
  `"><svg onload="window.__xss=3"><circle r=5 /></svg>`,
  `'><details open ontoggle="window.__xss=4">`,
  `<input autofocus onfocus="window.__xss=5">`,
  `</pre></code></details></li><script>document.body.append(Object.assign(document.createElement('div'),{id:'xss-ran'}))</script>`,
  `</style><script>window.__xss=6</script><style>`,
  `<iframe srcdoc="<script>parent.__xss=7</script>"></iframe>`,
  `<a href="javascript:window.__xss=8" id="xss-link">click</a>`,
  `<meta http-equiv="refresh" content="0;url=javascript:window.__xss=9">`,
  `<img src="http://127.0.0.1:9/leak.png">`,
  `<body onload="window.__xss=10">`,
  `<!-- --><script>alert('xss')</script>`,
  `\u202Eevil\u202C \u0000nul \uD800 lone surrogate, ünïcödé 𝄞 "quotes" & ampersands`,
] as const;

const joined = HOSTILE.join('\n');

function base(id: string, suite: string, status: CheckReport['status']): CheckReport {
  return {
    id,
    title: `Title of ${id}`,
    suite,
    severity: id.endsWith('SHOULD') ? 'SHOULD' : 'MUST',
    specRef: `001 §Rules, rule ${id.length}`,
    requires: ['validateEnvelope'],
    decisions: ['D-ENV-01'],
    status,
    runs: status === 'skipped' ? 0 : 20,
    evidence: {
      cases: status === 'skipped' ? 0 : 20,
      tags: status === 'skipped' ? {} : { valid: 12, adversarial: 8, [`family:${HOSTILE[0]}`]: 1 },
    },
    durationMs: 12,
  };
}

/** A report with every status across two suites; every adapter-controlled field holds hostile markup. */
export function hostileReport(): Report {
  const checks: CheckReport[] = [
    base('ENV-OK', 'envelope', 'passed'),
    {
      ...base('ENV-BROKEN', 'envelope', 'failed'),
      failure: {
        message: `the adapter accepted an expired envelope: ${HOSTILE[1]}`,
        counterexample: { packet: { body: joined, [HOSTILE[2]]: HOSTILE[5] }, list: [...HOSTILE] },
        expected: { valid: false },
        actual: { valid: true, findings: [{ message: joined }] },
        seed: 123456,
        path: '3:1:0',
        shrinks: 4,
        replay: `npx uaix-conformance --adapter './my adapter' --check ENV-BROKEN --seed 1 --runs 20 --replay 3:1:0`,
      },
    },
    {
      ...base('ENV-WARN-SHOULD', 'envelope', 'failed'),
      failure: {
        message: 'a SHOULD failed',
        counterexample: 'x',
        expected: 1,
        actual: 2,
        seed: 1,
        path: '0',
        shrinks: 0,
        replay: 'npx uaix-conformance --adapter x --check ENV-WARN-SHOULD --seed 1 --runs 20 --replay 0',
      },
    },
    {
      ...base('ERR-CRASH', 'error', 'errored'),
      error: {
        message: `validateError threw: ${HOSTILE[3]}`,
        input: { payload: HOSTILE[4] },
        evidence: { stderr: HOSTILE[6] },
      },
    },
    { ...base('ERR-NOPE', 'error', 'skipped'), skipReason: `adapter does not implement validateError` },
    base('ERR-OK', 'error', 'passed'),
  ];
  return {
    format: REPORT_FORMAT,
    tool: { name: 'uaix-conformance', version: '0.1.0' },
    adapter: { name: `evil ${HOSTILE[0]}`, version: HOSTILE[7], spec: `./adapters/${HOSTILE[8]}` },
    environment: { node: 'v20.0.0', platform: 'linux x64', os: `Linux ${HOSTILE[6]}` },
    run: {
      seed: 1,
      runs: 20,
      timeoutMs: 10_000,
      now: '2026-06-01T00:00:00Z',
      selection: { suites: [], checks: [HOSTILE[9]] },
      catalogHash: 'sha256:00',
      startedAt: '2026-06-01T00:00:00.000Z',
      durationMs: 1234,
    },
    incomplete: false,
    checks,
    summary: summarize(checks),
  };
}

/** A clean report of `n` checks where the given ids failed (MUST) and the rest passed. */
export function plainReport(n: number, failing: readonly string[] = [], overrides: Partial<Report> = {}): Report {
  const checks = Array.from({ length: n }, (_, i) => {
    const id = `ENV-C${i}`;
    if (!failing.includes(id)) return base(id, i % 2 ? 'envelope' : 'wire', 'passed');
    return {
      ...base(id, i % 2 ? 'envelope' : 'wire', 'failed'),
      failure: {
        message: `check ${id} failed`,
        counterexample: { i, text: 'x'.repeat(5000) },
        expected: true,
        actual: false,
        seed: i,
        path: `${i}`,
        shrinks: 0,
        replay: `npx uaix-conformance --adapter ./a --check ${id} --seed 1 --runs 20 --replay ${i}`,
      },
    } satisfies CheckReport;
  });
  const r = hostileReport();
  return {
    ...r,
    adapter: { name: 'plain', version: '1.0.0', spec: './a' },
    run: { ...r.run, selection: { suites: [], checks: [] } },
    checks,
    summary: summarize(checks),
    ...overrides,
  };
}

/** The day the gated fixture is judged on: its entries' expiry dates are read against it. */
export const GATE_TODAY = '2026-06-15';

/** The expectations of `gatedReport`: one of each outcome, hostile text in the reasons. */
export const GATED_ENTRIES: Expectation[] = [
  {
    check: 'ENV-BROKEN',
    outcome: 'fail',
    reason: `expiry is not implemented ${HOSTILE[1]}`,
    issue: 'https://example.org/issues/7',
    expires: '2026-12-31',
  },
  { check: 'ERR-NOPE', outcome: 'skip', reason: 'no error validator yet', issue: `javascript:window.__xss=11` },
  { check: 'ENV-OK', outcome: 'fail', reason: 'was broken in 0.9' },
  { check: 'ERR-CRASH', outcome: 'skip', reason: 'thought it was skipped' },
  { check: 'ERR-OK', outcome: 'fail', reason: 'until the rewrite', expires: '2026-01-31' },
];

/**
 * The hostile report gated by `GATED_ENTRIES` on `GATE_TODAY`: ENV-BROKEN and ERR-NOPE expected,
 * ENV-OK an unexpected pass, ERR-CRASH stale (it errored, the entry says skip), ERR-OK stale
 * (expired, and it passed); ENV-WARN-SHOULD a new SHOULD failure.
 */
export function gatedReport(options: { allowStale?: boolean } = {}): Report {
  return gateReport(
    hostileReport(),
    { format: EXPECTATIONS_FORMAT, expectations: GATED_ENTRIES },
    { file: 'expectations.json', today: GATE_TODAY, ...options },
  ).report;
}
