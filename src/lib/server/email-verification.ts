// Verifying a family's e-mail address (decision 108): a signed link that names the account, the address and when
// it stops working, and the one e-mail an unverified address may receive. Features that take an address from a
// family (registration, the profile, the questionnaire) queue it through here.
import type { EntityManager } from '@mikro-orm/postgresql';
import { escapeHtml, type OutgoingMail } from './mail.ts';
import { linkKey, signFor, verifyFor } from './signed-token.ts';

const PURPOSE = 'verify-email';
export const VERIFY_EMAIL_PATH = '/verify-email';
export const VERIFY_EMAIL_SUBJECT = 'Please confirm your e-mail address';

export interface VerifyClaim {
  userId: number;
  email: string;
  expiresAt: Date;
}

/** `<userId>.<expiry ms>.<address, base64url>.<signature>`: nothing secret inside, only unforgeable. */
export async function signVerifyToken(em: EntityManager, claim: VerifyClaim): Promise<string> {
  const payload = `${claim.userId}.${claim.expiresAt.getTime()}.${Buffer.from(claim.email, 'utf8').toString('base64url')}`;
  return `${payload}.${signFor(await linkKey(em), PURPOSE, payload)}`;
}

/** The claim a token makes when its signature holds (expired or not: the caller tells the two apart); null otherwise. */
export async function readVerifyToken(em: EntityManager, token: string): Promise<VerifyClaim | null> {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [id, expires, email, signature] = parts as [string, string, string, string];
  if (!/^\d{1,10}$/.test(id) || !/^\d{1,15}$/.test(expires) || !/^[A-Za-z0-9_-]{1,400}$/.test(email)) return null;
  if (!verifyFor(await linkKey(em), PURPOSE, `${id}.${expires}.${email}`, signature)) return null;
  return { userId: Number(id), expiresAt: new Date(Number(expires)), email: Buffer.from(email, 'base64url').toString('utf8') };
}

/** The verification e-mail: the only message ever sent to an address the family has not proven. */
export async function verificationMail(
  em: EntityManager,
  input: { userId: number; email: string; siteName: string; appOrigin: string; validDays: number; now?: Date },
): Promise<OutgoingMail> {
  const expiresAt = new Date((input.now ?? new Date()).getTime() + input.validDays * 86_400_000);
  const token = await signVerifyToken(em, { userId: input.userId, email: input.email, expiresAt });
  const link = `${input.appOrigin}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
  const text = [
    // No name the visitor typed: the address is not proven yet, so the mail carries no text of theirs (issue 28, 10).
    'Hello,',
    `Please confirm that this is your e-mail address, so ${input.siteName} can write to you about your application and your puppy.`,
    `Confirm your address: ${link}`,
    `The link works for ${input.validDays} days. If you did not create an account with us, ignore this e-mail and nothing more will be sent.`,
  ].join('\n\n');
  const html =
    `<p>Hello,</p>` +
    `<p>Please confirm that this is your e-mail address, so ${escapeHtml(input.siteName)} can write to you about your application and your puppy.</p>` +
    `<p><a href="${escapeHtml(link)}">Confirm your address</a></p>` +
    `<p>The link works for ${input.validDays} days. If you did not create an account with us, ignore this e-mail and nothing more will be sent.</p>`;
  return { lane: 'account', to: input.email, subject: VERIFY_EMAIL_SUBJECT, text, html };
}
