// The link a family gives its vet: /vet/<id>.<expiry>.<signature>, signed with the mail-link key under its own
// purpose, valid until its expiry and only while its row is not revoked; no account needed, read-only.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { linkKey, signFor, verifyFor } from '../../../lib/server/signed-token.ts';
import type { SessionUser } from '../../../lib/server/trpc.ts';
import { HEALTH_MESSAGES, type ShareLinkDto } from '../health.schema.ts';
import { accountById } from '../../auth/server/auth.reads.ts';
import { HealthShareLink } from './health.entity.ts';
import { readablePuppy, type PuppyFacts, puppyFacts } from './puppy-facts.ts';

const PURPOSE = 'vet-share';
export const VET_PATH = '/vet/';

async function tokenFor(em: EntityManager, id: number, expiresAt: Date): Promise<string> {
  const payload = `${id}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signFor(await linkKey(em), PURPOSE, payload)}`;
}

async function toDto(
  em: EntityManager,
  link: InstanceType<typeof HealthShareLink.class>,
  appOrigin: string,
  now: Date,
): Promise<ShareLinkDto> {
  return {
    id: link.id,
    url: `${appOrigin}${VET_PATH}${await tokenFor(em, link.id, link.expiresAt)}`,
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    active: !link.revokedAt && link.expiresAt > now,
  };
}

export async function createShareLink(
  em: EntityManager,
  user: SessionUser,
  input: { puppyId: number; days: number },
  appOrigin: string,
  now = new Date(),
): Promise<ShareLinkDto> {
  const puppy = await readablePuppy(em, user, input.puppyId);
  return issueShareLink(em, puppy.id, user.id, input.days, appOrigin, now);
}

/** A new link for this puppy in the name of `createdById` (the family: it lists and can revoke it), flushed in em. */
export async function issueShareLink(
  em: EntityManager,
  puppyId: number,
  createdById: number,
  days: number,
  appOrigin: string,
  now = new Date(),
): Promise<ShareLinkDto> {
  // Whole seconds: the token carries the expiry in seconds, and the row must say the same.
  const expiresAt = new Date(Math.floor(now.getTime() / 1000) * 1000 + days * 86_400_000);
  const link = em.create(HealthShareLink, { puppyId, createdById, expiresAt, revokedAt: null, createdAt: now });
  await em.flush();
  return toDto(em, link, appOrigin, now);
}

export async function shareLinks(
  em: EntityManager,
  user: SessionUser,
  puppyId: number,
  appOrigin: string,
  now = new Date(),
): Promise<ShareLinkDto[]> {
  const puppy = await readablePuppy(em, user, puppyId);
  const links = await em.find(HealthShareLink, { puppyId: puppy.id }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: 20 });
  return Promise.all(links.map((l) => toDto(em, l, appOrigin, now)));
}

export async function revokeShareLink(em: EntityManager, user: SessionUser, id: number, now = new Date()): Promise<{ ok: true }> {
  const link = await em.findOne(HealthShareLink, id);
  if (!link) throw new AppError('NOT_FOUND', HEALTH_MESSAGES.linkNotFound);
  try {
    await readablePuppy(em, user, link.puppyId);
  } catch {
    // Another family's link is as missing as one that never existed.
    throw new AppError('NOT_FOUND', HEALTH_MESSAGES.linkNotFound);
  }
  link.revokedAt ??= now;
  await em.flush();
  return { ok: true };
}

export type OpenedLink = { state: 'ok'; puppy: PuppyFacts; expiresAt: Date } | { state: 'gone' } | { state: 'unknown' };

/** What a vet's link opens: the puppy (ok), an expired or revoked link (gone: 410), or nothing we signed (unknown: 404). */
export async function openShareLink(em: EntityManager, token: string, now = new Date()): Promise<OpenedLink> {
  const match = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return { state: 'unknown' };
  const [, id, exp, signature] = match as unknown as [string, string, string, string];
  if (!verifyFor(await linkKey(em), PURPOSE, `${id}.${exp}`, signature)) return { state: 'unknown' };
  const link = await em.findOne(HealthShareLink, Number(id));
  if (!link) return { state: 'gone' };
  if (link.revokedAt || link.expiresAt <= now || Number(exp) * 1000 <= now.getTime()) return { state: 'gone' };
  const [puppy] = await puppyFacts(em, [link.puppyId]);
  if (!puppy) return { state: 'gone' };
  // A family's link lasts only while the puppy is still theirs (matched to another family, or the account deleted: gone).
  if (puppy.familyId !== link.createdById) {
    const creator = await accountById(em, link.createdById);
    if (!creator?.isAdmin) return { state: 'gone' };
  }
  return { state: 'ok', puppy, expiresAt: link.expiresAt };
}
