// The outbox's purge across instances (TEST_DATABASE_URL; vitest.config.ts runs this file only then): another
// instance holding the purge lock needs a second connection, and the embedded database has one. While one instance
// purges the sent e-mails (newsletter copies among them), another's housekeeping skips; once it is done, the other purges them.
import { describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from './db.ts';
import { useTestApp } from './testing/test-app.ts';
import { serverUrl } from './testing/test-db.ts';
import { enqueueMail, PURGE_LOCK } from '../features/mail/server/outbox.service.ts';

if (!serverUrl()) throw new Error('outbox-purge.postgres.test.ts needs TEST_DATABASE_URL (vitest.config.ts runs it only then).');

describe('purging sent e-mails from the outbox', () => {
  const t = useTestApp();
  const sql = <T = unknown>(q: string, params: unknown[] = []) => t.orm.em.fork().getConnection().execute<T[]>(q, params);

  it('purges one instance at a time: while another instance purges, housekeeping skips', async () => {
    const em = t.orm.em.fork();
    for (const to of ['ada@example.com', 'ben@example.com', 'cy@example.com'])
      enqueueMail(em, { lane: 'notification', to, subject: 'Spring news', text: 'Our spring litter is here.' });
    enqueueMail(em, { lane: 'notification', to: 'dee@example.com', subject: 'Summer news', text: 'Sent yesterday: kept.' });
    await em.flush();
    await sql(`update outbox_messages set status = 'sent', sent_at = now() - interval '31 days' where subject = 'Spring news'`);
    await sql(`update outbox_messages set status = 'sent', sent_at = now() - interval '1 day' where subject = 'Summer news'`);
    const other = await openDatabase({ databaseUrl: t.orm.config.get('clientUrl') });
    try {
      // Another instance is purging: it holds the purge lock in its transaction.
      await other.em.fork().transactional(async (tx) => {
        await tx.execute('select pg_advisory_xact_lock(?)', [PURGE_LOCK]);
        expect((await t.app.mailer.housekeeping()).purged).toBeNull();
      });
      expect(await sql(`select id from outbox_messages where subject = 'Spring news'`)).toHaveLength(3);
      // Once it is done, this one purges the copies past the retention, and keeps yesterday's.
      expect((await t.app.mailer.housekeeping()).purged).toBe(3);
      expect((await sql<{ subject: string }>(`select subject from outbox_messages where status = 'sent'`)).map((r) => r.subject)).toEqual([
        'Summer news',
      ]);
    } finally {
      await closeDatabase(other);
    }
  });
});
