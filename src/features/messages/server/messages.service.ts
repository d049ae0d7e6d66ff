// Conversations: one per family, read and written by the family (its own only) and by the breeder (all), with
// read markers per side, e-mail notifications batched per conversation, and a live event after every change.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { AppError } from '../../../lib/server/errors.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { oneLine, textToHtml } from '../../../lib/server/mail.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import { keysetPage, type KeyOrder } from '../../../lib/server/keyset.ts';
import { type Page } from '../../../lib/shared/paging.ts';
import { familyMailAddress, User } from '../../auth/server/user.entity.ts';
import { familyWithAddress } from '../../auth/server/auth.reads.ts';
import { applicationContact } from '../../applications/server/applications.reads.ts';
import { inquiriesFrom, inquiryEmail } from '../../inquiries/server/inquiries.reads.ts';
import { privateUploads as mediaPrivateUploads } from '../../media/server/media.reads.ts';
import {
  MESSAGES_PAGE_SIZE,
  MESSAGES_TEXT,
  type ConversationListSchema,
  type ConversationSummaryDto,
  type MessageDto,
  type MessageChangeDto,
  type MessageSender,
  type MessagesPageDto,
  type ThreadPlaceDto,
} from '../messages.schema.ts';
import { Conversation, Message, MessageAttachment, type IConversation, type IMessage } from './message.entity.ts';
import { replyAddress } from './reply-token.ts';
import { linkKey } from '../../../lib/server/signed-token.ts';

/** The live channel of conversations (lib/server/live-events.ts). */
export const MESSAGES_CHANNEL = 'messages';
export interface LiveMessageEvent extends MessageChangeDto {
  familyId: number | null;
}

/** At most one e-mail per conversation and side in this window while the earlier one is unread. */
export const EMAIL_BATCH_MS = 10 * 60_000;

type Services = Pick<AppServices, 'mail' | 'env' | 'live' | 'push'>;

