// Which files a message may carry: private uploads only, and from a family only what is its own (the rules).
// Conversations: one per family, read and written by the family (its own only) and by the breeder (all), with
// read markers per side, e-mail notifications batched per conversation, and a live event after every change.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { privateUploads as mediaPrivateUploads } from '../../media/server/media.reads.ts';
import { MESSAGES_TEXT } from '../messages.schema.ts';

// ——— Writing ———

/** Attachments must be private uploads (never reachable at a public address): photos and documents, through media's reads face. */
export async function privateUploads(em: EntityManager, urls: string[]): Promise<Array<{ url: string; name: string | null }>> {
  if (!urls.length) return [];
  const uploads = [...(await mediaPrivateUploads(em, urls)).values()].filter((u) => u.kind === 'image' || u.kind === 'document');
  const byUrl = new Map(uploads.map((u) => [u.url, u.filename]));
  if (urls.some((u) => !byUrl.has(u))) {
    throw new AppError('BAD_REQUEST', MESSAGES_TEXT.attachmentInvalid, { attachments: [MESSAGES_TEXT.attachmentInvalid] });
  }
  return urls.map((url) => ({ url, name: byUrl.get(url) ?? null }));
}

/**
 * A family may attach only what is its own: a file it uploaded from the site (POST /api/messages/attachments,
 * recorded in message_uploads) or one it can already read in its own conversation (a photo it was sent,
 * forwarded back). Anything else is refused, so a family can never expose an upload that is not its own.
 */
export async function familyAttachments(em: EntityManager, userId: number, urls: string[]) {
  const ok = await privateUploads(em, urls);
  const named: Array<{ url: string; name: string | null }> = [];
  for (const { url, name } of ok) {
    // The name the family's phone gave the file (a photo keeps none in the media table).
    const [row] = await em.execute<Array<{ name: string | null }>>(
      `select u."name" from "message_uploads" u where u."url" = ? and u."family_id" = ?
       union all
       select a."name" from "message_attachments" a join "messages" m on m."id" = a."message_id" join "conversations" c on c."id" = m."conversation_id"
        where a."url" = ? and c."family_id" = ? and m."held" = false
       limit 1`,
      [url, userId, url, userId],
    );
    if (!row) throw new AppError('BAD_REQUEST', MESSAGES_TEXT.attachmentInvalid, { attachments: [MESSAGES_TEXT.attachmentInvalid] });
    named.push({ url, name: name ?? row.name });
  }
  return named;
}
