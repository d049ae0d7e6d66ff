// The dashboard's puppy management: paged list, create, update, quick status change, delete.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { Puppy, PuppyPhoto, type IPuppy } from './puppy.entity.ts';
import { Litter } from '../../dogs/server/litter.entity.ts';
import { photosOf, toPuppyDto } from './puppies.service.ts';
import type { PuppyAdminDto, PuppyInputSchema, PuppyListSchema, PuppyStatusUpdateSchema } from '../puppies.schema.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { PAGE_SIZE, type Page } from '../../../lib/shared/paging.ts';
import { AppError, notFound } from '../../../lib/server/errors.ts';

type PuppyData = z.output<typeof PuppyInputSchema>;

export function toPuppyAdminDto(p: IPuppy, photos?: string[]): PuppyAdminDto {
  return { ...toPuppyDto(p, photos), visible: p.visible, litterName: p.litter?.name ?? null };
}

async function withPhotos(em: EntityManager, puppy: IPuppy): Promise<PuppyAdminDto> {
  return toPuppyAdminDto(puppy, (await photosOf(em, [puppy.id])).get(puppy.id));
}

/** Every upload a puppy uses: its photos and its video. */
const mediaOf = (dto: PuppyAdminDto) => [...dto.photos, ...(dto.videoUrl ? [dto.videoUrl] : [])];

/**
 * Replaces the puppy's photo rows with `urls` in order and keeps imageUrl the first of them.
 * Without `urls` (an older client sending imageUrl only), the set becomes that one photo.
 */
async function setPhotos(em: EntityManager, puppy: IPuppy, urls: string[] | undefined, imageUrl: string | null) {
  const photos = urls ?? (imageUrl ? [imageUrl] : []);
  puppy.imageUrl = photos[0] ?? null;
  await em.nativeDelete(PuppyPhoto, { puppy: puppy.id });
  photos.forEach((url, position) => em.create(PuppyPhoto, { puppy, url, position }));
  await em.flush();
  return photos;
}

export async function listPuppiesAdmin(em: EntityManager, input: z.output<typeof PuppyListSchema>): Promise<Page<PuppyAdminDto>> {
  const where: Record<string, unknown> = {};
  if (input.search) where.name = { $ilike: likePattern(input.search) };
  if (input.status) where.status = input.status;
  if (input.litterId) where.litter = input.litterId;
  const [rows, total] = await em.findAndCount(Puppy, where, {
    populate: ['litter'],
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: PAGE_SIZE,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  const photos = await photosOf(
    em,
    rows.map((p) => p.id),
  );
  return { items: rows.map((p) => toPuppyAdminDto(p, photos.get(p.id))), total, page: input.page, pageSize: PAGE_SIZE };
}

async function findPuppy(em: EntityManager, id: number) {
  const puppy = await em.findOne(Puppy, { id }, { populate: ['litter'] });
  if (!puppy) throw notFound('Puppy');
  return puppy;
}

export async function getPuppyAdmin(em: EntityManager, id: number): Promise<PuppyAdminDto> {
  return withPhotos(em, await findPuppy(em, id));
}

async function litterRef(em: EntityManager, litterId: number | null) {
  if (litterId === null) return null;
  const litter = await em.findOne(Litter, { id: litterId });
  if (!litter) throw new AppError('BAD_REQUEST', 'That litter no longer exists.', { litterId: ['That litter no longer exists.'] });
  return litter;
}

export async function createPuppy(em: EntityManager, data: PuppyData): Promise<PuppyAdminDto> {
  const { litterId, photos, ...fields } = data;
  const litter = await litterRef(em, litterId);
  return em.transactional(async (tx) => {
    const now = new Date();
    const puppy = tx.create(Puppy, { ...fields, litter, createdAt: now, updatedAt: now });
    await tx.flush();
    return toPuppyAdminDto(puppy, await setPhotos(tx, puppy, photos, fields.imageUrl));
  });
}

/** Updates every field and the photo set; answers the new state and the uploads it stopped using. */
export async function updatePuppy(
  em: EntityManager,
  id: number,
  data: PuppyData,
): Promise<{ puppy: PuppyAdminDto; releasedUrls: string[] }> {
  const before = mediaOf(await withPhotos(em, await findPuppy(em, id)));
  const { litterId, photos, ...fields } = data;
  const litter = await litterRef(em, litterId);
  const dto = await em.transactional(async (tx) => {
    const puppy = await findPuppy(tx, id);
    tx.assign(puppy, { ...fields, litter });
    return toPuppyAdminDto(puppy, await setPhotos(tx, puppy, photos, fields.imageUrl));
  });
  const after = new Set(mediaOf(dto));
  return { puppy: dto, releasedUrls: before.filter((url) => !after.has(url)) };
}

export async function setPuppyStatus(em: EntityManager, input: z.output<typeof PuppyStatusUpdateSchema>): Promise<PuppyAdminDto> {
  const puppy = await findPuppy(em, input.id);
  puppy.status = input.status;
  puppy.visible = input.visible;
  await em.flush();
  return withPhotos(em, puppy);
}

export async function removePuppy(em: EntityManager, id: number): Promise<{ releasedUrls: string[] }> {
  const puppy = await findPuppy(em, id);
  const media = mediaOf(await withPhotos(em, puppy));
  await em.nativeDelete(PuppyPhoto, { puppy: id });
  em.remove(puppy);
  await em.flush();
  return { releasedUrls: media };
}
