// Replies by e-mail: a raw RFC 5322 message (from the webhook or the SMTP listener) lands in its conversation
// when its reply address is genuine; auto-replies and bounces never become messages; a bounce marks the
// family's address as failing; the same Message-ID is stored once; a reply from another address is held.
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import EmailReplyParser from 'email-reply-parser';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import type { AppServices } from '../../../lib/server/trpc.ts';
import { familyMailAddress } from '../../auth/server/user.entity.ts';
import { MESSAGE_MAX_ATTACHMENTS, MESSAGE_MAX_CHARS } from '../messages.schema.ts';
import { markRead, postMessage } from './messages.service.ts';
import { parseReplyAddress, tokenExpired, tokenSignedFor, type ParsedReplyToken } from './reply-token.ts';

export const INBOUND_TEXT = {
  noToken: 'This message is not addressed to a reply address of this site.',
  unknown: 'No conversation takes mail at this address.',
  expired: 'This reply address has expired.',
  forged: 'This reply address is not valid.',
  unreadable: 'The message could not be read as an e-mail.',
} as const;

export type InboundOutcome = 'posted' | 'held' | 'duplicate' | 'auto-reply' | 'bounce' | 'empty';

type Services = Pick<AppServices, 'mail' | 'env' | 'live' | 'media' | 'push'>;

const OUT_OF_OFFICE =
  /^(?:auto(?:matic)?[ -]?(?:reply|response|antwort)|out of (?:the )?office|abwesenheit|absence|away from|on vacation|vacation reply|r[ée]ponse automatique)\b|\b(?:out of (?:the )?office|autoreply)\b/i;
const DAEMON = /^(?:mailer-daemon|postmaster|mail-daemon|bounces?)(?:[+@]|$)/i;

const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address ?? '')).filter(Boolean);

const header = (mail: ParsedMail, name: string): string => {
  const v = mail.headers.get(name);
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && 'value' in v) return String((v as { value: unknown }).value);
  return String(v);
};

function isBounce(mail: ParsedMail, from: string): boolean {
  if (mail.headers.has('x-failed-recipients')) return true;
  if (DAEMON.test(from)) return true;
  const type = mail.headers.get('content-type') as { value?: string; params?: Record<string, string> } | undefined;
  return type?.value === 'multipart/report' && /delivery-status/i.test(type.params?.['report-type'] ?? '');
}

function isAutoReply(mail: ParsedMail): boolean {
  const auto = header(mail, 'auto-submitted').trim().toLowerCase();
  if (auto && auto !== 'no') return true;
  if (/^(bulk|junk|list|auto_reply)$/i.test(header(mail, 'precedence').trim())) return true;
  if (mail.headers.has('x-autoreply') || mail.headers.has('x-autorespond')) return true;
  return OUT_OF_OFFICE.test((mail.subject ?? '').trim());
}

/** The reply token among the recipients (the envelope's first, when the SMTP listener knows it). */
function findToken(mail: ParsedMail, domain: string, envelope: string[]): ParsedReplyToken | null {
  const candidates = [
    ...envelope,
    ...addresses(mail.to),
    ...addresses(mail.cc),
    ...['delivered-to', 'x-original-to', 'envelope-to'].map((h) => header(mail, h)),
  ];
  for (const c of candidates) {
    const token = parseReplyAddress(c.replace(/^.*<|>.*$/g, ''), domain);
    if (token) return token;
  }
  return null;
}

/** The new text of a reply: quoted history and signature stripped by a maintained parser. */
export function visibleReply(text: string): string {
  const visible = new EmailReplyParser().read(text.replace(/\r\n/g, '\n')).getVisibleText().trim();
  return visible.slice(0, MESSAGE_MAX_CHARS);
}

/**
 * Takes one raw e-mail. Throws AppError NOT_FOUND / FORBIDDEN when it is not for a genuine reply address
 * (nothing is stored); otherwise answers what became of it.
 */
export async function receiveInboundEmail(
  em: EntityManager,
  services: Services,
  raw: Buffer,
  envelope: string[] = [],
): Promise<{ outcome: InboundOutcome; messageId?: number }> {
  let mail: ParsedMail;
  try {
    mail = await simpleParser(raw, { skipHtmlToText: false, skipTextLinks: true });
  } catch {
    throw new AppError('BAD_REQUEST', INBOUND_TEXT.unreadable);
  }
  const token = findToken(mail, services.env.mailDomain, envelope);
  if (!token) throw new AppError('NOT_FOUND', INBOUND_TEXT.noToken);
  const [conv] = await em.execute<Array<{ id: number; family_id: number | null; email: string | null }>>(
    `select "id", "family_id", "email" from "conversations" where "id" = ?`,
    [token.conversationId],
  );
  if (!conv) throw new AppError('NOT_FOUND', INBOUND_TEXT.unknown);
  const recipient =
    token.side === 'breeder'
      ? (await services.mail.breeder(em)).email
      : conv.family_id
        ? await familyMailAddress(em, conv.family_id)
        : conv.email;
  const from = (addresses(mail.from)[0] ?? '').toLowerCase();
  const forRecipient = !!recipient && (await tokenSignedFor(em, token, recipient));
  // Signed for the address it was sent to, or (the family changed address since) for the sender's own.
  const forSender = !forRecipient && !!from && (await tokenSignedFor(em, token, from));
  if (!forRecipient && !forSender) throw new AppError('FORBIDDEN', INBOUND_TEXT.forged);
  if (tokenExpired(token)) throw new AppError('FORBIDDEN', INBOUND_TEXT.expired);

  if (isBounce(mail, from)) {
    if (token.side === 'family')
      await em.execute(`update "conversations" set "email_failing_at" = ? where "id" = ?`, [new Date(), conv.id]);
    return { outcome: 'bounce' };
  }
  if (isAutoReply(mail)) return { outcome: 'auto-reply' };

  const emailMessageId = mail.messageId ? mail.messageId.slice(0, 500) : null;
  if (emailMessageId) {
    const [seen] = await em.execute<Array<{ id: number }>>(`select "id" from "messages" where "email_message_id" = ?`, [emailMessageId]);
    if (seen) return { outcome: 'duplicate', messageId: seen.id };
  }

  const text = visibleReply(mail.text ?? '');
  const files = (mail.attachments ?? [])
    .filter((a) => a.contentDisposition !== 'inline' || /^image\//.test(a.contentType))
    .slice(0, MESSAGE_MAX_ATTACHMENTS);
  const attachments: Array<{ url: string; name: string | null }> = [];
  for (const f of files) {
    try {
      attachments.push(await services.media.ingestPrivate(em, f.content, f.filename ?? null));
    } catch (error) {
      // A file the upload checks refuse (a video, an executable, too large) is left out, not the reply.
      if (!(error instanceof AppError)) throw error;
    }
  }
  if (!text && !attachments.length) {
    await services.media.release(attachments.map((a) => a.url));
    return { outcome: 'empty' };
  }
  const held = from !== (recipient ?? '').toLowerCase();
  const sender = token.side;
  const message = await postMessage(em, services, conv.id, {
    sender,
    authorId: sender === 'family' ? conv.family_id : null,
    text,
    attachments,
    via: 'email',
    emailMessageId,
    held,
  });
  if (!message) return { outcome: 'duplicate' };
  // Answering by e-mail means the thread was read.
  if (!held) await markRead(em, services, conv.id, sender);
  return { outcome: held ? 'held' : 'posted', messageId: message.id };
}
