// Finding a family's or a visitor's conversation (claiming one, importing its inquiries) and where a thread is: the queries.
// Conversations: one per family, read and written by the family (its own only) and by the breeder (all), with
// read markers per side, e-mail notifications batched per conversation, and a live event after every change.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { familyMailAddress, User } from '../../auth/server/user.entity.ts';
import { familyWithAddress } from '../../auth/server/auth.reads.ts';
import { applicationContact } from '../../applications/server/applications.reads.ts';
import { inquiriesFrom, inquiryEmail } from '../../inquiries/server/inquiries.reads.ts';
import { MESSAGES_TEXT, type ConversationSummaryDto, type ThreadPlaceDto } from '../messages.schema.ts';
import { Conversation, type IConversation } from './message.entity.ts';

export const nameOf = (u: { username: string; displayName?: string | null }) => u.displayName || u.username;

export const conversationName = (c: IConversation) => (c.family ? nameOf(c.family) : (c.email ?? 'Visitor'));

// ——— Finding conversations ———

/**
 * Inquiries sent from `email` (before the family had an account, or since) become the family's first
 * messages, once each (keyed `inquiry-<id>`), read through the inquiries feature's reads face.
 * The breeder read them in her inbox already, so they add nothing unread.
 */
export async function importInquiries(em: EntityManager, conversationId: number, email: string, authorId: number | null): Promise<void> {
  const inquiries = await inquiriesFrom(em, email);
  if (inquiries.length)
    await em.execute(
      `insert into "messages" ("conversation_id", "sender", "author_id", "text", "via", "email_message_id", "held", "created_at")
       select ?, 'family', ?, i."message", 'web', i."key", false, i."created_at"
         from (values ${inquiries.map(() => '(?::int, ?::text, ?::text, ?::timestamptz)').join(', ')}) as i("id", "message", "key", "created_at")
        where not exists (select 1 from "messages" m where m."email_message_id" = i."key")
        order by i."id"
       on conflict ("email_message_id") do nothing`,
      [conversationId, authorId, ...inquiries.flatMap((i) => [i.id, i.message, `inquiry-${i.id}`, i.createdAt])],
    );
  await em.execute(
    `update "conversations" c set
        "last_message_at" = coalesce(c."last_message_at", (select max("created_at") from "messages" where "conversation_id" = c."id")),
        "preview" = case when c."preview" = '' then coalesce((select left(regexp_replace("text", '[[:space:]]+', ' ', 'g'), 200) from "messages" where "conversation_id" = c."id" order by "id" desc limit 1), '') else c."preview" end,
        "breeder_read_up_to" = greatest(c."breeder_read_up_to", coalesce((select max("id") from "messages" where "conversation_id" = c."id" and "email_message_id" like 'inquiry-%'), 0))
      where c."id" = ?`,
    [conversationId],
  );
}

/** Whether `email` sent an inquiry that is not in a conversation yet. */
export async function pendingInquiries(em: EntityManager, email: string): Promise<boolean> {
  const keys = (await inquiriesFrom(em, email)).map((i) => `inquiry-${i.id}`);
  if (!keys.length) return false;
  const imported = await em.execute<Array<{ key: string }>>(
    `select "email_message_id" as "key" from "messages" where "email_message_id" in (${keys.map(() => '?').join(', ')})`,
    keys,
  );
  return imported.length < keys.length;
}

/**
 * The family's conversation: its own; else a visitor's conversation for the address this account verified
 * (the breeder answered an inquiry before the family registered); else a new one when that address sent an
 * inquiry. Inquiries from the address join the conversation once each.
 */
export async function findOrClaim(em: EntityManager, userId: number): Promise<IConversation | null> {
  const email = await familyMailAddress(em, userId);
  let conv = await em.findOne(Conversation, { family: userId }, { populate: ['family'] });
  if (!conv && email) {
    const claimed = await em.execute<Array<{ id: number }>>(
      `update "conversations" set "family_id" = ?
        where "id" = (select "id" from "conversations" where "family_id" is null and "email" = ? order by "id" limit 1)
          and not exists (select 1 from "conversations" where "family_id" = ?)
        returning "id"`,
      [userId, email.toLowerCase(), userId],
    );
    if (claimed.length) conv = await em.findOne(Conversation, { family: userId }, { populate: ['family'] });
  }
  if (!email || !(await pendingInquiries(em, email))) return conv;
  if (!conv) {
    await em.execute(`insert into "conversations" ("family_id", "created_at") values (?, ?) on conflict ("family_id") do nothing`, [
      userId,
      new Date(),
    ]);
    conv = await em.findOneOrFail(Conversation, { family: userId }, { populate: ['family'] });
  }
  await importInquiries(em, conv.id, email, userId);
  await em.refresh(conv);
  return conv;
}

