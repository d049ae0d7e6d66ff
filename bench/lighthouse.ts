// Lighthouse (mobile preset: the default config, simulated slow 4G and a mid-range phone) on the
// production home page, served by the real server with demo content, in the system Chromium.
// Prints the four category scores, LCP, TBT, CLS and the JavaScript and image bytes of the first view.
import { writeFileSync } from 'node:fs';
import type * as ChromeLauncher from 'chrome-launcher';
import type runLighthouse from 'lighthouse';
import os from 'node:os';
import path from 'node:path';
import { bytes, check, heading, message, ms, note, table } from './lib/report.ts';
import { ensureClientBuild, onCleanup, startApp, tempDir, type AppServer } from './lib/server.ts';

const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const JS_BUDGET = 200 * 1024;

interface NetworkItem {
  url: string;
  resourceType?: string;
  mimeType?: string;
  transferSize?: number;
  resourceSize?: number;
  statusCode?: number;
}

interface SummaryItem {
  resourceType: string;
  requestCount: number;
  transferSize: number;
}

type Lhr = {
  categories: Record<string, { score: number | null; title: string; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; title: string; numericValue?: number; details?: { items?: unknown[] } }>;
  runtimeError?: { code: string; message: string };
  runWarnings: string[];
  environment?: { benchmarkIndex?: number };
};

function items<T>(lhr: Lhr, audit: string): T[] {
  return (lhr.audits[audit]?.details?.items ?? []) as T[];
}

export async function run(): Promise<void> {
  heading('Lighthouse: production home page, mobile preset (simulated throttling), system Chromium');

  // Loaded here, not at the top, so a Lighthouse that cannot load only skips this benchmark.
  let lighthouse: typeof runLighthouse;
  let chromeLauncher: typeof ChromeLauncher;
  try {
    lighthouse = (await import('lighthouse')).default;
    chromeLauncher = await import('chrome-launcher');
  } catch (error) {
    note(`Lighthouse cannot be loaded here, skipped: ${message(error)}`);
    return;
  }

  ensureClientBuild();
  const data = tempDir('bench-lighthouse');
  let app: AppServer | undefined;
  let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
  try {
    app = await startApp({ dataDir: data.dir });
    const url = `${app.url}/`;
    try {
      chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    } catch (error) {
      note(`Chromium (${CHROME_PATH}) could not be started for Lighthouse, skipped: ${message(error)}`);
      return;
    }
    const launched = chrome;
    const unregister = onCleanup(() => launched.kill());
    const flags = { port: chrome.port, logLevel: 'error' as const };

    let result: Awaited<ReturnType<typeof lighthouse>>;
    try {
      // A first visit fills the server's image variant cache, as any earlier visitor would have;
      // only the second (measured) visit is reported.
      await lighthouse(url, { ...flags, onlyAudits: ['network-requests'] });
      result = await lighthouse(url, {
        ...flags,
        output: 'html',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
    } catch (error) {
      note(`Lighthouse failed to run here, skipped: ${message(error)}`);
      return;
    }
    chrome.kill();
    unregister();
    chrome = undefined;
    if (!result) {
      note('Lighthouse returned no result, skipped');
      return;
    }
    const lhr = result.lhr as unknown as Lhr;
    if (lhr.runtimeError) {
      note(`Lighthouse could not measure the page: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      return;
    }

    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const perf = score('performance');
    const a11y = score('accessibility');
    const bestPractices = score('best-practices');
    const seo = score('seo');
    const lcp = metric('largest-contentful-paint');
    const tbt = metric('total-blocking-time');
    const cls = metric('cumulative-layout-shift');
    const fcp = metric('first-contentful-paint');

    const requests = items<NetworkItem>(lhr, 'network-requests');
    const scripts = requests.filter((r) => r.resourceType === 'Script');
    const images = requests.filter((r) => r.resourceType === 'Image');
    const media = requests.filter((r) => r.resourceType === 'Media');
    const sum = (list: NetworkItem[], key: 'transferSize' | 'resourceSize') => list.reduce((n, r) => n + (r[key] ?? 0), 0);
    const jsTransfer = sum(scripts, 'transferSize');
    const jsResource = sum(scripts, 'resourceSize');
    const summary = items<SummaryItem>(lhr, 'resource-summary');
    const total = summary.find((s) => s.resourceType === 'total');

    table(
      [
        ['', 'value', 'target'],
        ['performance', String(perf), check('Lighthouse performance', String(perf), perf >= 95, '≥ 95')],
        ['accessibility', String(a11y), check('Lighthouse accessibility', String(a11y), a11y === 100, '100')],
        ['best practices', String(bestPractices), check('Lighthouse best practices', String(bestPractices), bestPractices === 100, '100')],
        ['SEO', String(seo), check('Lighthouse SEO', String(seo), seo === 100, '100')],
        ['first contentful paint', ms(fcp), ''],
        ['largest contentful paint', ms(lcp), check('Lighthouse LCP', ms(lcp), lcp < 2000, '< 2.0 s')],
        ['total blocking time', ms(tbt), ''],
        ['cumulative layout shift', cls.toFixed(3), check('Lighthouse CLS', cls.toFixed(3), cls < 0.05, '< 0.05')],
        [
          `first-view JS, compressed (${scripts.length} files)`,
          bytes(jsTransfer),
          check('first-view JS (compressed)', bytes(jsTransfer), jsTransfer < JS_BUDGET, '< 200 KB'),
        ],
        ['first-view JS, uncompressed', bytes(jsResource), ''],
        [`first-view images (${images.length} files)`, bytes(sum(images, 'transferSize')), ''],
        [`first-view video (${media.length} ${media.length === 1 ? 'request' : 'requests'})`, bytes(sum(media, 'transferSize')), ''],
        ['first view, all requests', total ? `${bytes(total.transferSize)} in ${total.requestCount}` : '?', ''],
      ],
    );
    const index = lhr.environment?.benchmarkIndex;
    if (index) note(`Lighthouse's CPU benchmark index for this machine: ${Math.round(index)} (a busy or slow host inflates TBT and LCP)`);

    // What keeps a category below 100: its weighted audits that did not pass.
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      const category = lhr.categories[id];
      if (!category || category.score === 1) continue;
      const failing = category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
        .filter(({ audit }) => audit && audit.score !== null && audit.score < 1);
      if (failing.length) console.log(`   ${category.title} loses points on: ${failing.map(({ ref, audit }) => `${ref.id} (${audit.title})`).join('; ')}`);
    }
    for (const warning of lhr.runWarnings) note(`Lighthouse warning: ${warning}`);

    const report = path.join(os.tmpdir(), `lighthouse-home-${Date.now()}.html`);
    if (typeof result.report === 'string') {
      writeFileSync(report, result.report);
      note(`full report: ${report}`);
    }
  } finally {
    chrome?.kill();
    await app?.stop();
    data.remove();
  }
}
