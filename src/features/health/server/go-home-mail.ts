// The go-home e-mail (issue 33): once a puppy's pickup time has come (the portal's pickup, set by the breeder in
// Families or by a pickup booking), its family gets one e-mail with the puppy passport attached and a link for its
// vet. Once per puppy across runs and instances: a row per puppy claimed in the same transaction as the message.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailOutbox } from '../../../lib/server/mail.ts';
import { escapeHtml } from '../../../lib/server/mail.ts';
import { linkKey } from '../../../lib/server/signed-token.ts';
import { GO_HOME_LINK_DAYS, GO_HOME_SUBJECT } from '../health.schema.ts';
import { accountsByIds } from '../../auth/server/auth.reads.ts';
import { pickupsUpTo } from '../../portal/server/portal.reads.ts';
import { puppiesByIds } from '../../puppies/server/puppies.reads.ts';
import { puppyFacts } from './puppy-facts.ts';
import { passportData, passportFileName, passportPdf } from './passport.ts';
import { issueShareLink } from './share-links.ts';

/**
 * A pickup further back than this gets no e-mail: a pickup entered long after the day (or the puppies that went
 * home before this e-mail existed) is history, not a going home.
 */
export const GO_HOME_WINDOW_DAYS = 14;

interface Due {
  id: number;
  at: Date;
  family_id: number;
  email: string;
  greeting: string;
}

/**
 * Puppies whose pickup came within the window, with a family that has a verified address and no go-home e-mail yet:
 * the soonest pickups first, at most 100 a run.
 */
async function dueGoHomes(em: EntityManager, now: Date): Promise<Due[]> {
  const pickups = await pickupsUpTo(em, now, new Date(now.getTime() - GO_HOME_WINDOW_DAYS * 86_400_000));
  if (!pickups.length) return [];
  const puppies = new Map(
    (
      await puppiesByIds(
        em,
        pickups.map((k) => k.puppyId),
      )
    ).map((p) => [p.id, p]),
  );
  const families = await accountsByIds(em, [...new Set([...puppies.values()].flatMap((p) => (p.familyId === null ? [] : [p.familyId])))]);
  const ids = [...puppies.keys()];
  const sent = ids.length
    ? await em.execute<{ puppy_id: number }[]>(
        `select "puppy_id" from "health_go_home_mails" where "puppy_id" in (${ids.map(() => '?').join(', ')})`,
        ids,
      )
    : [];
  const mailed = new Set(sent.map((g) => Number(g.puppy_id)));
  const due: Due[] = [];
  for (const k of pickups) {
    const family = families.get(puppies.get(k.puppyId)?.familyId ?? -1);
    if (!family?.email || mailed.has(k.puppyId)) continue;
    due.push({ id: k.puppyId, at: k.at, family_id: family.id, email: family.email, greeting: family.greeting });
  }
  return due.slice(0, 100);
}

/** Queues the go-home e-mails now due; answers how many this run queued (0 when another run had them). */
export async function runGoHomeMails(em: EntityManager, mail: MailOutbox, appOrigin: string, now = new Date()): Promise<number> {
  // Families with a verified address only (users.email holds only verified ones, decision 108); a family that
  // verifies within the window still gets it.
  const due = await dueGoHomes(em, now);
  if (!due.length) return 0;
  const { name: breederName } = await mail.breeder(em);
  // The link key is read (or made) on a connection of its own: before the transaction, which holds the embedded
  // database's only one.
  await linkKey(em);
  let queued = 0;
  for (const row of due) {
    const sent = await em.fork().transactional(async (tx) => {
      // The claim: a second run (another instance) waits here for this one's commit, then finds the row and stops.
      const claimed = await tx.execute<{ puppy_id: number }[]>(
        `insert into "health_go_home_mails" ("puppy_id", "pickup_at", "sent_at") values (?, ?, ?) on conflict ("puppy_id") do nothing returning "puppy_id"`,
        [row.id, new Date(row.at), now],
      );
      if (!claimed.length) return false;
      const [puppy] = await puppyFacts(tx, [Number(row.id)]);
      if (!puppy) return false;
      const pdf = await passportPdf(await passportData(tx, puppy, now));
      const link = await issueShareLink(tx, puppy.id, Number(row.family_id), GO_HOME_LINK_DAYS, appOrigin, now);
      await tx.execute(`update "health_go_home_mails" set "share_link_id" = ? where "puppy_id" = ?`, [link.id, puppy.id]);
      const portal = `${appOrigin}/account`;
      const until = link.expiresAt.slice(0, 10);
      const text =
        `Hello ${row.greeting},\n\n${puppy.name} is home with you. ${puppy.name}'s puppy passport is attached: the care record ` +
        `from birth, the microchip, the parents' health tests and what we recommend to your vet next.\n\n` +
        `For your vet's first visit, this link opens the same record without an account, read-only, until ${until}: ${link.url}\n` +
        `You can revoke it, or make a new one, in your family portal: ${portal}\n\n` +
        `We will remind you a week before each vet visit we recommend (you can turn that off there too).\n\n${breederName}\n`;
      const html =
        `<p>Hello ${escapeHtml(row.greeting)},</p><p>${escapeHtml(puppy.name)} is home with you. ${escapeHtml(puppy.name)}'s puppy passport is attached: ` +
        `the care record from birth, the microchip, the parents' health tests and what we recommend to your vet next.</p>` +
        `<p>For your vet's first visit, <a href="${escapeHtml(link.url)}">this link</a> opens the same record without an account, read-only, until ${escapeHtml(until)}.<br>` +
        `You can revoke it, or make a new one, in <a href="${escapeHtml(portal)}">your family portal</a>.</p>` +
        `<p>We will remind you a week before each vet visit we recommend (you can turn that off there too).</p><p>${escapeHtml(breederName)}</p>`;
      mail.enqueue(tx, {
        lane: 'notification',
        to: row.email,
        subject: GO_HOME_SUBJECT(puppy.name),
        text,
        html,
        attachments: [
          { filename: passportFileName(puppy.name), contentType: 'application/pdf', contentBase64: Buffer.from(pdf).toString('base64') },
        ],
      });
      await tx.flush();
      return true;
    });
    if (sent) queued++;
  }
  return queued;
}
