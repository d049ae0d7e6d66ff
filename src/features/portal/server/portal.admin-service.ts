// The breeder's side of the portal: post updates (and weights), see who was told, the checklist, pickups, documents, matches.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import type { Context } from '../../../lib/server/trpc.ts';
import { User } from '../../auth/server/user.entity.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import {
  type ChecklistItemsSchema,
  PORTAL_MESSAGES,
  type PostUpdateSchema,
  type ShareDocumentSchema,
  privateMediaUrl,
  toOunces,
  type PortalUpdateDto,
} from '../portal.schema.ts';
import type { z } from 'zod';
import { ChecklistItem, FamilyDocument, PuppyPickup, PuppyUpdate, PuppyUpdatePhoto, PuppyWeight, UpdateNotice } from './portal.entity.ts';
import { documentKind, toUpdateDtos } from './portal.service.ts';
import { runDigest } from './digest.ts';
import { privateUploads } from '../../media/server/media.reads.ts';

export interface NoticeDto {
  familyId: number;
  familyName: string;
  status: 'pending' | 'emailed' | 'off' | 'no-email';
  /** Whether e-mail can reach the family now (decision 108): a verified address, one waiting for verification, or none. */
  emailState: EmailState;
}
export type EmailState = 'verified' | 'unverified' | 'none';
const emailState = (u: { email?: string | null; pendingEmail?: string | null }): EmailState =>
  u.email ? 'verified' : u.pendingEmail ? 'unverified' : 'none';
export type AdminUpdateDto = PortalUpdateDto & { notices: NoticeDto[] };

const familyName = (u: { username: string; displayName?: string | null }) => u.displayName || u.username;

export async function postUpdate(ctx: Context, input: z.output<typeof PostUpdateSchema>): Promise<AdminUpdateDto> {
  const { em } = ctx;
  // A replay of an update already stored answers with that update.
  const replayed = input.idempotencyKey ? await em.findOne(PuppyUpdate, { idempotencyKey: input.idempotencyKey }) : null;
  if (replayed) return (await adminUpdates(em, { ids: [replayed.id] }))[0]!;
  let litter = null;
  let puppy = null;
  let families: number[] = [];
  if (input.puppyId !== null) {
    puppy = await em.findOne(Puppy, input.puppyId, { populate: ['litter'] });
    if (!puppy) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.puppyNotFound, { puppyId: [PORTAL_MESSAGES.puppyNotFound] });
    const born = puppy.litter?.birthDate;
    if (input.weight && born && input.weight.date < born) {
      throw new AppError('BAD_REQUEST', PORTAL_MESSAGES.weightBeforeBirth, { 'weight.date': [PORTAL_MESSAGES.weightBeforeBirth] });
    }
    if (puppy.family) families = [puppy.family.id];
  } else {
    litter = await em.findOne(Litter, input.litterId!);
    if (!litter) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.litterNotFound, { litterId: [PORTAL_MESSAGES.litterNotFound] });
    const puppies = await em.find(Puppy, { litter: litter.id, family: { $ne: null } }, { fields: ['family'] });
    families = [...new Set(puppies.map((p) => p.family!.id))];
  }
  await assertPrivateUploads(em, input.photos, 'photos', PORTAL_MESSAGES.photoInvalid);
  const update = em.create(PuppyUpdate, {
    litter,
    puppy,
    text: input.text,
    createdAt: new Date(),
    idempotencyKey: input.idempotencyKey ?? null,
  });
  input.photos.forEach((url, position) => em.create(PuppyUpdatePhoto, { update, url, position }));
  if (input.weight && puppy) {
    em.create(PuppyWeight, { puppy, update, ounces: toOunces(input.weight), measuredOn: input.weight.date, createdAt: new Date() });
  }
  for (const family of families) em.create(UpdateNotice, { update, family, status: 'pending', emailedAt: null });
  try {
    await em.flush();
  } catch (error) {
    // The same key sent twice at once: the other request stored it (one transaction: the row and its key together).
    if (!(error instanceof UniqueConstraintViolationException) || !input.idempotencyKey) throw error;
    const first = await em.fork().findOneOrFail(PuppyUpdate, { idempotencyKey: input.idempotencyKey });
    return (await adminUpdates(em.fork(), { ids: [first.id] }))[0]!;
  }
  // The families' devices that chose updates hear of it (a title and a link only).
  if (families.length) {
    ctx.services.push.notify(
      em,
      'update',
      { title: `New update about ${puppy?.name ?? litter?.name ?? 'your puppy'}`, url: '/account' },
      { userIds: families },
    );
  }
  // The first update of a family's day goes out at once; later ones wait for tomorrow's digest.
  await runDigest(em, ctx.services.mail, ctx.services.env.appOrigin);
  return (await adminUpdates(em, { ids: [update.id] }))[0]!;
}

export async function adminUpdates(
  em: EntityManager,
  filter: { ids?: number[]; puppyId?: number; litterId?: number } = {},
): Promise<AdminUpdateDto[]> {
  const where = filter.ids
    ? { id: { $in: filter.ids } }
    : filter.puppyId
      ? { puppy: filter.puppyId }
      : filter.litterId
        ? { litter: filter.litterId }
        : {};
  const updates = await em.find(PuppyUpdate, where, {
    populate: ['puppy', 'litter'],
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: 100,
  });
  const dtos = await toUpdateDtos(em, updates);
  const notices = updates.length
    ? await em.find(UpdateNotice, { update: { $in: updates.map((u) => u.id) } }, { populate: ['family'] })
    : [];
  return dtos.map((d) => ({
    ...d,
    notices: notices
      .filter((n) => n.update.id === d.id)
      .map((n) => ({ familyId: n.family.id, familyName: familyName(n.family), status: n.status, emailState: emailState(n.family) })),
  }));
}

