// Imports (issue 49) on the embedded database, through the built server: 10,000 families (a tenth with a deposit,
// each becoming a ledger payment with its receipt PDF) and 2,000 dogs (each after the first generation with a sire
// and a dam from the same file, half with health results). Targets: preview ≤ 30 s and commit ≤ 60 s each; the
// server's resident memory over idle ≤ 100 MB during either.
import { request as httpRequest } from 'node:http';
import { check, heading, int, note, seconds, table } from './lib/report.ts';
import { BENCH_ADMIN, rss, sampleRss } from './lib/probe.ts';
import { ensureClientBuild, sleep, startApp, tempDir } from './lib/server.ts';

const FAMILIES = 10_000;
const DOGS = 2_000;
const MB = 1024 * 1024;

function familiesCsv(): Buffer {
  const lines = ['Family,Email,Phone,Pick,Sex,Color,Deposit,Deposit date,Notes'];
  for (let i = 1; i <= FAMILIES; i++) {
    const deposit = i % 10 === 0 ? `300,2024-${String((i % 12) + 1).padStart(2, '0')}-15` : ',';
    lines.push(
      `The Family ${i},family${i}@example.com,555-${String(i).padStart(5, '0')},${i},${['Female', 'Male', ''][i % 3]},${['Red', 'Cream', ''][i % 3]},${deposit},Row ${i}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

function dogsCsv(): Buffer {
  const lines = ['Name,Sex,Breed,DOB,Reg No,Sire,Dam,Health'];
  for (let i = 1; i <= DOGS; i++) {
    const sex = i % 2 ? 'M' : 'F';
    // Parents from 200 rows earlier: the founders (the first 200) have none.
    const sire = i > 200 ? `REG-${i - 200 - ((i - 200) % 2 === 0 ? 1 : 0)}` : '';
    const dam = i > 200 ? `REG-${i - 200 + ((i - 200) % 2 === 0 ? 0 : 1)}` : '';
    const health = i % 2 ? 'OFA hips: Good; OFA elbows: Normal; Embark PRA-prcd: Clear' : '';
    lines.push(
      `Dog ${i},${sex},${i % 3 ? 'Poodle' : 'Golden Retriever'},20${String(10 + (i % 14)).padStart(2, '0')}-03-0${(i % 9) + 1},REG-${i},${sire},${dam},${health}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

export async function run() {
  heading(`Imports: ${int(FAMILIES)} families and ${int(DOGS)} dogs, preview and commit (embedded database)`);
  ensureClientBuild();
  const data = tempDir('bench-imports');
  const app = await startApp({
    dataDir: data.dir,
    extraEnv: { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, SEED_DEMO: 'false' },
  });
  try {
    const origin = app.url;
    const login = await fetch(`${origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(BENCH_ADMIN),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    // node:http rather than fetch: fetch gives up on an answer after 300 s, which a busy machine's commit can take.
    const send = (method: string, path: string, body: Buffer, contentType: string) =>
      new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
        const req = httpRequest(
          `${origin}${path}`,
          { method, headers: { origin, cookie, 'content-type': contentType, 'content-length': body.length } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown> }),
            );
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const upload = async (kind: string, name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'text/csv' }), name);
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      const res = await send('POST', '/api/admin/imports', Buffer.from(await encoded.arrayBuffer()), encoded.headers.get('content-type')!);
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${String(res.json.message)}`);
      return res.json as { id: string; failing: number; total: number };
    };
    const commit = async (id: string) => {
      const res = await send('POST', `/api/admin/imports/${id}/commit`, Buffer.from('{}'), 'application/json');
      if (res.status !== 200) throw new Error(`commit answered ${res.status}: ${String(res.json.message)}`);
      return res.json as { created: number; updated: number; failed: number };
    };
    // Warm-up: a small file of each kind, so the figures are of the work, not of first-use compilation.
    await commit((await upload('families', 'warm.csv', Buffer.from('Family,Email\r\nWarm,warm@example.com\r\n'))).id);
    await commit((await upload('dogs', 'warm.csv', Buffer.from('Name,Sex\r\nWarm,F\r\n'))).id);
    await sleep(3000);
    const idle = rss(app.child.pid);

    const rows: string[][] = [['file', 'rows', 'preview', 'commit', 'created', 'failed', 'peak memory over idle']];
    const results: Array<{ what: string; preview: number; commit: number; peak: number }> = [];
    for (const [kind, name, bytes, count] of [
      ['families', 'families.csv', familiesCsv(), FAMILIES],
      ['dogs', 'dogs.csv', dogsCsv(), DOGS],
    ] as const) {
      const memory = sampleRss(app.child.pid, 100);
      let started = performance.now();
      const preview = await upload(kind, name, bytes);
      const previewMs = performance.now() - started;
      console.log(`   ${kind}: preview of ${int(preview.total)} rows in ${seconds(previewMs, 1)}, ${int(preview.failing)} failing`);
      started = performance.now();
      const done = await commit(preview.id);
      const commitMs = performance.now() - started;
      const { peak } = memory.stop();
      console.log(`   ${kind}: committed in ${seconds(commitMs, 1)}`);
      rows.push([
        kind,
        int(count),
        seconds(previewMs, 1),
        seconds(commitMs, 1),
        int(done.created),
        int(done.failed),
        `${((peak - idle) / MB).toFixed(0)} MB`,
      ]);
      results.push({ what: kind, preview: previewMs, commit: commitMs, peak: peak - idle });
      await sleep(2000);
    }
    table(rows);
    note(`idle resident memory ${(idle / MB).toFixed(0)} MB; memory sampled every 100 ms from the upload to the commit's answer`);
    note('the families commit includes 1,000 ledger payments, each with its receipt PDF');
    for (const r of results) {
      console.log(`   ${check(`${r.what}: preview`, seconds(r.preview, 1), r.preview <= 30_000, '≤ 30 s')}`);
      console.log(`   ${check(`${r.what}: commit`, seconds(r.commit, 1), r.commit <= 60_000, '≤ 60 s')}`);
      console.log(`   ${check(`${r.what}: memory over idle`, `${(r.peak / MB).toFixed(0)} MB`, r.peak <= 100 * MB, '≤ 100 MB')}`);
    }
  } finally {
    await app.stop();
    data.remove();
  }
}