const nameOf = (u: { username: string; displayName?: string | null }) => u.displayName || u.username;
const conversationName = (c: IConversation) => (c.family ? nameOf(c.family) : (c.email ?? 'Visitor'));
const PRIVATE_PREFIX = '/private-media/';
const privateUrl = (url: string) => url.replace(/^\/uploads\//, PRIVATE_PREFIX);

// ——— Finding conversations ———

/**
 * Inquiries sent from `email` (before the family had an account, or since) become the family's first
 * messages, once each (keyed `inquiry-<id>`), read through the inquiries feature's reads face.
 * The breeder read them in her inbox already, so they add nothing unread.
 */
async function importInquiries(em: EntityManager, conversationId: number, email: string, authorId: number | null): Promise<void> {
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
async function pendingInquiries(em: EntityManager, email: string): Promise<boolean> {
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
async function findOrClaim(em: EntityManager, userId: number): Promise<IConversation | null> {
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

async function ensureForFamily(em: EntityManager, userId: number): Promise<IConversation> {
  const existing = await findOrClaim(em, userId);
  if (existing) return existing;
  // Two first messages at once (two tabs) make one conversation.
  await em.execute(`insert into "conversations" ("family_id", "created_at") values (?, ?) on conflict ("family_id") do nothing`, [
    userId,
    new Date(),
  ]);
  return em.findOneOrFail(Conversation, { family: userId }, { populate: ['family'] });
}

async function conversationById(em: EntityManager, id: number): Promise<IConversation> {
  const conv = await em.findOne(Conversation, id, { populate: ['family'] });
  if (!conv) throw new AppError('NOT_FOUND', MESSAGES_TEXT.notFound);
  return conv;
}

// ——— Reading ———

async function toDtos(em: EntityManager, conv: IConversation, rows: IMessage[], breederName: string): Promise<MessageDto[]> {
  if (!rows.length) return [];
  const attachments = await em.find(MessageAttachment, { message: { $in: rows.map((m) => m.id) } }, { orderBy: { position: 'asc' } });
  return rows.map((m) => ({
    id: m.id,
    conversationId: conv.id,
    sender: m.sender,
    authorName: m.sender === 'breeder' ? breederName : m.author ? nameOf(m.author) : conversationName(conv),
    text: m.text,
    attachments: attachments
      .filter((a) => a.message.id === m.id)
      .map((a) => ({ url: privateUrl(a.url), kind: a.url.endsWith('.pdf') ? ('pdf' as const) : ('photo' as const), name: a.name ?? null })),
    createdAt: m.createdAt.toISOString(),
    read: m.id <= (m.sender === 'family' ? conv.breederReadUpTo : conv.familyReadUpTo),
    via: m.via,
    held: m.held,
  }));
}

async function page(
  em: EntityManager,
  services: Services,
  conv: IConversation,
  cursor: number | undefined,
  reader: MessageSender,
): Promise<MessagesPageDto> {
  const where = { conversation: conv.id, ...(cursor ? { id: { $lt: cursor } } : {}), ...(reader === 'family' ? { held: false } : {}) };
  const rows = await em.find(Message, where, { orderBy: { id: 'desc' }, limit: MESSAGES_PAGE_SIZE + 1, populate: ['author'] });
  const more = rows.length > MESSAGES_PAGE_SIZE;
  const items = more ? rows.slice(0, MESSAGES_PAGE_SIZE) : rows;
  const breederName = (await services.mail.breeder(em)).name;
  return {
    conversationId: conv.id,
    items: await toDtos(em, conv, items, breederName),
    nextCursor: more ? items[items.length - 1]!.id : null,
    unread: reader === 'family' ? conv.familyUnread : conv.breederUnread,
  };
}

export async function myMessages(em: EntityManager, services: Services, userId: number, cursor?: number): Promise<MessagesPageDto> {
  const conv = await findOrClaim(em, userId);
  if (!conv) return { conversationId: null, items: [], nextCursor: null, unread: 0 };
  return page(em, services, conv, cursor, 'family');
}

function summary(c: IConversation): ConversationSummaryDto {
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

/** Latest message first, conversations without one last (conversations_list_order_index). */
const LIST_ORDER: KeyOrder = [
  { field: 'lastMessageAt', type: 'date', dir: 'desc', nullsLast: true },
  { field: 'id', type: 'integer', dir: 'desc' },
];

export async function listConversations(
  em: EntityManager,
  input: z.output<typeof ConversationListSchema>,
): Promise<Page<ConversationSummaryDto>> {
  const where: Record<string, unknown> = {};
  if (input.unreadOnly) where.breederUnread = { $gt: 0 };
  if (input.search) {
    const like = likePattern(input.search);
    where.$or = [
      { email: { $ilike: like } },
      { preview: { $ilike: like } },
      { family: { username: { $ilike: like } } },
      { family: { displayName: { $ilike: like } } },
      { family: { email: { $ilike: like } } },
    ];
  }
  const { rows, ...page } = await keysetPage(em, Conversation, where, LIST_ORDER, input, { populate: ['family'] });
  return { ...page, items: rows.map(summary) };
}

export async function adminConversation(em: EntityManager, services: Services, id: number, cursor?: number) {
  const conv = await conversationById(em, id);
  return { ...(await page(em, services, conv, cursor, 'breeder')), conversation: summary(conv) };
}

/** Messages from families the breeder has not read, over all conversations (the section's badge). */
export async function unreadTotal(em: EntityManager): Promise<{ unread: number }> {
  const [row] = await em.execute<Array<{ n: string | number | null }>>(
    `select coalesce(sum("breeder_unread"), 0) as n from "conversations"`,
  );
  return { unread: Number(row?.n ?? 0) };
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

// ——— Writing ———

/** Attachments must be private uploads (never reachable at a public address): photos and documents, through media's reads face. */
async function privateUploads(em: EntityManager, urls: string[]): Promise<Array<{ url: string; name: string | null }>> {
  if (!urls.length) return [];
  const uploads = [...(await mediaPrivateUploads(em, urls)).values()].filter((u) => u.kind === 'image' || u.kind === 'document');
  const byUrl = new Map(uploads.map((u) => [u.url, u.filename]));
  if (urls.some((u) => !byUrl.has(u))) {
    throw new AppError('BAD_REQUEST', MESSAGES_TEXT.attachmentInvalid, { attachments: [MESSAGES_TEXT.attachmentInvalid] });
  }
  return urls.map((url) => ({ url, name: byUrl.get(url) ?? null }));
}

export interface NewMessage {
  sender: MessageSender;
  authorId: number | null;
  text: string;
  attachments: Array<{ url: string; name: string | null }>;
  via: 'web' | 'email';
  emailMessageId?: string | null;
  held?: boolean;
}

/**
 * Stores a message, its attachments, the conversation's counters and the other side's e-mail (when due) in
 * one transaction, then tells every instance. Returns null when the same e-mail (Message-ID) was stored before.
 */
export async function postMessage(
  em: EntityManager,
  services: Services,
  conversationId: number,
  input: NewMessage,
): Promise<IMessage | null> {
  const now = new Date();
  const text = input.text.trim();
  // The signing key is read (or made) outside the transaction: its first read uses a connection of its own.
  await linkKey(em);
  const message = await em.transactional(async (tx) => {
    if (input.emailMessageId && (await tx.count(Message, { emailMessageId: input.emailMessageId })) > 0) return null;
    const [state] = await tx.execute<
      Array<{
        family_id: number | null;
        email: string | null;
        family_unread: number;
        breeder_unread: number;
        family_emailed_at: Date | null;
        breeder_emailed_at: Date | null;
        family_email_off: boolean;
      }>
    >(
      `select "family_id", "email", "family_unread", "breeder_unread", "family_emailed_at", "breeder_emailed_at", "family_email_off" from "conversations" where "id" = ? for update`,
      [conversationId],
    );
    if (!state) throw new AppError('NOT_FOUND', MESSAGES_TEXT.notFound);
    const msg = tx.create(Message, {
      conversation: conversationId,
      sender: input.sender,
      author: input.authorId,
      text,
      via: input.via,
      emailMessageId: input.emailMessageId ?? null,
      held: input.held ?? false,
      createdAt: now,
    });
    input.attachments.forEach((a, position) =>
      tx.create(MessageAttachment, { message: msg, url: a.url, name: a.name?.slice(0, 200) ?? null, position }),
    );
    await tx.flush();
    const unreadCol = input.sender === 'family' ? 'breeder_unread' : 'family_unread';
    const preview =
      oneLine(text).slice(0, 200) ||
      (input.attachments.length ? `${input.attachments.length} attachment${input.attachments.length === 1 ? '' : 's'}` : '');
    await tx.execute(
      `update "conversations" set "last_message_at" = ?, "preview" = ?, "${unreadCol}" = "${unreadCol}" + 1 where "id" = ?`,
      [now, preview, conversationId],
    );
    if (!input.held) await queueNotification(tx, services, conversationId, state, msg, now);
    return msg;
  });
  if (message) {
    const familyId = await publish(services, { kind: 'message', conversationId, messageId: message.id }, em);
    // The other side's devices that chose messages (issue 34): a title and a link, nothing of the text.
    if (!input.held && input.sender === 'family') {
      services.push.notify(
        em,
        'message',
        { title: 'A family wrote to you', url: `/admin/messages?edit=${conversationId}` },
        { breeder: true },
      );
    } else if (!input.held && familyId !== null) {
      services.push.notify(em, 'message', { title: 'A new message from your breeder', url: '/account#messages' }, { userIds: [familyId] });
    }
  }
  return message;
}

/** Tells every instance about the event; answers the conversation's family (null for a visitor's inquiry). */
async function publish(services: Services, event: MessageChangeDto, em: EntityManager): Promise<number | null> {
  const [row] = await em.execute<Array<{ family_id: number | null }>>(`select "family_id" from "conversations" where "id" = ?`, [
    event.conversationId,
  ]);
  const payload: LiveMessageEvent = { ...event, familyId: row?.family_id ?? null };
  await services.live.publish(MESSAGES_CHANNEL, payload);
  return row?.family_id ?? null;
}

async function queueNotification(
  tx: EntityManager,
  services: Services,
  conversationId: number,
  state: {
    family_id: number | null;
    email: string | null;
    family_unread: number;
    breeder_unread: number;
    family_emailed_at: Date | null;
    breeder_emailed_at: Date | null;
    family_email_off: boolean;
  },
  msg: IMessage,
  now: Date,
) {
  const to: MessageSender = msg.sender === 'family' ? 'breeder' : 'family';
  const unreadBefore = to === 'family' ? state.family_unread : state.breeder_unread;
  const emailedAt = to === 'family' ? state.family_emailed_at : state.breeder_emailed_at;
  // Batched: while an earlier message is unread and was e-mailed less than 10 minutes ago, this one waits in the thread.
  if (unreadBefore > 0 && emailedAt && now.getTime() - new Date(emailedAt).getTime() < EMAIL_BATCH_MS) return;
  const breeder = await services.mail.breeder(tx);
  let address: string | null;
  let senderName: string;
  let link: string;
  if (to === 'breeder') {
    address = breeder.email;
    const family = state.family_id ? await tx.findOne(User, state.family_id) : null;
    senderName = family ? nameOf(family) : (state.email ?? 'A visitor');
    link = `${services.env.appOrigin}/admin/messages?edit=${conversationId}`;
  } else {
    if (state.family_email_off) return;
    address = state.family_id ? await familyMailAddress(tx, state.family_id) : state.email;
    senderName = breeder.name;
    link = `${services.env.appOrigin}/account#messages`;
  }
  if (!address) return;
  const files = await tx.count(MessageAttachment, { message: msg.id });
  const text = [
    `${senderName} wrote:`,
    msg.text || '(no text)',
    files ? `${files} attachment${files === 1 ? '' : 's'}: open the conversation to see ${files === 1 ? 'it' : 'them'}.` : '',
    `Reply to this e-mail to answer, or read the whole conversation: ${link}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  services.mail.enqueue(tx, {
    lane: 'notification',
    to: address,
    replyTo: await replyAddress(tx, services.env.mailDomain, conversationId, to, address),
    subject: `New message from ${oneLine(senderName)}`.slice(0, 300),
    text,
    html: textToHtml(text),
    headers: { 'Auto-Submitted': 'auto-generated' },
  });
  await tx.execute(`update "conversations" set "${to}_emailed_at" = ? where "id" = ?`, [now, conversationId]);
}

export async function sendAsFamily(
  em: EntityManager,
  services: Services,
  userId: number,
  input: { text: string; attachments: string[] },
): Promise<MessageDto> {
  const attachments = await familyAttachments(em, userId, input.attachments);
  const conv = await ensureForFamily(em, userId);
  const msg = await postMessage(em, services, conv.id, { sender: 'family', authorId: userId, text: input.text, attachments, via: 'web' });
  return oneDto(em, services, conv.id, msg!.id);
}

/**
 * A family may attach only what is its own: a file it uploaded from the site (POST /api/messages/attachments,
 * recorded in message_uploads) or one it can already read in its own conversation (a photo it was sent,
 * forwarded back). Anything else is refused, so a family can never expose an upload that is not its own.
 */
async function familyAttachments(em: EntityManager, userId: number, urls: string[]) {
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

export async function sendAsBreeder(
  em: EntityManager,
  services: Services,
  adminId: number,
  input: { conversationId: number; text: string; attachments: string[] },
): Promise<MessageDto> {
  await conversationById(em, input.conversationId);
  const attachments = await privateUploads(em, input.attachments);
  const msg = await postMessage(em, services, input.conversationId, {
    sender: 'breeder',
    authorId: adminId,
    text: input.text,
    attachments,
    via: 'web',
  });
  // The breeder answering has read the thread.
  await markRead(em, services, input.conversationId, 'breeder');
  return oneDto(em, services, input.conversationId, msg!.id);
}

async function oneDto(em: EntityManager, services: Services, conversationId: number, messageId: number): Promise<MessageDto> {
  const fresh = em.fork();
  const conv = await fresh.findOneOrFail(Conversation, conversationId, { populate: ['family'] });
  const msg = await fresh.findOneOrFail(Message, messageId, { populate: ['author'] });
  return (await toDtos(fresh, conv, [msg], (await services.mail.breeder(fresh)).name))[0]!;
}

/** Marks every message from the other side read (up to the newest), and tells the other side live. */
export async function markRead(
  em: EntityManager,
  services: Services,
  conversationId: number,
  reader: MessageSender,
): Promise<{ ok: true }> {
  const other: MessageSender = reader === 'family' ? 'breeder' : 'family';
  const changed = await em.execute<Array<{ id: number }>>(
    `update "conversations" set
        "${reader}_read_up_to" = greatest("${reader}_read_up_to", coalesce((select max("id") from "messages" where "conversation_id" = ? and "sender" = ? and "held" = false), 0)),
        "${reader}_unread" = 0
      where "id" = ? and ("${reader}_unread" > 0 or "${reader}_read_up_to" < coalesce((select max("id") from "messages" where "conversation_id" = ? and "sender" = ? and "held" = false), 0))
      returning "id"`,
    [conversationId, other, conversationId, conversationId, other],
  );
  if (changed.length) await publish(services, { kind: 'read', conversationId, messageId: null }, em);
  return { ok: true };
}

export async function markReadAsFamily(em: EntityManager, services: Services, userId: number): Promise<{ ok: true }> {
  const conv = await findOrClaim(em, userId);
  if (!conv) return { ok: true };
  return markRead(em, services, conv.id, 'family');
}

export async function markReadAsBreeder(em: EntityManager, services: Services, conversationId: number): Promise<{ ok: true }> {
  await conversationById(em, conversationId);
  return markRead(em, services, conversationId, 'breeder');
}

export async function emailPreference(em: EntityManager, userId: number): Promise<{ enabled: boolean }> {
  const conv = await em.findOne(Conversation, { family: userId });
  return { enabled: !(conv?.familyEmailOff ?? false) };
}

export async function setEmailPreference(em: EntityManager, userId: number, enabled: boolean): Promise<{ enabled: boolean }> {
  const conv = await ensureForFamily(em, userId);
  conv.familyEmailOff = !enabled;
  await em.flush();
  return { enabled };
}

/** Account deletion: the family's conversation goes with it (messages and attachments); its uploads are freed. */
export async function eraseMessagesOf(em: EntityManager, userId: number): Promise<{ releasedUrls: string[] }> {
  const rows = await em.execute<Array<{ url: string }>>(
    `select a."url" from "message_attachments" a join "messages" m on m."id" = a."message_id" join "conversations" c on c."id" = m."conversation_id" where c."family_id" = ?`,
    [userId],
  );
  const uploads = await em.execute<Array<{ url: string }>>(`select "url" from "message_uploads" where "family_id" = ?`, [userId]);
  await em.execute(`delete from "conversations" where "family_id" = ?`, [userId]);
  await em.execute(`delete from "message_uploads" where "family_id" = ?`, [userId]);
  return { releasedUrls: [...rows, ...uploads].map((r) => r.url) };
}
