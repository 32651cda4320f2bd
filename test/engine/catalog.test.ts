import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Catalog, CatalogError } from '../../src/engine/catalog.js';
import { defineCheck, PASS } from '../../src/engine/check.js';
import { UsageError } from '../../src/contract/errors.js';
import { allChecks } from '../../suites/index.js';

const check = (id: string, over: Record<string, unknown> = {}) =>
  defineCheck({
    id,
    title: 't',
    suite: 's',
    severity: 'MUST',
    specRef: '001 §x',
    statement: 'A rule.',
    requires: ['validateEnvelope'],
    arbitrary: () => fc.constant(1),
    run: async () => PASS,
    messages: {},
    ...over,
  });

describe('Catalog', () => {
  it('refuses duplicate ids', () => {
    expect(() => new Catalog([check('ENV-A'), check('ENV-A')])).toThrow(new CatalogError('duplicate check id ENV-A'));
  });
  it.each(['env-a', 'ENV', 'ENV_A', 'ENV-', '-A', 'ENV--A', ''])('refuses the malformed id %j', (id) => {
    expect(() => new Catalog([check(id)])).toThrow(/malformed check id/);
  });
  it('refuses a check without a seed reference, severity or requirement', () => {
    expect(() => new Catalog([check('ENV-A', { specRef: 'somewhere' })])).toThrow(/specRef/);
    expect(() => new Catalog([check('ENV-A', { severity: 'MAY' })])).toThrow(/severity/);
    expect(() => new Catalog([check('ENV-A', { requires: [] })])).toThrow(/requires/);
    expect(() => new Catalog([check('ENV-A', { statement: ' ' })])).toThrow(
      /statement \(the seed clause it enforces, in English\) is required/,
    );
  });
  it('selects by suite and by glob, and refuses filters that match nothing', () => {
    const cat = new Catalog([check('ENV-A'), check('ENV-B', { suite: 't' }), check('INT-C')]);
    expect(cat.select({ checks: ['ENV-*'] }).map((c) => c.id)).toEqual(['ENV-A', 'ENV-B']);
    expect(cat.select({ suites: ['t'] }).map((c) => c.id)).toEqual(['ENV-B']);
    expect(() => cat.select({ suites: ['nope'] })).toThrow(UsageError);
    expect(() => cat.select({ checks: ['XYZ-*'] })).toThrow(/no check matches "XYZ-\*"/);
    expect(() => cat.select({ suites: ['t'], checks: ['INT-*'] })).toThrow(/holds no check/);
  });
  it('accepts the shipped catalog', () => {
    expect(new Catalog(allChecks).checks.length).toBe(allChecks.length);
  });
});
