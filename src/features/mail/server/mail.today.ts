// What the mail feature puts on the breeder's Today screen: e-mails the outbox gave up on.
import type { TodayItem, TodaySource } from '../../../lib/server/today.ts';

export const mailToday: TodaySource = async (em) => {
  // One line per newsletter with failed copies, one per failed e-mail of the site's own (at most 50 in all).
  const rows = await em.execute<Array<{ id: number; subject: string; to: string; newsletter_id: number | null; n: string; at: Date }>>(
    `select min("id") as "id", min("subject") as "subject", min("to") as "to", "newsletter_id", count(*) as "n", max("created_at") as "at"
     from "outbox_messages" where "status" = 'failed'
     group by "newsletter_id", case when "newsletter_id" is null then "id" end
     order by max("created_at") desc limit 50`,
  );
  return rows.map((r): TodayItem => ({
    group: 'action',
    source: 'mail',
    title:
      r.newsletter_id === null
        ? `An e-mail to ${r.to} could not be sent: ${r.subject}`
        : `${Number(r.n)} ${Number(r.n) === 1 ? 'copy' : 'copies'} of the newsletter "${r.subject}" could not be sent`,
    at: new Date(r.at).toISOString(),
    href: r.newsletter_id === null ? '/admin/settings' : `/admin/newsletters?edit=${r.newsletter_id}`,
    overdue: true,
  }));
};
