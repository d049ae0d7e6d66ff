// The unsubscribe-link request (issue 44 item 10): the same work for an address on the list and one that is
// not, so its time cannot tell who subscribes. 40 samples of each, interleaved (known, unknown, known…), each a
// fresh address from a fresh client address, on the embedded database through the real app: the answer's time
// and the time until the work after the answer is done. Medians printed; equal within noise is the target.
import { heading, median, ms, note, table } from './lib/report.ts';
import { tempDir } from './lib/server.ts';
import { closeDatabase, createPGlite, openDatabase } from '../src/server/db.ts';
import { buildApp } from '../src/server/app.ts';
import { loadEnv } from '../src/server/env.ts';

const SAMPLES = 40;

export async function run(): Promise<void> {
  heading('Unsubscribe-link request: a subscribed address against an unknown one');
  note(`${SAMPLES} samples of each, interleaved; embedded PGlite, in process (HTTP through inject)`);
  const dir = tempDir('bench-unsubscribe-link');
  const pglite = await createPGlite();
  const orm = await openDatabase({ pglite });
  try {
    await orm.migrator.up();
    const env = loadEnv({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dir.dir, APP_ORIGIN: 'http://localhost:3000' });
    const app = await buildApp({ orm, env, closeOrm: false, logger: false });
    await app.ready();
    try {
      for (let i = 0; i < SAMPLES + 2; i++) {
        await orm.em
          .fork()
          .execute(
            `insert into "subscribers" ("email", "name", "status", "unsubscribe_token", "created_at", "updated_at") values (?, 'Reader', 'active', ?, now(), now())`,
            [`reader${i}@example.com`, `bench-token-${i}`.padEnd(40, 'x')],
          );
      }
      const sample = async (email: string, i: number) => {
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: '/trpc/subscribers.requestUnsubscribeLink',
          remoteAddress: `10.99.${Math.floor(i / 200)}.${(i % 200) + 1}`,
          headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
          payload: JSON.stringify({ email }),
        });
        const answered = performance.now() - started;
        await app.services.afterAnswer.idle();
        if (res.statusCode !== 200) throw new Error(`${email}: ${res.statusCode} ${res.body}`);
        return { answered, done: performance.now() - started, body: res.body };
      };
      const known: Array<{ answered: number; done: number; body: string }> = [];
      const unknown: typeof known = [];
      let n = 0;
      // Two of each first, not counted (warm-up).
      for (let i = 0; i < SAMPLES + 2; i++) {
        const k = await sample(`reader${i}@example.com`, n++);
        const u = await sample(`stranger${i}@example.com`, n++);
        if (i >= 2) {
          known.push(k);
          unknown.push(u);
        }
      }
      const bodies = new Set([...known, ...unknown].map((s) => s.body));
      table([
        ['', 'answer (median)', 'answer + work after it (median)'],
        ['subscribed', ms(median(known.map((s) => s.answered)), 2), ms(median(known.map((s) => s.done)), 2)],
        ['unknown', ms(median(unknown.map((s) => s.answered)), 2), ms(median(unknown.map((s) => s.done)), 2)],
      ]);
      note(`answers: ${bodies.size === 1 ? 'one body for both' : `${bodies.size} different bodies`}`);
    } finally {
      await app.close();
    }
  } finally {
    await closeDatabase(orm);
    dir.remove();
  }
}
