import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../../src/api/run.js';
import { recoverySuite } from '../../../suites/recovery/index.js';
import { exampleAdapter } from './example-policy.js';
import { problemOf } from './report.js';

/** The policy's code, from `interface Session` to the end of `recovery`. */
const body = (text: string) =>
  text.slice(text.indexOf('interface Session {'), text.indexOf('\n};\n', text.indexOf('export const recovery')) + 3);

describe("the README's example policy", () => {
  it('is the code the README shows', () => {
    const doc = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    const code = readFileSync(new URL('./example-policy.ts', import.meta.url), 'utf8');
    expect(body(code).length).toBeGreaterThan(500);
    expect(body(doc)).toBe(body(code));
  });

  it('conforms as the L3 agent it declares itself to be', async () => {
    const report = await runChecks({ checks: recoverySuite, adapter: exampleAdapter, seed: 42, runs: 100 });
    expect(report.checks.filter((c) => c.status !== 'passed').map(problemOf)).toEqual([]);
  });

  it('is caught when it claims L7 without recovering', async () => {
    const claims = {
      ...exampleAdapter,
      describe: () => ({ name: 'example', version: '1.0.0', capabilityLevel: 'L7' as const }),
    };
    const report = await runChecks({ checks: recoverySuite, adapter: claims, seed: 42, runs: 100 });
    const failed = report.checks.filter((c) => c.status === 'failed').map((c) => c.id);
    expect(failed).toEqual(
      expect.arrayContaining(['REC-CORRECT-FIELD', 'REC-RENEW-GRANT', 'REC-READBACK-BEFORE-REPLAY']),
    );
  });
});
