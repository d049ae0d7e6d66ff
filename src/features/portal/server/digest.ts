// The daily digest: families with pending notices get at most one e-mail a day (through the outbox) linking to /account.
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import type { MailOutbox } from '../../../lib/server/mail.ts';
import { escapeHtml, oneLine } from '../../../lib/server/mail.ts';
import { User } from '../../auth/server/user.entity.ts';
import { FamilyPortalState, UpdateNotice } from './portal.entity.ts';
import { litterLabel } from '../portal.schema.ts';

export const DIGEST_SUBJECT = 'News about your puppy';

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Queues today's digests. Families that turned e-mails off, or gave no address, get their notices
 * marked so (the dashboard shows it); a family that already had today's digest waits for tomorrow.
 * Returns how many digests were queued.
 */
export async function runDigest(em: EntityManager, mail: MailOutbox, appOrigin: string, now = new Date()): Promise<number> {
  const today = utcDay(now);
  const families = await em.execute<Array<{ family_id: number }>>(
    `select distinct "family_id" from "puppy_update_notices" where "status" = 'pending' order by "family_id"`,
  );
  if (!families.length) return 0;
  const { name: breederName } = await mail.breeder(em);
  let queued = 0;
  for (const { family_id: familyId } of families) {
    // One family at a time, under its state row's lock: two runs at once (a post and the timer, or two
    // instances) neither collide on creating the row nor send the same notices twice.
    const sent = await em.transactional(async (tx) => {
      // (Its notices hold the family's row: a deleted account takes them with it.)
      await tx.execute(
        `insert into "family_portal_states" ("family_id", "digest_enabled", "last_digest_on") values (?, true, null) on conflict do nothing`,
        [familyId],
      );
      const state = await tx.findOne(FamilyPortalState, { family: familyId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const user = await tx.findOne(User, familyId);
      if (!state || !user) return false;
      const notices = await tx.find(
        UpdateNotice,
        { family: familyId, status: 'pending' },
        { populate: ['update', 'update.puppy', 'update.litter'], orderBy: { id: 'asc' } },
      );
      if (!notices.length) return false;
      if (!state.digestEnabled || !user.email) {
        for (const n of notices) n.status = state.digestEnabled ? 'no-email' : 'off';
        return false;
      }
      if (state.lastDigestOn === today) return false;
      const link = `${appOrigin}/account`;
      const greeting = user.displayName || user.username;
      const lines = notices.map((n) => {
        const about = n.update.puppy ? n.update.puppy.name : `the ${litterLabel(n.update.litter?.name ?? '')}`;
        const first = oneLine(n.update.text).slice(0, 140);
        return `- ${about}: ${first}`;
      });
      const count = notices.length === 1 ? 'a new update' : `${notices.length} new updates`;
      mail.enqueue(tx, {
        lane: 'notification',
        to: user.email,
        subject: DIGEST_SUBJECT,
        text: `Hello ${greeting},\n\n${breederName} posted ${count}:\n\n${lines.join('\n')}\n\nSee the photos and more in your family portal: ${link}\n\nYou can turn these e-mails off in your profile there.\n`,
        html:
          `<p>Hello ${escapeHtml(greeting)},</p><p>${escapeHtml(breederName)} posted ${count}:</p><ul>` +
          lines.map((l) => `<li>${escapeHtml(l.slice(2))}</li>`).join('') +
          `</ul><p><a href="${escapeHtml(link)}">See the photos and more in your family portal</a></p>` +
          `<p>You can turn these e-mails off in your profile there.</p>`,
      });
      for (const n of notices) {
        n.status = 'emailed';
        n.emailedAt = now;
      }
      state.lastDigestOn = today;
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
