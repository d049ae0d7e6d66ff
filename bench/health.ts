// Health records (issue 33): the server time to record one care item for a litter of 12 in one request (one
// transaction), and to build the passport PDF of a puppy with 40 care items, on the embedded database.
// Targets: litter of 12 ≤ 100 ms, passport ≤ 500 ms (medians; the service calls a request makes, in process).
import { check, heading, median, ms, note, table } from './lib/report.ts';
import { closeDatabase, createPGlite, openDatabase } from '../src/server/db.ts';
import { recordCare } from '../src/features/health/server/health.service.ts';
import { puppyFacts } from '../src/features/health/server/puppy-facts.ts';
import { passportData, passportPdf } from '../src/features/health/server/passport.ts';

const RUNS = 15;
const TARGET_LITTER_MS = 100;
const TARGET_PASSPORT_MS = 500;

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

export async function run(): Promise<void> {
  heading('Health: a care item for a litter of 12 in one request; the passport PDF with 40 care items');
  note('Embedded PGlite, in process: the service work behind one request (no HTTP)');
  const pglite = await createPGlite();
  const orm = await openDatabase({ pglite });
  try {
    await orm.migrator.up();
    const em = orm.em.fork();
    const [litter] = await em.execute<{ id: number }[]>(
      `insert into "litters" ("name", "mother_name", "father_name", "birth_date", "created_at", "updated_at") values ('Bench Litter', 'Rosie', 'Cooper', ?, now(), now()) returning "id"`,
      [isoDaysAgo(60)],
    );
    for (let i = 0; i < 12; i++) {
      await em.execute(
        `insert into "puppies" ("name", "gender", "color", "litter_id", "created_at", "updated_at") values (?, 'female', 'apricot', ?, now(), now())`,
        [`Pup ${i}`, litter!.id],
      );
    }
    const litterTimes: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const started = performance.now();
      await recordCare(orm.em.fork(), {
        litterId: litter!.id,
        kind: 'deworming',
        product: 'Pyrantel',
        dose: 1,
        doseUnit: 'ml',
        givenOn: isoDaysAgo(40 - i),
        notes: `Run ${i}`,
      });
      if (i >= 2) litterTimes.push(performance.now() - started);
    }
    // One puppy now has 17 items; 23 more make 40.
    const [pup] = await em.execute<{ id: number }[]>(`select "id" from "puppies" where "litter_id" = ? order by "id" limit 1`, [
      litter!.id,
    ]);
    for (let i = 0; i < 23; i++) {
      await recordCare(orm.em.fork(), {
        puppyIds: [pup!.id],
        kind: 'vet-check',
        findings: `Check ${i}: healthy, heart and lungs clear`,
        vet: 'Dr. Ames',
        clinic: 'Pine Vet',
        givenOn: isoDaysAgo(50 - i),
      });
    }
    const passportTimes: number[] = [];
    let items = 0;
    for (let i = 0; i < RUNS + 2; i++) {
      const started = performance.now();
      const fork = orm.em.fork();
      const [facts] = await puppyFacts(fork, [pup!.id]);
      const data = await passportData(fork, facts!);
      await passportPdf(data);
      items = data.record.items.length;
      if (i >= 2) passportTimes.push(performance.now() - started);
    }
    const litterMs = median(litterTimes);
    const passportMs = median(passportTimes);
    table([
      ['what', 'median', ''],
      [
        'record for a litter of 12',
        ms(litterMs, 1),
        check('health: litter of 12', ms(litterMs, 1), litterMs <= TARGET_LITTER_MS, `≤ ${TARGET_LITTER_MS} ms`),
      ],
      [
        `passport PDF (${items} care items)`,
        ms(passportMs, 1),
        check('health: passport PDF', ms(passportMs, 1), passportMs <= TARGET_PASSPORT_MS, `≤ ${TARGET_PASSPORT_MS} ms`),
      ],
    ]);
  } finally {
    await closeDatabase(orm);
    await pglite.close();
  }
}
