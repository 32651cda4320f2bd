import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../src/reporters/html.js';
import { gatedReport, HOSTILE, hostileReport } from './fixture-report.js';

/**
 * report.html in a real headless Chromium (Debian's `chromium` package): hostile adapter output
 * must render as text and run nothing. Skipped, saying so, where no Chromium is installed.
 */
const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => !!p && existsSync(p),
);
/** Where the screenshots go: `SCREENSHOTS_DIR`, or .tmp/screenshots of the checkout. */
const SHOTS = resolve(process.env.SCREENSHOTS_DIR ?? '.tmp/screenshots');
const TITLE_PREFIX = 'uaix-conformance: evil';

if (!CHROMIUM)
  console.warn(
    'html-chromium.test.ts: SKIPPED, no chromium binary (install it with: apt-get install -y chromium, or set CHROMIUM_PATH)',
  );

/** What a page did while it was open: dialogs, requests beyond the page itself, CSP reports, errors. */
interface Trace {
  dialogs: string[];
  requests: string[];
  cspViolations: string[];
  pageErrors: string[];
}

/** How a page is opened: script on or off, and how long to give autofocus, ontoggle, onerror and meta refresh to fire (default 400 ms). */
interface OpenOptions {
  javaScriptEnabled?: boolean;
  settleMs?: number;
}

async function open(
  browser: Browser,
  html: string,
  width: number,
  options: OpenOptions = {},
): Promise<{ page: Page; trace: Trace; url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'uaix-html-'));
  const file = join(dir, 'report.html');
  writeFileSync(file, html);
  const url = pathToFileURL(file).href;
  const page = await browser.newPage({
    viewport: { width, height: 900 },
    ...(options.javaScriptEnabled !== undefined ? { javaScriptEnabled: options.javaScriptEnabled } : {}),
  });
  const trace: Trace = { dialogs: [], requests: [], cspViolations: [], pageErrors: [] };
  page.on('dialog', (d) => {
    trace.dialogs.push(d.message());
    void d.dismiss();
  });
  // Any request other than the page itself is recorded and aborted: nothing leaves the machine.
  await page.route('**/*', (route) => {
    if (route.request().url() === url) return route.continue();
    trace.requests.push(route.request().url());
    return route.abort();
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) trace.cspViolations.push(m.text());
  });
  page.on('pageerror', (e) => trace.pageErrors.push(e.message));
  await page.goto(url, { waitUntil: 'load' });
  // Give autofocus, ontoggle, onerror and meta refresh their chance to fire.
  if ((options.settleMs ?? 400) > 0) await page.waitForTimeout(options.settleMs ?? 400);
  return { page, trace, url };
}

/** Every sign that some payload ran. */
async function ranScript(page: Page, trace: Trace): Promise<Record<string, unknown>> {
  return {
    flag: await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null),
    injectedElement: await page.evaluate(() => document.getElementById('xss-ran') !== null),
    titleHijacked:
      !(await page.title()).startsWith(TITLE_PREFIX) && (await page.title()).length > 0 ? await page.title() : false,
    dialogs: trace.dialogs,
    requests: trace.requests,
  };
}

const NOTHING_RAN = { flag: null, injectedElement: false, titleHijacked: false, dialogs: [], requests: [] };

