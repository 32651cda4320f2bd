import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { runChecks } from '../../src/api/run.js';
import type { Adapter } from '../../src/contract/adapter.js';
import { referenceAdapter } from '../../src/adapters/reference.js';
import { renderJson } from '../../src/reporters/json.js';
import { allChecks } from '../../suites/index.js';
import { brokenEnvelopeAdapters } from '../broken/envelope-adapters.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/report.schema.json', import.meta.url), 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats.default(ajv);
const validate = ajv.compile(schema);

/** An adapter that passes some checks, fails one, errors on another and lacks the rest. */
const mixed: Adapter = {
  describe: () => ({ name: 'mixed', version: '1', capabilityLevel: 'L2' }),
  validateEnvelope: brokenEnvelopeAdapters['ENV-EXPIRED']!.validateEnvelope!,
  computeChecksum: () => {
    throw new Error('not today');
  },
};

describe('report.json', () => {
  it('validates against schemas/report.schema.json for every status', async () => {
    const checks = allChecks.filter((c) => ['ENV-EXPIRED', 'ENV-SEED-FIXTURES', 'INT-CHECKSUM', 'WIRE-ROUNDTRIP'].includes(c.id));
    const report = await runChecks({ checks, adapter: mixed, seed: 5, runs: 20, adapterSpec: './mixed.mjs' });
    expect(report.checks.map((c) => [c.id, c.status])).toEqual([
      ['ENV-SEED-FIXTURES', 'passed'],
      ['ENV-EXPIRED', 'failed'],
      ['INT-CHECKSUM', 'errored'],
      ['WIRE-ROUNDTRIP', 'skipped'],
    ]);
    const parsed = JSON.parse(renderJson(report));
    expect(validate(parsed), JSON.stringify(validate.errors)).toBe(true);
    expect(parsed.summary).toEqual({ total: 4, passed: 1, failed: 1, errored: 1, skipped: 1, mustFailed: 2 });
  });

  it('the reference run validates too', async () => {
    const report = await runChecks({ checks: allChecks.filter((c) => c.suite === 'wire'), adapter: referenceAdapter, seed: 1, runs: 5 });
    expect(validate(JSON.parse(renderJson(report))), JSON.stringify(validate.errors)).toBe(true);
  });
});
