// The family's side of the portal: its puppy, the updates it may read, the growth chart, checklist, documents, digest switch.
import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../../lib/server/errors.ts';
import { Puppy } from '../../puppies/server/puppy.entity.ts';
import {
  PORTAL_MESSAGES,
  litterLabel,
  privateMediaUrl,
  type ChecklistEntryDto,
  type FamilyDocumentDto,
  type GrowthDto,
  type GrowthSeriesDto,
  type PortalPuppyDto,
  type PortalUpdateDto,
} from '../portal.schema.ts';
import {
  ChecklistItem,
  ChecklistTick,
  FamilyDocument,
  FamilyPortalState,
  PuppyPickup,
  PuppyUpdate,
  PuppyUpdatePhoto,
  PuppyWeight,
  type IPuppyUpdate,
} from './portal.entity.ts';
import { familyScope, visibleUpdatesWhere } from './portal-access.ts';

const DAY_MS = 86_400_000;
export const ageInDays = (birthDate: string, date: string) =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${birthDate}T00:00:00Z`)) / DAY_MS);

export async function myPuppies(em: EntityManager, userId: number): Promise<PortalPuppyDto[]> {
  const puppies = await em.find(Puppy, { family: userId }, { populate: ['litter'], orderBy: { id: 'asc' } });
  if (!puppies.length) return [];
  const ids = puppies.map((p) => p.id);
  const pickups = await em.find(PuppyPickup, { puppy: { $in: ids } });
  const weights = await em.find(PuppyWeight, { puppy: { $in: ids } }, { orderBy: { measuredOn: 'desc', id: 'desc' } });
  return puppies.map((p) => ({
    id: p.id,
    name: p.name,
    litterId: p.litter?.id ?? null,
    litterName: p.litter?.name ?? null,
    birthDate: p.litter?.birthDate ?? null,
    imageUrl: p.imageUrl ?? null,
    pickupAt: pickups.find((k) => k.puppy.id === p.id)?.at.toISOString() ?? null,
    latestOunces: ((w) => (w ? Number(w.ounces) : null))(weights.find((w) => w.puppy.id === p.id)),
  }));
}

/** Updates as DTOs, with their photos at their private address and their weight. */
export async function toUpdateDtos(em: EntityManager, updates: IPuppyUpdate[]): Promise<PortalUpdateDto[]> {
  if (!updates.length) return [];
  const ids = updates.map((u) => u.id);
  const photos = await em.find(PuppyUpdatePhoto, { update: { $in: ids } }, { orderBy: { position: 'asc' } });
  const weights = await em.find(PuppyWeight, { update: { $in: ids } });
  return updates.map((u) => {
    const w = weights.find((x) => x.update?.id === u.id);
    return {
      id: u.id,
      createdAt: u.createdAt.toISOString(),
      text: u.text,
      scope: u.puppy ? 'puppy' : 'litter',
      about: u.puppy ? u.puppy.name : `The ${litterLabel(u.litter?.name ?? '')}`,
      photos: photos.filter((p) => p.update.id === u.id).map((p) => ({ url: privateMediaUrl(p.url), width: null, height: null })),
      weight: w ? { ounces: Number(w.ounces), date: w.measuredOn } : null,
    };
  });
}

export async function myUpdates(em: EntityManager, userId: number): Promise<PortalUpdateDto[]> {
  const scope = await familyScope(em, userId);
  if (!scope.puppyIds.length) return [];
  const updates = await em.find(PuppyUpdate, visibleUpdatesWhere(scope), {
    populate: ['puppy', 'litter'],
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: 200,
  });
  return toUpdateDtos(em, updates);
}

async function series(em: EntityManager, puppyIds: number[], birthDate: string | null): Promise<Map<number, GrowthSeriesDto['points']>> {
  const weights = await em.find(PuppyWeight, { puppy: { $in: puppyIds } }, { orderBy: { measuredOn: 'asc', id: 'asc' } });
  const out = new Map<number, GrowthSeriesDto['points']>();
  for (const id of puppyIds) out.set(id, []);
  for (const w of weights) {
    out
      .get(w.puppy.id)!
      .push({ date: w.measuredOn, ounces: Number(w.ounces), ageDays: birthDate ? ageInDays(birthDate, w.measuredOn) : 0 });
  }
  return out;
}

/** The family's puppy's weights by age in days, and its litter-mates' curves (names only: they are public). */
export async function growth(em: EntityManager, userId: number, puppyId: number): Promise<GrowthDto> {
  const puppy = await em.findOne(Puppy, { id: puppyId, family: userId }, { populate: ['litter'] });
  // Someone else's puppy is as missing as one that does not exist.
  if (!puppy) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.puppyNotFound);
  const birthDate = puppy.litter?.birthDate ?? null;
  const mates = puppy.litter ? await em.find(Puppy, { litter: puppy.litter.id, id: { $ne: puppy.id } }, { orderBy: { id: 'asc' } }) : [];
  const points = await series(em, [puppy.id, ...mates.map((m) => m.id)], birthDate);
  return {
    puppy: { puppyId: puppy.id, name: puppy.name, points: points.get(puppy.id)! },
    litterMates: mates.map((m) => ({ puppyId: m.id, name: m.name, points: points.get(m.id)! })).filter((s) => s.points.length > 0),
  };
}

export async function myChecklist(em: EntityManager, userId: number): Promise<ChecklistEntryDto[]> {
  const items = await em.find(ChecklistItem, {}, { orderBy: { position: 'asc', id: 'asc' } });
  const ticks = await em.find(ChecklistTick, { family: userId }, { fields: ['item'] });
  const done = new Set(ticks.map((t) => t.item.id));
  return items.map((i) => ({ id: i.id, label: i.label, done: done.has(i.id) }));
}

export async function tick(em: EntityManager, userId: number, input: { itemId: number; done: boolean }): Promise<ChecklistEntryDto[]> {
  const item = await em.findOne(ChecklistItem, input.itemId);
  if (!item) throw new AppError('NOT_FOUND', PORTAL_MESSAGES.itemNotFound);
  if (input.done) {
    // Idempotent: a double tap (or two devices) leaves one tick.
    await em.execute('insert into "checklist_ticks" ("item_id", "family_id", "created_at") values (?, ?, ?) on conflict do nothing', [
      item.id,
      userId,
      new Date(),
    ]);
  } else {
    await em.nativeDelete(ChecklistTick, { item: item.id, family: userId });
  }
  return myChecklist(em, userId);
}

export const documentKind = (url: string): FamilyDocumentDto['kind'] => (url.endsWith('.pdf') ? 'pdf' : 'photo');

export async function myDocuments(em: EntityManager, userId: number): Promise<FamilyDocumentDto[]> {
  const docs = await em.find(FamilyDocument, { family: userId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return docs.map((d) => ({
    id: d.id,
    title: d.title,
    url: privateMediaUrl(d.url),
    kind: documentKind(d.url),
    createdAt: d.createdAt.toISOString(),
  }));
}

export async function digestPreference(em: EntityManager, userId: number): Promise<{ enabled: boolean }> {
  const state = await em.findOne(FamilyPortalState, { family: userId });
  return { enabled: state?.digestEnabled ?? true };
}

export async function setDigestPreference(em: EntityManager, userId: number, enabled: boolean): Promise<{ enabled: boolean }> {
  // One statement: a first save and a concurrent one (two tabs) cannot collide on the row's key.
  await em.execute(
    `insert into "family_portal_states" ("family_id", "digest_enabled", "last_digest_on") values (?, ?, null)
     on conflict ("family_id") do update set "digest_enabled" = excluded."digest_enabled"`,
    [userId, enabled],
  );
  return { enabled };
}

/** Account deletion: the portal's rows about the user go with it (ticks, documents, notices, state); its puppies are unmatched. */
export async function erasePortalData(em: EntityManager, userId: number): Promise<{ releasedUrls: string[] }> {
  const docs = await em.find(FamilyDocument, { family: userId }, { fields: ['url'] });
  await em.nativeDelete(FamilyDocument, { family: userId });
  await em.nativeDelete(ChecklistTick, { family: userId });
  await em.nativeDelete(FamilyPortalState, { family: userId });
  await em.nativeUpdate(Puppy, { family: userId }, { family: null });
  return { releasedUrls: docs.map((d) => d.url) };
}