describe.skipIf(!CHROMIUM)('report.html in headless Chromium', () => {
  let browser: Browser;
  const html = renderHtml(hostileReport());

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
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
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('runs no payload, loads nothing and shows every payload as text', async () => {
    const { page, trace } = await open(browser, html, 1280);
    expect(await ranScript(page, trace)).toEqual(NOTHING_RAN);
    // Escaping alone kept the payloads inert: the CSP never had to block anything.
    expect(trace.cspViolations).toEqual([]);
    expect(trace.pageErrors).toEqual([]);
    expect(await page.locator('script, iframe, img, object, embed').count()).toBe(0);
    const handlers = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .flatMap((e) => [...e.attributes].map((a) => a.name))
        .filter((n) => n.startsWith('on')),
    );
    expect(handlers).toEqual([]);
    const text = await page.locator('body').innerText();
    expect(text).toContain(HOSTILE[12]);
    expect(text).toContain(`evil ${HOSTILE[0]}`);
    await page.screenshot({ path: join(SHOTS, 'report-hostile-wide.png'), fullPage: true });
    await page.close();
  });

  it('stays usable at 360 px: no horizontal scrolling, the replay command wraps', async () => {
    const { page, trace } = await open(browser, html, 360);
    expect(await ranScript(page, trace)).toEqual(NOTHING_RAN);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const replay = page.locator('#check-ENV-BROKEN pre code').last();
    const box = await replay.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await page.screenshot({ path: join(SHOTS, 'report-hostile-narrow.png'), fullPage: true });
    await page.screenshot({ path: join(SHOTS, 'report-hostile-narrow-top.png') });
    await page.locator('#check-ENV-BROKEN').screenshot({ path: join(SHOTS, 'report-hostile-narrow-failure.png') });
    await page.close();
  });

  it('filters by status and by suite when labels are clicked, with script disabled in the browser', async () => {
    const report = gatedReport();
    // Script is off for the page (and nothing needs to settle): whatever the filters do, CSS alone does it.
    const { page } = await open(browser, renderHtml(report), 1280, { javaScriptEnabled: false, settleMs: 0 });
    const shown = async () => (await page.locator('li.check:visible').all()).length;
    const count = (p: (c: (typeof report.checks)[number]) => boolean) => report.checks.filter(p).length;
    const visible = async (id: string) => page.locator(`#check-${id}`).isVisible();
    expect(await shown()).toBe(report.checks.length);
    await page.locator('label[for="only-problems"]').click();
    expect(await shown()).toBe(
      count((c) => (c.status === 'failed' || c.status === 'errored') && c.expectation?.result !== 'expected'),
    );
    expect([await visible('ERR-CRASH'), await visible('ENV-BROKEN')]).toEqual([true, false]);
    await page.locator('label[for="f-expected"]').click();
    expect(await shown()).toBe(count((c) => c.expectation?.result === 'expected'));
    expect(await visible('ENV-BROKEN')).toBe(true);
    await page.locator('label[for="f-attention"]').click();
    expect(await shown()).toBe(count((c) => c.expectation !== undefined && c.expectation.result !== 'expected'));
    expect(await visible('ENV-OK')).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'report-gated-attention.png'), fullPage: true });
    await page.locator('label[for="f-passed"]').click();
    expect(await shown()).toBe(count((c) => c.status === 'passed'));
    await page.locator('label[for="f-all"]').click();
    const suites = [...new Set(report.checks.map((c) => c.suite))];
    await page.locator('label[for="f-suite-1"]').click();
    expect(await shown()).toBe(count((c) => c.suite !== suites[0]));
    expect(await page.locator(`#suite-${suites[0]}`).isVisible()).toBe(false);
    await page.locator('label[for="f-suite-1"]').click();
    expect(await shown()).toBe(report.checks.length);
    await page.close();
  });

  it('lays out a gated report at 390 px and at 1280 px with no horizontal scrolling', async () => {
    const { page, trace } = await open(browser, renderHtml(gatedReport()), 390);
    expect(await ranScript(page, trace)).toEqual(NOTHING_RAN);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${width} px`).toBeLessThanOrEqual(0);
      for (const sel of ['.filters', '.gate', '.env', '#check-ENV-BROKEN .expectation']) {
        const box = await page.locator(sel).first().boundingBox();
        expect(box!.x + box!.width, `${sel} at ${width} px`).toBeLessThanOrEqual(width);
      }
      await page.screenshot({ path: join(SHOTS, `report-gated-${width}.png`), fullPage: true });
    }
    await page.close();
  });

  // The controls: prove the detectors above would have seen a payload run.
  it('control: the same payloads pasted in unescaped, without the CSP, do run and are detected', async () => {
    const raw = html
      .replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')
      .replace('</main>', `</main>${HOSTILE.slice(0, 13).join('')}`);
    const { page, trace } = await open(browser, raw, 1280);
    const seen = await ranScript(page, trace);
    expect(seen.flag).not.toBeNull();
    expect(seen.injectedElement).toBe(true);
    expect(trace.dialogs.length + trace.requests.length).toBeGreaterThan(0);
    await page.close();
  });

  it('control: pasted in unescaped with the CSP kept, the CSP alone still stops every script and load', async () => {
    const raw = html.replace('</main>', `</main>${HOSTILE.slice(0, 13).join('')}`);
    const { page, trace } = await open(browser, raw, 1280);
    expect(await ranScript(page, trace)).toEqual(NOTHING_RAN);
    expect(trace.cspViolations.length).toBeGreaterThan(0);
    await page.close();
  });
});
