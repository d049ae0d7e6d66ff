// The dashboard's puppy management: paged list, create, update, quick status change, delete.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { Puppy, type IPuppy } from './puppy.entity.ts';
import { Litter } from '../../litters/server/litter.entity.ts';
import { toPuppyDto } from './puppies.service.ts';
import type {
  PuppyAdminDto,
  PuppyInputSchema,
  PuppyListSchema,
  PuppyStatusUpdateSchema,
} from '../puppies.schema.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { PAGE_SIZE, type Page } from '../../../lib/shared/paging.ts';
import { AppError, notFound } from '../../../lib/server/errors.ts';

type PuppyData = z.output<typeof PuppyInputSchema>;

export function toPuppyAdminDto(p: IPuppy): PuppyAdminDto {
  return { ...toPuppyDto(p), visible: p.visible, litterName: p.litter?.name ?? null };
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
  return { items: rows.map(toPuppyAdminDto), total, page: input.page, pageSize: PAGE_SIZE };
}

async function findPuppy(em: EntityManager, id: number) {
  const puppy = await em.findOne(Puppy, { id }, { populate: ['litter'] });
  if (!puppy) throw notFound('Puppy');
  return puppy;
}

export async function getPuppyAdmin(em: EntityManager, id: number): Promise<PuppyAdminDto> {
  return toPuppyAdminDto(await findPuppy(em, id));
}

async function litterRef(em: EntityManager, litterId: number | null) {
  if (litterId === null) return null;
  const litter = await em.findOne(Litter, { id: litterId });
  if (!litter) throw new AppError('BAD_REQUEST', 'That litter no longer exists.', { litterId: ['That litter no longer exists.'] });
  return litter;
}

export async function createPuppy(em: EntityManager, data: PuppyData): Promise<PuppyAdminDto> {
  const { litterId, ...fields } = data;
  const now = new Date();
  const puppy = em.create(Puppy, { ...fields, litter: await litterRef(em, litterId), createdAt: now, updatedAt: now });
  await em.flush();
  return toPuppyAdminDto(puppy);
}

/** Updates every field; answers the new state and the image URL it stopped using, if any. */
export async function updatePuppy(
  em: EntityManager,
  id: number,
  data: PuppyData,
): Promise<{ puppy: PuppyAdminDto; releasedUrl: string | null }> {
  const puppy = await findPuppy(em, id);
  const previousImage = puppy.imageUrl ?? null;
  const { litterId, ...fields } = data;
  em.assign(puppy, { ...fields, litter: await litterRef(em, litterId) });
  await em.flush();
  return { puppy: toPuppyAdminDto(puppy), releasedUrl: previousImage !== puppy.imageUrl ? previousImage : null };
}

export async function setPuppyStatus(em: EntityManager, input: z.output<typeof PuppyStatusUpdateSchema>): Promise<PuppyAdminDto> {
  const puppy = await findPuppy(em, input.id);
  puppy.status = input.status;
  puppy.visible = input.visible;
  await em.flush();
  return toPuppyAdminDto(puppy);
}

export async function removePuppy(em: EntityManager, id: number): Promise<{ releasedUrl: string | null }> {
  const puppy = await findPuppy(em, id);
  const image = puppy.imageUrl ?? null;
  em.remove(puppy);
  await em.flush();
  return { releasedUrl: image };
}