export async function removeUpdate(ctx: Context, id: number): Promise<{ ok: true }> {
  const update = await ctx.em.findOne(PuppyUpdate, id);
  if (!update) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.notFound);
  const photos = await ctx.em.find(PuppyUpdatePhoto, { update: id });
  await ctx.em.nativeDelete(PuppyUpdate, { id });
  await ctx.services.media.release(photos.map((p) => p.url));
  return { ok: true };
}

/** Families (accounts that are not admins) for the match picker and the document list. */
export async function families(em: EntityManager) {
  const users = await em.find(User, { isAdmin: false }, { orderBy: { id: 'asc' }, limit: 1000 });
  return users.map((u) => ({
    id: u.id,
    name: familyName(u),
    username: u.username,
    /** The verified address (the only one mail goes to). */
    email: u.email ?? null,
    /** An address waiting for its verification link. */
    pendingEmail: u.pendingEmail ?? null,
    emailState: emailState(u),
  }));
}

/** Every puppy with its family and pickup, for the dashboard's portal screen. */
export async function puppiesOverview(em: EntityManager) {
  const puppies = await em.find(Puppy, {}, { populate: ['litter', 'family'], orderBy: { id: 'desc' }, limit: 500 });
  const pickups = await em.find(PuppyPickup, {});
  return puppies.map((p) => ({
    id: p.id,
    name: p.name,
    litterId: p.litter?.id ?? null,
    litterName: p.litter?.name ?? null,
    familyId: p.family?.id ?? null,
    familyName: p.family ? familyName(p.family) : null,
    pickupAt: pickups.find((k) => k.puppy.id === p.id)?.at.toISOString() ?? null,
  }));
}

export async function setFamily(em: EntityManager, input: { puppyId: number; familyId: number | null }) {
  const puppy = await em.findOne(Puppy, input.puppyId);
  if (!puppy) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.puppyNotFound);
  if (input.familyId !== null) {
    const user = await em.findOne(User, { id: input.familyId, isAdmin: false });
    if (!user) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.familyNotFound, { familyId: [PORTAL_MESSAGES.familyNotFound] });
    puppy.family = user;
  } else {
    puppy.family = null;
  }
  await em.flush();
  return { ok: true as const };
}

export async function setPickup(em: EntityManager, input: { puppyId: number; at: string | null }) {
  const puppy = await em.findOne(Puppy, input.puppyId);
  if (!puppy) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.puppyNotFound);
  // One statement each way: two first saves at once (two tabs) cannot collide on the puppy's row.
  if (input.at === null) await em.nativeDelete(PuppyPickup, { puppy: puppy.id });
  else
    await em.execute(
      `insert into "puppy_pickups" ("puppy_id", "at") values (?, ?) on conflict ("puppy_id") do update set "at" = excluded."at"`,
      [puppy.id, new Date(input.at)],
    );
  return { ok: true as const };
}

export async function checklistItems(em: EntityManager) {
  const items = await em.find(ChecklistItem, {}, { orderBy: { position: 'asc', id: 'asc' } });
  return items.map((i) => ({ id: i.id, label: i.label }));
}

/** Saves the whole list in order: kept items keep their families' ticks, dropped ones lose them. */
export async function saveChecklist(em: EntityManager, input: z.output<typeof ChecklistItemsSchema>) {
  const existing = await em.find(ChecklistItem, {});
  const keep = new Set(input.items.map((i) => i.id).filter((id): id is number => id !== null));
  for (const item of existing) if (!keep.has(item.id)) em.remove(item);
  input.items.forEach((entry, position) => {
    const found = entry.id !== null ? existing.find((e) => e.id === entry.id) : undefined;
    if (found) {
      found.label = entry.label;
      found.position = position;
    } else {
      em.create(ChecklistItem, { label: entry.label, position });
    }
  });
  await em.flush();
  return checklistItems(em);
}

export async function familyDocuments(em: EntityManager, familyId: number) {
  const docs = await em.find(FamilyDocument, { family: familyId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return docs.map((d) => ({
    id: d.id,
    title: d.title,
    url: privateMediaUrl(d.url),
    kind: documentKind(d.url),
    createdAt: d.createdAt.toISOString(),
  }));
}

/**
 * Portal photos and documents must be private uploads (never reachable at a public address): media's reads face says.
 */
async function assertPrivateUploads(em: EntityManager, urls: string[], field: string, message: string) {
  if (!urls.length) return;
  const ok = await privateUploads(em, urls);
  if (urls.some((u) => !ok.has(u))) throw new AppError('BAD_REQUEST', message, { [field]: [message] });
}

export async function shareDocument(em: EntityManager, input: z.output<typeof ShareDocumentSchema>) {
  await assertPrivateUploads(em, [input.url], 'url', PORTAL_MESSAGES.documentRequired);
  const user = await em.findOne(User, { id: input.familyId, isAdmin: false });
  if (!user) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.familyNotFound, { familyId: [PORTAL_MESSAGES.familyNotFound] });
  em.create(FamilyDocument, { family: user, title: input.title, url: input.url, createdAt: new Date() });
  await em.flush();
  return familyDocuments(em, user.id);
}

export async function removeDocument(ctx: Context, id: number) {
  const doc = await ctx.em.findOne(FamilyDocument, id);
  if (!doc) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.notFound);
  const url = doc.url;
  await ctx.em.nativeDelete(FamilyDocument, { id });
  await ctx.services.media.release([url]);
  return { ok: true as const };
}
