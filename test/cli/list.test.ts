import { describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import { cli, expectUsageError } from '../helpers/cli.js';

describe('list', () => {
  it('prints the catalog: id, suite, severity and title, the spec reference below, and the count', async () => {
    const r = await cli(['list', '--suite', 'wire']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/WIRE-ROUNDTRIP +wire +MUST/);
    const wire = packCatalog().select({ suites: ['wire'] });
    for (const c of wire) expect(r.stdout).toContain(c.id);
    expect(r.stdout).toMatch(new RegExp(`\\n${wire.length} checks\\n$`));
  });

  it('prints JSON on request, filtered by --check', async () => {
    const r = await cli(['list', '--json', '--check', 'ENV-UTC-Z']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      expect.objectContaining({
        id: 'ENV-UTC-Z',
        suite: 'envelope',
        severity: 'MUST',
        statement: expect.stringMatching(/\S/),
        specRef: expect.stringMatching(/^001 /),
      }),
    ]);
  });

  it('lists every check of the catalog without a filter', async () => {
    const ids = JSON.parse((await cli(['list', '--json'])).stdout).map((c: { id: string }) => c.id);
    expect(ids).toEqual(packCatalog().checks.map((c) => c.id));
  });

  it('refuses bad input with one line and exit 2', async () => {
    expectUsageError(await cli(['list', '--suite', 'nosuch']), /unknown suite "nosuch"/);
    expectUsageError(await cli(['list', 'extra']), /unexpected argument "extra"/);
  });
});
