// The family accounts in the full export (issue 49): families.csv, read a batch at a time by id.
import type { ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { afterId, isoInstant } from '../../../lib/server/export.ts';

interface FamilyRow {
  id: number;
  username: string;
  display_name: string | null;
  email: string | null;
  pending_email: string | null;
  email_verified_at: Date | null;
  created_at: Date;
}

export const familiesExport: ExportTable = {
  file: 'families.csv',
  description: 'Every family account (administrators are left out): who they are and the address the site writes to.',
  columns: [
    { name: 'id', type: 'integer', meaning: "The account's number on this site; other files name a family by it (family_id)." },
    { name: 'name', type: 'text', meaning: 'How the family is greeted (their display name; the username when they gave none).' },
    {
      name: 'email',
      type: 'email',
      meaning: 'The e-mail address: the verified one the site writes to, else the one given and not verified yet (email_verified).',
    },
    { name: 'email_verified', type: 'boolean', meaning: 'yes when email was proven by its link.' },
    { name: 'pending_email', type: 'email', meaning: 'A new address the family gave beside a verified one, not verified yet.' },
    { name: 'username', type: 'text', meaning: 'The name the family signs in with.' },
    { name: 'email_verified_at', type: 'timestamp', meaning: 'When the e-mail address was proven by its link (UTC).' },
    { name: 'joined_at', type: 'timestamp', meaning: 'When the account was made (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<FamilyRow[]>(
      `select "id", "username", "display_name", "email", "pending_email", "email_verified_at", "created_at"
       from "users" where "is_admin" = false and "id" > ? order by "id" limit ?`,
      [afterId(last), limit],
    );
    return rows.map((r): ExportRow => ({
      id: Number(r.id),
      name: r.display_name || r.username,
      email: r.email ?? r.pending_email,
      email_verified: r.email ? 'yes' : 'no',
      pending_email: r.email ? r.pending_email : null,
      username: r.username,
      email_verified_at: isoInstant(r.email_verified_at),
      joined_at: isoInstant(r.created_at),
    }));
  },
};
