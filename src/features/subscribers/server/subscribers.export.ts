// The newsletter list in the full export (issue 49): subscribers.csv, read a batch at a time by id, with the consent
// columns the import reads back (opted in, when, how).
import type { ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { afterId, isoInstant } from '../../../lib/server/export.ts';

interface SubscriberRow {
  id: number;
  email: string;
  name: string | null;
  status: 'pending' | 'active' | 'unsubscribed';
  created_at: Date;
  pending_since: Date | null;
  confirmed_at: Date | null;
  updated_at: Date;
}

/** What the import reads as consent: yes (confirmed), pending (never confirmed) or unsubscribed (left the list). */
const OPTED_IN = { active: 'yes', pending: 'pending', unsubscribed: 'unsubscribed' } as const;

export const subscribersExport: ExportTable = {
  file: 'subscribers.csv',
  description: 'Everyone who signed up for the newsletter, with whether and when they confirmed (double opt-in).',
  columns: [
    { name: 'id', type: 'integer', meaning: "The subscriber's number on this site." },
    { name: 'email', type: 'email', meaning: 'E-mail address (one row per address).' },
    { name: 'name', type: 'text', meaning: 'Name, when they gave one.' },
    {
      name: 'opted_in',
      type: 'text',
      meaning: 'yes: confirmed by the link in the confirmation e-mail; pending: never confirmed; unsubscribed: left the list.',
    },
    { name: 'consent_date', type: 'timestamp', meaning: 'When they confirmed (UTC); empty when they never did.' },
    { name: 'consent_source', type: 'text', meaning: 'How they consented.' },
    { name: 'signed_up_at', type: 'timestamp', meaning: 'When they first signed up (UTC).' },
    { name: 'unsubscribed_at', type: 'timestamp', meaning: 'When they left the list (UTC), for unsubscribed rows.' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<SubscriberRow[]>(
      `select "id", "email", "name", "status", "created_at", "pending_since", "confirmed_at", "updated_at"
       from "subscribers" where "id" > ? order by "id" limit ?`,
      [afterId(last), limit],
    );
    return rows.map((r): ExportRow => ({
      id: Number(r.id),
      email: r.email,
      name: r.name,
      opted_in: OPTED_IN[r.status] ?? r.status,
      consent_date: isoInstant(r.confirmed_at),
      consent_source: r.confirmed_at ? 'Signed up on the website and confirmed by e-mail (double opt-in)' : 'Signed up on the website',
      signed_up_at: isoInstant(r.created_at),
      unsubscribed_at: r.status === 'unsubscribed' ? isoInstant(r.updated_at) : null,
    }));
  },
};
