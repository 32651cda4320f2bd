import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packCatalog } from '../../src/api/catalog.js';
import { LISTING_FILE, listedChecks, listingOf } from '../../src/api/listing.js';
import { BIN } from '../helpers/cli.js';
import { ensureBuilt, root } from '../helpers/built.js';
import { cli } from '../helpers/cli.js';

beforeAll(() => {
  ensureBuilt();
  // `npm test` builds with the stamp script; a bare vitest run may have compiled only.
  if (!existsSync(join(root, LISTING_FILE)))
    spawnSync(process.execPath, [join(root, 'scripts', 'build-stamp.mjs')], { cwd: root });
}, 120_000);

describe('the catalog listing written at build time', () => {
  it('is the live catalog, check for check (the build writes it from the same code)', () => {
    expect(JSON.parse(readFileSync(join(root, LISTING_FILE), 'utf8'))).toEqual(listingOf(packCatalog().checks));
  });

  it('from the sources, the listing is the live catalog', async () => {
    expect(await listedChecks()).toEqual(listingOf(packCatalog().checks));
  });

  it('the built list prints what the in-process list prints, text and JSON', async () => {
    for (const args of [['list'], ['list', '--json', '--suite', 'wire'], ['list', '--check', 'ENV-EXPIRED']]) {
      const built = spawnSync(process.execPath, [BIN, ...args], { cwd: root, encoding: 'utf8' });
      const here = await cli(args, root);
      expect({ code: built.status, out: built.stdout }, args.join(' ')).toEqual({ code: here.code, out: here.stdout });
    }
  });

  it('says "1 check" for one', async () => {
    expect((await cli(['list', '--check', 'ENV-EXPIRED'])).stdout.trimEnd().split('\n').at(-1)).toBe('1 check');
  });
});

describe('a run selects on the listing and loads only the suites it needs', () => {
  it('selects the same checks, in the same order, as the whole catalog does', async () => {
    const { selectedChecks } = await import('../../src/api/selection.js');
    for (const filter of [
      {},
      { suites: ['uas'] },
      { checks: ['ENV-*', 'VAL-ROOT-HASH'] },
      { suites: ['error', 'wire'], checks: ['*-SEED-*', 'ERR-*'] },
    ]) {
      expect(
        (await selectedChecks(filter)).map((c) => c.id),
        JSON.stringify(filter),
      ).toEqual(
        packCatalog()
          .select(filter)
          .map((c) => c.id),
      );
    }
    await expect(selectedChecks({ suites: ['envelop'] })).rejects.toThrow(/unknown suite "envelop"/);
  });

  it('stamps a run as the whole catalog would', async () => {
    const { packStamp } = await import('../../src/api/selection.js');
    const { stampOf } = await import('../../src/api/catalog.js');
    const { bundledSpec } = await import('../../src/spec/index.js');
    expect(await packStamp(bundledSpec())).toBe(stampOf(packCatalog().checks, bundledSpec()));
  });
});
