// Lighthouse (mobile preset: the default config, simulated slow 4G and a mid-range phone) on the pages families
// land on (issue 10): the home page, a blog post, a family tree and the questionnaire, served by the real server
// with demo content, in the system Chromium. Prints, per page, the four category scores, FCP, LCP, TBT, CLS and
// the JavaScript and image bytes of the first view, against the targets.
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
const JS_BUDGET = 120 * 1024;

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
  heading('Lighthouse: home, a blog post, a family tree, the questionnaire; mobile preset (simulated throttling), system Chromium');

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
    const pages = await pagesToMeasure(app.url);
    try {
      chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
    } catch (error) {
      note(`Chromium (${CHROME_PATH}) could not be started for Lighthouse, skipped: ${message(error)}`);
      return;
    }
    const launched = chrome;
    const unregister = onCleanup(() => launched.kill());
    const flags = { port: chrome.port, logLevel: 'error' as const };
    for (const [name, url] of pages) {
      let result: Awaited<ReturnType<typeof lighthouse>>;
      try {
        // A first visit fills the server's image variant cache, as any earlier visitor would have;
        // only the second (measured) visit is reported.
        await lighthouse(url, { ...flags, onlyAudits: ['network-requests'] });
        const measure = () =>
          lighthouse(url, { ...flags, output: 'html', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
        result = await measure();
        // Chromium now and then loses the trace's start (NO_NAVSTART): one more try before giving up on the page.
        if (result?.lhr.runtimeError?.code === 'NO_NAVSTART') result = await measure();
      } catch (error) {
        note(`Lighthouse failed to run on ${name}, skipped: ${message(error)}`);
        continue;
      }
      if (!result) {
        note(`Lighthouse returned no result for ${name}, skipped`);
        continue;
      }
      report(name, result);
    }
    chrome.kill();
    unregister();
    chrome = undefined;
  } finally {
    chrome?.kill();
    await app?.stop();
    data.remove();
  }
}

/** The home page, the first blog post and family tree the sitemap lists, and the questionnaire. */
async function pagesToMeasure(base: string): Promise<Array<[string, string]>> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const first = (prefix: string) =>
    [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname).find((p) => p.startsWith(prefix));
  const pages: Array<[string, string]> = [['home', `${base}/`]];
  for (const [name, prefix] of [
    ['blog post', '/blog/'],
    ['family tree', '/family-tree/'],
  ] as const) {
    const found = first(prefix);
    if (found) pages.push([name, `${base}${found}`]);
    else note(`no ${name} in the sitemap: not measured`);
  }
  pages.push(['questionnaire', `${base}/questionnaire`]);
  return pages;
}

function report(name: string, result: NonNullable<Awaited<ReturnType<typeof runLighthouse>>>) {
  console.log(`\n   ${name}: ${result.lhr.finalDisplayedUrl ?? ''}`);
  const lhr = result.lhr as unknown as Lhr;
  if (lhr.runtimeError) {
    note(`Lighthouse could not measure ${name}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
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

  table([
    ['', 'value', 'target'],
    ['performance', String(perf), check(`${name}: performance`, String(perf), perf >= 98, '≥ 98')],
    ['accessibility', String(a11y), check(`${name}: accessibility`, String(a11y), a11y === 100, '100')],
    ['best practices', String(bestPractices), check(`${name}: best practices`, String(bestPractices), bestPractices === 100, '100')],
    ['SEO', String(seo), check(`${name}: SEO`, String(seo), seo === 100, '100')],
    ['first contentful paint', ms(fcp), check(`${name}: FCP`, ms(fcp), fcp <= 1000, '≤ 1.0 s')],
    ['largest contentful paint', ms(lcp), check(`${name}: LCP`, ms(lcp), lcp <= 1500, '≤ 1.5 s')],
    ['total blocking time', ms(tbt), check(`${name}: TBT`, ms(tbt), tbt <= 50, '≤ 50 ms')],
    ['cumulative layout shift', cls.toFixed(3), check(`${name}: CLS`, cls.toFixed(3), cls <= 0.01, '≤ 0.01')],
    [
      `first-view JS, compressed (${scripts.length} files)`,
      bytes(jsTransfer),
      check(`${name}: first-view JS`, bytes(jsTransfer), jsTransfer <= JS_BUDGET, '≤ 120 KB'),
    ],
    ['first-view JS, uncompressed', bytes(jsResource), ''],
    [`first-view images (${images.length} files)`, bytes(sum(images, 'transferSize')), ''],
    [`first-view video (${media.length} ${media.length === 1 ? 'request' : 'requests'})`, bytes(sum(media, 'transferSize')), ''],
    ['first view, all requests', total ? `${bytes(total.transferSize)} in ${total.requestCount}` : '?', ''],
  ]);
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
    if (failing.length)
      console.log(`   ${category.title} loses points on: ${failing.map(({ ref, audit }) => `${ref.id} (${audit.title})`).join('; ')}`);
  }
  for (const warning of lhr.runWarnings) note(`Lighthouse warning: ${warning}`);

  const file = path.join(os.tmpdir(), `lighthouse-${name.replace(/\W+/g, '-')}-${Date.now()}.html`);
  if (typeof result.report === 'string') {
    writeFileSync(file, result.report);
    note(`full report: ${file}`);
  }
}
