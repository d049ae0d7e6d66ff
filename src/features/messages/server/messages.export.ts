// The conversations in the full export (issue 49): messages.csv, one row per message with its conversation and files,
// read a batch at a time by id.
import type { ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { afterId, isoInstant } from '../../../lib/server/export.ts';

interface MessageRow {
  id: number;
  conversation_id: number;
  family_id: number | null;
  email: string | null;
  sender: string;
  text: string;
  via: string;
  held: boolean;
  created_at: Date;
  attachments: string | null;
}

export const messagesExport: ExportTable = {
  file: 'messages.csv',
  description: 'Every message between the breeder and a family (or someone who wrote by e-mail), oldest first, with its files.',
  columns: [
    { name: 'id', type: 'integer', meaning: "The message's number on this site." },
    { name: 'conversation_id', type: 'integer', meaning: 'The conversation it belongs to (one per family or address).' },
    { name: 'family_id', type: 'integer', meaning: 'The family of that conversation (id in families.csv); empty for an e-mail-only one.' },
    { name: 'email', type: 'email', meaning: 'The address of an e-mail-only conversation.' },
    { name: 'sender', type: 'text', meaning: 'Who wrote it: family or breeder.' },
    { name: 'via', type: 'text', meaning: 'How it came: the site or e-mail.' },
    { name: 'text', type: 'text', meaning: 'The message.' },
    { name: 'held', type: 'boolean', meaning: 'yes when it was held back as possible spam.' },
    {
      name: 'attachments',
      type: 'list',
      meaning: 'Files attached, separated by " ": /uploads/<id>.<ext> is media/<id>.<ext> in this zip.',
    },
    { name: 'sent_at', type: 'timestamp', meaning: 'When it was sent (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<MessageRow[]>(
      `select m."id", m."conversation_id", c."family_id", c."email", m."sender", m."text", m."via", m."held", m."created_at",
              (select string_agg(a."url", ' ' order by a."position") from "message_attachments" a where a."message_id" = m."id") as "attachments"
       from "messages" m join "conversations" c on c."id" = m."conversation_id"
       where m."id" > ? order by m."id" limit ?`,
      [afterId(last), limit],
    );
    return rows.map((r): ExportRow => ({
      id: Number(r.id),
      conversation_id: Number(r.conversation_id),
      family_id: r.family_id === null ? null : Number(r.family_id),
      email: r.email,
      sender: r.sender,
      via: r.via,
      text: r.text,
      held: r.held ? 'yes' : 'no',
      attachments: r.attachments ?? '',
      sent_at: isoInstant(r.created_at),
    }));
  },
};
