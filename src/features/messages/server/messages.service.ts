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
import {
  MESSAGES_PAGE_SIZE,
  MESSAGES_TEXT,
  type ConversationListSchema,
  type ConversationSummaryDto,
  type MessageDto,
  type MessageChangeDto,
  type MessageSender,
  type MessagesPageDto,
} from '../messages.schema.ts';
import { Conversation, Message, MessageAttachment, type IConversation, type IMessage } from './message.entity.ts';
import { replyAddress } from './reply-token.ts';
import { nameOf, conversationName, findOrClaim, ensureForFamily, conversationById, summary } from './conversations.queries.ts';
import { privateUploads, familyAttachments } from './message-attachments.ts';
import { linkKey } from '../../../lib/server/signed-token.ts';

/** The live channel of conversations (lib/server/live-events.ts). */
export const MESSAGES_CHANNEL = 'messages';
export interface LiveMessageEvent extends MessageChangeDto {
  familyId: number | null;
}

/** At most one e-mail per conversation and side in this window while the earlier one is unread. */
export const EMAIL_BATCH_MS = 10 * 60_000;

type Services = Pick<AppServices, 'mail' | 'env' | 'live' | 'push'>;
const PRIVATE_PREFIX = '/private-media/';
const privateUrl = (url: string) => url.replace(/^\/uploads\//, PRIVATE_PREFIX);

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

/** How many of the breeder's messages the family has not read yet: the header's badge and My Family's "Messages (n)". */
export async function myUnreadCount(em: EntityManager, userId: number): Promise<{ unread: number }> {
  const conv = await em.findOne(Conversation, { family: userId }, { fields: ['familyUnread'] });
  return { unread: conv?.familyUnread ?? 0 };
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
