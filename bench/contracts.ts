// Contracts (issue 31): the server time of sealing a contract (the countersignature request, which builds the PDF
// with its audit page, signs it and stores it), p95 target 500 ms; and the server's resident memory after 100
// contracts sealed in a row, against its idle figure.
import { DEMO_TEMPLATE_BODY } from '../src/features/contracts/server/contracts.seed.ts';
import { check, heading, int, ms, note, table } from './lib/report.ts';
import { BENCH_ADMIN, cpuMs, rss } from './lib/probe.ts';
import { ensureClientBuild, sleep, startApp, tempDir } from './lib/server.ts';

const SEALS = 100;
const WARM_UP = 5;
const MB = 1024 * 1024;

export async function run() {
  heading('Contracts: sealing a signed PDF, and memory after 100 in a row');
  ensureClientBuild();
  const data = tempDir('bench-contracts');
  const app = await startApp({ dataDir: data.dir, extraEnv: { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, SEED_DEMO: 'false' } });
  try {
    const origin = app.url;
    const call = async (path: string, body: unknown, cookie: string) => {
      const started = performance.now();
      const res = await fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie }, body: JSON.stringify(body) });
      const text = await res.text();
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 200)}`);
      const json = JSON.parse(text) as { result?: { data: Record<string, unknown> } } & Record<string, unknown>;
      return { data: (json.result?.data ?? json) as Record<string, unknown>, ms: performance.now() - started, res };
    };
    const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]!;
    const admin = cookieOf((await call('/api/login', BENCH_ADMIN, '')).res);
    const registered = await call('/api/register', { username: 'benchfamily', password: 'bench-family-password-1', email: 'family@example.com' }, '');
    const family = cookieOf(registered.res);
    const familyId = Number(registered.data.id);
    const puppy = await call('/trpc/admin.puppies.create', { name: 'Bench', gender: 'female', color: 'apricot', price: 3000 }, admin);
    await call('/trpc/admin.portal.setFamily', { puppyId: puppy.data.id, familyId }, admin);
    const template = await call('/trpc/admin.contracts.saveTemplate', { name: 'Puppy sale agreement', body: DEMO_TEMPLATE_BODY }, admin);

    const sealOne = async () => {
      const prepared = await call('/trpc/admin.contracts.prepare', { templateId: template.data.id, familyId }, admin);
      const id = prepared.data.id as number;
      await call('/trpc/admin.contracts.send', { id }, admin);
      await call(`/api/contracts/${id}/sign`, { fullName: 'Bench Family', consent: true }, family);
      return (await call('/trpc/admin.contracts.countersign', { id, fullName: 'Bench Breeder', consent: true }, admin)).ms;
    };
    for (let i = 0; i < WARM_UP; i++) await sealOne();
    await sleep(2000);
    const idle = rss(app.child.pid);
    const cpuBefore = cpuMs(app.child.pid);
    const times: number[] = [];
    for (let i = 0; i < SEALS; i++) times.push(await sealOne());
    await sleep(5000);
    const after = rss(app.child.pid);
    // The server's CPU over the 100 rounds (prepare, send, sign, countersign and the two e-mails each), then idle.
    const cpuPerSeal = (cpuMs(app.child.pid) - cpuBefore) / SEALS;
    times.sort((a, b) => a - b);
    const p = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
    table([
      ['countersign and seal', 'p50', 'p95', 'max', 'count'],
      ['request time (local)', ms(p(0.5)), ms(p(0.95)), ms(times[times.length - 1]!), int(times.length)],
    ]);
    table([
      ['resident memory', 'idle (after warm-up)', `after ${SEALS} seals`],
      ['server', `${(idle / MB).toFixed(0)} MB`, `${(after / MB).toFixed(0)} MB`],
    ]);
    table([
      ['server CPU per round', 'prepare, send, sign, countersign and seal, two e-mails'],
      ['user + system', ms(cpuPerSeal)],
    ]);
    note('request time on 127.0.0.1 is server time plus a loopback round trip; each seal lays out the PDF, signs it (RSA 2048) and stores it');
    note('the CPU per round does not grow while the server waits for a core: on a busy machine it bounds what sealing costs when the times do not');
    console.log(`   ${check('sealing p95', ms(p(0.95)), p(0.95) <= 500, '≤ 500 ms')}`);
    console.log(`   ${check(`memory after ${SEALS} seals`, `${((after - idle) / MB).toFixed(0)} MB over idle`, after <= idle * 1.15, 'back to idle (within 15 %)')}`);
  } finally {
    await app.stop();
    data.remove();
  }
}