export async function ensureForFamily(em: EntityManager, userId: number): Promise<IConversation> {
  const existing = await findOrClaim(em, userId);
  if (existing) return existing;
  // Two first messages at once (two tabs) make one conversation.
  await em.execute(`insert into "conversations" ("family_id", "created_at") values (?, ?) on conflict ("family_id") do nothing`, [
    userId,
    new Date(),
  ]);
  return em.findOneOrFail(Conversation, { family: userId }, { populate: ['family'] });
}

export async function conversationById(em: EntityManager, id: number): Promise<IConversation> {
  const conv = await em.findOne(Conversation, id, { populate: ['family'] });
  if (!conv) throw new AppError('NOT_FOUND', MESSAGES_TEXT.notFound);
  return conv;
}

export function summary(c: IConversation): ConversationSummaryDto {
  return {
    id: c.id,
    familyId: c.family?.id ?? null,
    familyName: conversationName(c),
    email: c.family ? (c.family.email ?? null) : (c.email ?? null),
    lastMessageAt: c.lastMessageAt ? c.lastMessageAt.toISOString() : null,
    preview: c.preview,
    unread: c.breederUnread,
    emailFailing: c.emailFailingAt != null,
  };
}

/** The family's conversation for the dashboard (inside an application, or to write first), made when missing. */
export async function conversationForFamily(em: EntityManager, familyId: number): Promise<ConversationSummaryDto> {
  const user = await em.findOne(User, { id: familyId, isAdmin: false });
  if (!user) throw new AppError('NOT_FOUND', MESSAGES_TEXT.familyNotFound);
  return summary(await ensureForFamily(em, familyId));
}

/**
 * The conversation to answer an inquiry in (from the inbox): the family's, when an account verified the
 * inquiry's address; otherwise one for the address, which the family finds when it registers and verifies it.
 */
export async function conversationForInquiry(em: EntityManager, inquiryId: number): Promise<ConversationSummaryDto> {
  const sender = await inquiryEmail(em, inquiryId);
  if (sender === null) throw new AppError('NOT_FOUND', MESSAGES_TEXT.inquiryNotFound);
  const email = sender.trim().toLowerCase();
  const userId = await familyWithAddress(em, email);
  if (userId !== null) {
    const conv = await ensureForFamily(em, userId);
    await importInquiries(em, conv.id, email, userId);
    await em.refresh(conv);
    return summary(conv);
  }
  let conv = await em.findOne(Conversation, { family: null, email }, { populate: ['family'], orderBy: { id: 'asc' } });
  if (!conv) {
    // The address's lock, then insert if still missing: two first replies at once make one conversation
    // (a visitor's conversation has no unique key to conflict on: its family is null).
    await em.transactional(async (tx) => {
      await tx.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`visitor-conversation:${email}`]);
      await tx.execute(
        `insert into "conversations" ("family_id", "email", "created_at") select null, ?, ? where not exists (select 1 from "conversations" where "family_id" is null and "email" = ?)`,
        [email, new Date(), email],
      );
    });
    conv = await em.findOneOrFail(Conversation, { family: null, email }, { populate: ['family'], orderBy: { id: 'asc' } });
  }
  await importInquiries(em, conv.id, email, null);
  await em.refresh(conv);
  return summary(conv);
}

/**
 * Where an application's or an inquiry's conversation is (the dashboard shows it inside that screen): the
 * family's, when the application's account or an account with the inquiry's verified address exists; else a
 * visitor's conversation for the inquiry's address. Read only: the first reply makes it (forFamily, forInquiry).
 * Read through the applications', inquiries' and accounts' reads faces.
 */
export async function threadOf(em: EntityManager, input: { applicationId: number } | { inquiryId: number }): Promise<ThreadPlaceDto> {
  let familyId: number | null;
  let email: string;
  if ('applicationId' in input) {
    const app = await applicationContact(em, input.applicationId);
    if (!app) throw new AppError('NOT_FOUND', MESSAGES_TEXT.applicationNotFound);
    familyId = app.userId;
    email = app.email.trim().toLowerCase();
  } else {
    const sender = await inquiryEmail(em, input.inquiryId);
    if (sender === null) throw new AppError('NOT_FOUND', MESSAGES_TEXT.inquiryNotFound);
    email = sender.trim().toLowerCase();
    familyId = await familyWithAddress(em, email);
  }
  const conv =
    (familyId !== null ? await em.findOne(Conversation, { family: familyId }, { populate: ['family'] }) : null) ??
    (familyId === null ? await em.findOne(Conversation, { family: null, email }, { populate: ['family'] }) : null);
  return { conversation: conv ? summary(conv) : null, familyId, email };
}
