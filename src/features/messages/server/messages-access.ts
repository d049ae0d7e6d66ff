// Who may read a message attachment under /private-media: admins, the family whose conversation holds it (not
// held), and the family that uploaded it from the site (its preview before sending).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '../../../lib/server/trpc.ts';

export async function canReadMessageAttachment(em: EntityManager, user: SessionUser, uploadUrl: string): Promise<boolean> {
  if (user.isAdmin) return true;
  const rows = await em.execute<Array<{ n: number }>>(
    `select 1 as n from "message_attachments" a
       join "messages" m on m."id" = a."message_id"
       join "conversations" c on c."id" = m."conversation_id"
      where a."url" = ? and c."family_id" = ? and m."held" = false
     union all
     select 1 as n from "message_uploads" u where u."url" = ? and u."family_id" = ?
      limit 1`,
    [uploadUrl, user.id, uploadUrl, user.id],
  );
  return rows.length > 0;
}
