// Server-rendered pages (issue 10): the time to render each public page without the page cache (p50 of
// sequential requests), and anonymous GET / from the page cache against @fastify/static serving the
// same bytes in the same run. Embedded database with demo content. Target: cached ≥ 0.5 of static.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { autocannon } from './lib/autocannon.ts';
import { bytes, check, heading, int, ms, table } from './lib/report.ts';
import { ensureClientBuild, freePort, httpGet, NODE, spawnChild, startApp, tempDir, waitFor200, type AppServer } from './lib/server.ts';

const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS) > 0 ? Number(process.env.BENCH_SECONDS) : 10;
const RENDERS = 30;
const TARGET_RATIO = 0.5;

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

/** p50 and p90 of rendering `url` afresh: a cookie keeps each request out of the anonymous page cache. */
async function renderTimes(base: string, url: string) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RENDERS + 3; i++) {
    const started = performance.now();
    const res = await httpGet(`${base}${url}`, { headers: { cookie: 'bench=1' }, timeoutMs: 10_000 });
    const took = performance.now() - started;
    if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
    size = res.body.length;
    if (i >= 3) times.push(took); // the first few warm the code paths
  }
  return { p50: percentile(times, 50), p90: percentile(times, 90), size };
}

export async function run(): Promise<void> {
  heading(`Pages: server rendering per page, and cached GET / vs @fastify/static (${CONNECTIONS} connections × ${SECONDS} s)`);
  ensureClientBuild();
  const data = tempDir('bench-pages');
  let app: AppServer | undefined;
  try {
    app = await startApp({ dataDir: data.dir });
    const dogs = JSON.parse((await httpGet(`${app.url}/api/parents/featured`)).body.toString()) as Array<{ id: number }>;
    const posts = JSON.parse(
      (await httpGet(`${app.url}/trpc/articles.blogList?input=${encodeURIComponent('{"page":1}')}`)).body.toString(),
    ) as {
      result: { data: { items: Array<{ slug: string }> } };
    };
    const pages = ['/', '/blog', `/blog/${posts.result.data.items[0]!.slug}`, `/family-tree/${dogs[0]!.id}`, '/questionnaire'];
    const rows: string[][] = [['page', 'HTML', 'render p50', 'p90']];
    for (const url of pages) {
      const t = await renderTimes(app.url, url);
      rows.push([url, bytes(t.size), ms(t.p50, 1), ms(t.p90, 1)]);
    }
    console.log(`\n   Uncached (each request rendered), ${RENDERS} sequential requests per page:`);
    table(rows);

    // Cached: anonymous GET / answered from the page cache, against a static server sending those bytes.
    const home = await httpGet(`${app.url}/`);
    const dir = tempDir('bench-pages-static');
    writeFileSync(path.join(dir.dir, 'index.html'), home.body);
    const port = await freePort();
    const child = spawnChild(NODE, ['bench/lib/static-server.ts'], { ...process.env, PORT: String(port), ROOT: dir.dir });
    try {
      await waitFor200(`http://127.0.0.1:${port}/readyz`, child, 30_000);
      await autocannon(`${app.url}/`, { connections: 10, seconds: 2 });
      await autocannon(`http://127.0.0.1:${port}/`, { connections: 10, seconds: 2 });
      const cached = await autocannon(`${app.url}/`, { connections: CONNECTIONS, seconds: SECONDS });
      const stat = await autocannon(`http://127.0.0.1:${port}/`, { connections: CONNECTIONS, seconds: SECONDS });
      console.log(`\n   GET / (${bytes(home.body.length)} of HTML, no compression asked):`);
      table([
        ['', 'req/s', 'p50', 'p99', 'non-2xx', 'errors'],
        ['app, rendered page from the cache', int(cached.rps), ms(cached.p50), ms(cached.p99), int(cached.non2xx), int(cached.errors)],
        ['@fastify/static, the same bytes', int(stat.rps), ms(stat.p50), ms(stat.p99), int(stat.non2xx), int(stat.errors)],
      ]);
      const ratio = cached.rps / stat.rps;
      check('pages: cached GET / vs @fastify/static', ratio.toFixed(2), ratio >= TARGET_RATIO, `≥ ${TARGET_RATIO}`);
    } finally {
      await child.stop();
      dir.remove();
    }
  } finally {
    await app?.stop();
    data.remove();
  }
}
