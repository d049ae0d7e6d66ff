// The signed reply address of a message e-mail: reply+<conversation>-<side>-<day>-<signature>@MAIL_DOMAIN.
// The signature covers the conversation, the side written to, the day it was issued and the recipient's
// address, so a token cannot be made for another conversation, and a reply from another address is told apart.
import type { EntityManager } from '@mikro-orm/postgresql';
import { linkKey, signFor } from '../../../lib/server/signed-token.ts';

const PURPOSE = 'conversation-reply';
const DAY_MS = 86_400_000;
/** A reply address works this long after the e-mail that carried it. */
export const REPLY_TOKEN_DAYS = 180;

export type ReplySide = 'family' | 'breeder';

const payloadOf = (conversationId: number, side: ReplySide, day: number, recipient: string) =>
  `${conversationId}:${side}:${day}:${recipient.trim().toLowerCase()}`;

/** Lower-case hex: mail systems may change the case of a local part. */
const sign = (key: Buffer, payload: string) =>
  Buffer.from(signFor(key, PURPOSE, payload), 'base64url')
    .subarray(0, 16)
    .toString('hex');

export async function replyAddress(
  em: EntityManager,
  domain: string,
  conversationId: number,
  side: ReplySide,
  recipient: string,
  now = new Date(),
) {
  const key = await linkKey(em);
  const day = Math.floor(now.getTime() / DAY_MS);
  return `reply+${conversationId}-${side === 'family' ? 'f' : 'b'}-${day.toString(36)}-${sign(key, payloadOf(conversationId, side, day, recipient))}@${domain}`;
}

export interface ParsedReplyToken {
  conversationId: number;
  side: ReplySide;
  day: number;
  signature: string;
}

/** The token in a recipient address (reply+…@domain), or null when the address is not one of ours. */
export function parseReplyAddress(address: string, domain: string): ParsedReplyToken | null {
  const m = /^reply\+(\d{1,10})-([fb])-([0-9a-z]{1,8})-([0-9a-f]{32})@(.+)$/i.exec(address.trim());
  if (!m || m[5]!.toLowerCase() !== domain.toLowerCase()) return null;
  return {
    conversationId: Number(m[1]),
    side: m[2]!.toLowerCase() === 'f' ? 'family' : 'breeder',
    day: parseInt(m[3]!.toLowerCase(), 36),
    signature: m[4]!.toLowerCase(),
  };
}

/** Whether `token` was signed for this recipient address (the conversation's current one, or the sender's). */
export async function tokenSignedFor(em: EntityManager, token: ParsedReplyToken, recipient: string): Promise<boolean> {
  const key = await linkKey(em);
  const expected = sign(key, payloadOf(token.conversationId, token.side, token.day, recipient));
  return timingSafe(expected, token.signature);
}

function timingSafe(a: string, b: string) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export const tokenExpired = (token: ParsedReplyToken, now = new Date()) =>
  Math.floor(now.getTime() / DAY_MS) - token.day > REPLY_TOKEN_DAYS;
