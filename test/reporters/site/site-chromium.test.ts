import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKEN_EXPIRY, cli, tempDir } from '../../helpers/cli.js';
import { HOSTILE, hostileReport } from '../fixture-report.js';
import { QUICK_RUN } from './reports.js';

/**
 * The results site in a real headless Chromium, built from the reference's report, a broken
 * adapter's, the Python example's and a report full of hostile markup: nothing runs or loads, the
 * CSS-only filters work, and the pages fit 390 px and 1280 px without horizontal scrolling.
 * Skipped, saying so, where no Chromium is installed. Screenshots go to `SCREENSHOTS_DIR`, or
 * .tmp/screenshots of the checkout, as site-*.png.
 */
const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && existsSync(p),
);
const SHOTS = resolve(process.env.SCREENSHOTS_DIR ?? '.tmp/screenshots');
const PYTHON_ADAPTER = fileURLToPath(new URL('../../../examples/python-adapter/adapter.py', import.meta.url));

if (!CHROMIUM)
  console.warn(
    'site-chromium.test.ts: SKIPPED, no chromium binary (install it with: apt-get install -y chromium, or set CHROMIUM_PATH)',
  );

/** What a page did while open: dialogs, requests outside the site folder, CSP reports, errors. */
interface Trace {
  dialogs: string[];
  requests: string[];
  cspViolations: string[];
  pageErrors: string[];
}

describe.skipIf(!CHROMIUM)('the results site in headless Chromium', () => {
  let browser: Browser;
  let page: Page;
  let siteUrl: string;
  /** Everything the page did over every navigation of the test file: it must stay empty. */
  const trace: Trace = { dialogs: [], requests: [], cspViolations: [], pageErrors: [] };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    const dir = tempDir();
    writeFileSync(join(dir, 'bad.mjs'), BROKEN_EXPIRY);
    const hostile = { ...hostileReport(), run: { ...hostileReport().run, catalogHash: `sha256:${'e'.repeat(64)}` } };
    writeFileSync(join(dir, 'hostile.json'), JSON.stringify(hostile));
    const runs: [string, string[], number][] = [
      ['ref', ['--adapter', 'reference'], 0],
      ['bad', ['--adapter', './bad.mjs', '--suite', 'envelope,wire'], 1],
      ['py', ['--adapter-cmd', `python3 ${PYTHON_ADAPTER}`], 0],
    ];
    for (const [name, args, code] of runs) {
      const r = await cli([...args, ...QUICK_RUN, '--out', name, '--quiet'], dir);
      expect(r.code, r.stderr).toBe(code);
    }
    const site = await cli(
      ['site', 'ref/report.json', 'bad/report.json', 'py/report.json', 'hostile.json', '--out', 'site'],
      dir,
    );
    expect(site.code, site.stderr).toBe(0);
    siteUrl = pathToFileURL(join(dir, 'site')).href;
    browser = await chromium.launch({
      executablePath: CHROMIUM!,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('dialog', (d) => {
      trace.dialogs.push(d.message());
      void d.dismiss();
    });
    // Any request outside the site folder is recorded and aborted: nothing leaves the machine.
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(`${siteUrl}/`)) return route.continue();
      trace.requests.push(route.request().url());
      return route.abort();
    });
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) trace.cspViolations.push(m.text());
    });
    page.on('pageerror', (e) => trace.pageErrors.push(e.message));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  /** Shows a page of the site at a width. */
  async function open(file: string, width: number): Promise<void> {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${siteUrl}/${file}`, { waitUntil: 'load' });
  }

  /** Every sign that something ran or loaded. */
  async function ran(): Promise<Record<string, unknown>> {
    return {
      flag: await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null),
      injectedElement: await page.evaluate(() => document.getElementById('xss-ran') !== null),
      elements: await page.locator('script, iframe, img, object, embed').count(),
      handlers: await page.evaluate(() =>
        [...document.querySelectorAll('*')]
          .flatMap((e) => [...e.attributes].map((a) => a.name))
          .filter((n) => n.startsWith('on')),
      ),
      ...trace,
    };
  }

  const NOTHING = {
    flag: null,
    injectedElement: false,
    elements: 0,
    handlers: [],
    dialogs: [],
    requests: [],
    cspViolations: [],
    pageErrors: [],
  };

  /** How far the page scrolls sideways (0: it fits). */
  const sideways = () =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  /** A matrix row of the newest build's matrix, by check id. */
  const row = (id: string) => page.locator(`#group-g1 tr.check:has(a[href="check-${id}.html"])`);

  it('index.html runs and loads nothing, shows hostile names as text, and fits 1280 px', async () => {
    await open('index.html', 1280);
    await page.waitForTimeout(300); // autofocus, ontoggle and onerror get their chance
    expect(await ran()).toEqual(NOTHING);
    const text = await page.locator('body').innerText();
    expect(text).toContain(`evil ${HOSTILE[0]}`);
    expect(text).toContain('Not comparable with the other 1 matrix');
    expect(await sideways()).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'site-index-1280.png'), fullPage: true });
  });

  it('at 390 px the index and the check pages fit without horizontal scrolling', async () => {
    for (const [file, shot] of [
      ['index.html#group-g1', 'site-matrix-390.png'],
      ['check-ENV-EXPIRED.html', 'site-check-390.png'],
      ['check-ENV-BROKEN.html', 'site-check-hostile-390.png'],
    ] as const) {
      await open(file, 390);
      expect(await ran(), file).toEqual(NOTHING);
      expect(await sideways(), file).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SHOTS, shot) });
    }
  });

  it('the status and suite filters hide rows with CSS alone', async () => {
    await open('index.html', 1280);
    expect(await row('ENV-EXPIRED').isVisible()).toBe(true);
    expect(await row('ENV-VALID-ACCEPTED').isVisible()).toBe(true);
    await page.getByRole('radio', { name: 'failed', exact: true }).check();
    expect(await row('ENV-EXPIRED').isVisible()).toBe(true);
    expect(await row('ENV-VALID-ACCEPTED').isVisible()).toBe(false);
    await page.getByRole('radio', { name: 'skipped', exact: true }).check();
    expect(await row('ENV-EXPIRED').isVisible()).toBe(false);
    await page.getByRole('radio', { name: 'all', exact: true }).nth(1).check();
    await page.getByRole('radio', { name: 'wire', exact: true }).check();
    expect(await row('ENV-EXPIRED').isVisible()).toBe(false);
    expect(await row('WIRE-ROUNDTRIP').isVisible()).toBe(true);
    await page.locator('#group-g1').screenshot({ path: join(SHOTS, 'site-matrix-filter-wire-1280.png') });
    expect(await ran()).toEqual(NOTHING);
  });

  it("a cell leads to that implementation's failure on the check page", async () => {
    await open('index.html', 1280);
    await row('ENV-EXPIRED').locator('td.cell.failed a').click();
    await page.waitForURL(/check-ENV-EXPIRED\.html#run-/);
    const entry = page.locator(`[id="${decodeURIComponent(new URL(page.url()).hash.slice(1))}"]`);
    expect(await entry.isVisible()).toBe(true);
    expect(await entry.innerText()).toMatch(/Counterexample \(shrunk\)[\s\S]*Replay[\s\S]*--check ENV-EXPIRED/);
    await entry.screenshot({ path: join(SHOTS, 'site-check-failure-1280.png') });
    expect(await ran()).toEqual(NOTHING);
  });
});
