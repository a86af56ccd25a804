import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startFakeUpstream, type FakeUpstream } from '../../fixtures/fake-upstream.js';
import { baseConfig, startGateway, type GatewayUnderTest } from './gateway-under-test.js';

/** The little of the DOM the in-page checks use: they run in Chromium, and the test project has no DOM types. */
declare const document: { querySelector(selector: string): { textContent: string | null } | null };

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function withGateway(extra: string, use: (gw: GatewayUnderTest, upstream: FakeUpstream) => Promise<void>): Promise<void> {
  const upstream = await startFakeUpstream();
  const gw = await startGateway(baseConfig(upstream.baseUrl, extra));
  try {
    await use(gw, upstream);
  } finally {
    await gw.close();
    await upstream.close();
  }
}

describe('gateway /dashboard: routes', () => {
  it('is a 404 with the error envelope when dashboard_enabled is off (the default)', async () => {
    await withGateway('', async (gw) => {
      for (const path of ['/dashboard', '/dashboard/figures']) {
        const response = await fetch(`${gw.url}${path}`);
        assert.equal(response.status, 404, path);
        const body = (await response.json()) as { error: { code: string; type: string } };
        assert.equal(body.error.code, 'not_found');
      }
    });
  });

  it('serves one self-contained page under a strict Content-Security-Policy', async () => {
    await withGateway('dashboard_enabled on;', async (gw) => {
      const response = await fetch(`${gw.url}/dashboard`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
      const csp = response.headers.get('content-security-policy') ?? '';
      assert.match(csp, /default-src 'none'/);
      assert.match(csp, /script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
      assert.match(csp, /connect-src 'self'/);
      assert.doesNotMatch(csp, /unsafe|https?:|\*/);
      const html = await response.text();
      // The only reference is the empty data: icon; the SVG namespace is a name, never fetched.
      assert.doesNotMatch(html, /(src|href)="(?!data:,")|https?:\/\/(?!www\.w3\.org\/2000\/svg')/, 'no external reference');
      assert.match(html, /data-figure="requests"/);
    });
  });

  it('reports counters as JSON figures, never prompt text', async () => {
    await withGateway('dashboard_enabled on;', async (gw) => {
      const ask = () =>
        gw.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content: 'secret-question-42' }] });
      await ask();
      await ask();
      const response = await fetch(`${gw.url}/dashboard/figures`);
      const text = await response.text();
      assert.doesNotMatch(text, /secret-question-42/);
      const figures = JSON.parse(text) as { requests: number; cache: { exactHits: number; misses: number; hitRatio: number } };
      assert.equal(figures.requests, 2);
      assert.equal(figures.cache.exactHits, 1);
      assert.equal(figures.cache.misses, 1);
      assert.equal(figures.cache.hitRatio, 0.5);
    });
  });
});

describe('gateway /dashboard: the page in headless Chromium', function () {
  this.timeout(90_000);
  let browser: Browser | undefined;
  let upstream: FakeUpstream | undefined;
  let gw: GatewayUnderTest | undefined;

  before(async function () {
    if (!existsSync(CHROMIUM)) {
      if (process.env['CI'] === 'true') throw new Error(`${CHROMIUM} is missing; CI must install the chromium package`);
      console.warn(`\n  !!! SKIPPED: the dashboard page test needs ${CHROMIUM} (Debian package chromium) !!!\n`);
      this.skip();
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: 30_000 });
    upstream = await startFakeUpstream();
    gw = await startGateway(baseConfig(upstream.baseUrl, 'dashboard_enabled on;'));
  });

  after(async () => {
    await browser?.close();
    await gw?.close();
    await upstream?.close();
  });

  const figure = (page: Page, name: string) => page.locator(`[data-figure="${name}"]`).textContent({ timeout: 5_000 });
  const waitForFigures = (page: Page, expected: Record<string, string>) =>
    page.waitForFunction(
      (want) =>
        Object.entries(want).every(([name, text]) => document.querySelector(`[data-figure="${name}"]`)?.textContent === text),
      expected,
      { timeout: 20_000 },
    );

  it('shows the gateway counters change live as traffic arrives, loading nothing from elsewhere', async () => {
    const page = await browser!.newPage();
    const requested: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${gw!.url}/dashboard`, { timeout: 10_000 });
    // Before any observed traffic the calibration has no threshold to name.
    await waitForFigures(page, { requests: '0', 'hit-ratio': '–', errors: '0', 'evaluation-calibrated-threshold': '–' });

    // Each question twice: three misses, then three exact hits.
    const questions = ['What is a sluice?', 'How does a lock work?', 'Why cache answers?'];
    for (const content of [...questions, ...questions])
      await gw!.client.chat.completions.create({ model: 'test-model', messages: [{ role: 'user', content }] });
    await assert.rejects(
      gw!.client.chat.completions.create({ model: 'unpriced-model', messages: [{ role: 'user', content: 'hi' }] }),
    );

    await waitForFigures(page, {
      requests: '7',
      'hit-ratio': '50.0%',
      'hit-ratio-exact': '50.0%',
      'exact-hits': '3',
      misses: '3',
      errors: '1',
      'errors.model_not_allowed': '1',
    });
    assert.notEqual(await figure(page, 'gross-saved'), '$0.000000');
    assert.notEqual(await figure(page, 'tokens-saved'), '0');
    assert.match((await figure(page, 'latency-p99')) ?? '', /^\d+(\.\d+)? (ms|s)$/);
    await page.waitForFunction(() => document.querySelector('[data-chart="requests-rate"] polyline') !== null, null, {
      timeout: 10_000,
    });

    const base = new URL(gw!.url);
    assert.ok(requested.length >= 2, 'the page and its figures');
    for (const url of requested) assert.equal(new URL(url).origin, base.origin, `the page requested ${url}`);
    assert.equal(base.hostname, '127.0.0.1');
    assert.deepEqual(problems, [], 'no script error and no Content-Security-Policy violation');
    await page.close();
  });
});
