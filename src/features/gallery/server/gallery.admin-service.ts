// The dashboard's gallery management: paged list in display order, create, update, reorder, delete.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { GalleryImage, type IGalleryImage } from './gallery-image.entity.ts';
import { toGalleryImageDto } from './gallery.service.ts';
import type { GalleryImageAdminDto, GalleryImageInputSchema } from '../gallery.schema.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { keysetPage, type KeyOrder } from '../../../lib/server/keyset.ts';
import { type Page, type PageInputSchema } from '../../../lib/shared/paging.ts';
import { AppError, notFound } from '../../../lib/server/errors.ts';

type GalleryData = z.output<typeof GalleryImageInputSchema>;

export function toGalleryImageAdminDto(g: IGalleryImage): GalleryImageAdminDto {
  return { ...toGalleryImageDto(g), sortOrder: g.sortOrder };
}

const DISPLAY_ORDER = { sortOrder: 'asc', id: 'asc' } as const;
const DISPLAY_KEYS: KeyOrder = [
  { field: 'sortOrder', type: 'integer', dir: 'asc' },
  { field: 'id', type: 'integer', dir: 'asc' },
];

export async function listGalleryAdmin(em: EntityManager, input: z.output<typeof PageInputSchema>): Promise<Page<GalleryImageAdminDto>> {
  const where = input.search ? { title: { $ilike: likePattern(input.search) } } : {};
  const { rows, ...page } = await keysetPage(em, GalleryImage, where, DISPLAY_KEYS, input);
  return { ...page, items: rows.map(toGalleryImageAdminDto) };
}

async function findImage(em: EntityManager, id: number) {
  const image = await em.findOne(GalleryImage, { id });
  if (!image) throw notFound('Gallery image');
  return image;
}

export async function getGalleryImageAdmin(em: EntityManager, id: number): Promise<GalleryImageAdminDto> {
  return toGalleryImageAdminDto(await findImage(em, id));
}

/** A new image goes to the end of the gallery. */
export async function createGalleryImage(em: EntityManager, data: GalleryData): Promise<GalleryImageAdminDto> {
  const [last] = await em.find(GalleryImage, {}, { orderBy: { sortOrder: 'desc' }, fields: ['sortOrder'], limit: 1 });
  const image = em.create(GalleryImage, { ...data, sortOrder: (last?.sortOrder ?? -1) + 1, createdAt: new Date() });
  await em.flush();
  return toGalleryImageAdminDto(image);
}

export async function updateGalleryImage(
  em: EntityManager,
  id: number,
  data: GalleryData,
): Promise<{ image: GalleryImageAdminDto; releasedUrl: string | null }> {
  const image = await findImage(em, id);
  const previous = image.imageUrl;
  em.assign(image, data);
  await em.flush();
  return { image: toGalleryImageAdminDto(image), releasedUrl: previous !== image.imageUrl ? previous : null };
}

/**
 * Puts the given images in the given order. They keep the places they held among all images
 * (so reordering one page of a long gallery leaves the other pages alone), then every image is
 * renumbered 0..n-1 so sortOrder stays dense and unambiguous.
 */
export async function reorderGallery(em: EntityManager, ids: number[]): Promise<GalleryImageAdminDto[]> {
  return em.transactional(async (tx) => {
    const all = await tx.find(GalleryImage, {}, { orderBy: DISPLAY_ORDER });
    const byId = new Map(all.map((g) => [g.id, g]));
    const missing = ids.filter((id) => !byId.has(id));
    if (missing.length) {
      throw new AppError(
        'NOT_FOUND',
        `Gallery image${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not found. Reload and try again.`,
      );
    }
    const wanted = new Set(ids);
    const slots = all.flatMap((g, index) => (wanted.has(g.id) ? [index] : []));
    const ordered = [...all];
    slots.forEach((slot, i) => {
      ordered[slot] = byId.get(ids[i]!)!;
    });
    ordered.forEach((g, index) => {
      g.sortOrder = index;
    });
    await tx.flush();
    return ordered.map(toGalleryImageAdminDto);
  });
}

export async function removeGalleryImage(em: EntityManager, id: number): Promise<{ releasedUrl: string | null }> {
  const image = await findImage(em, id);
  const url = image.imageUrl;
  em.remove(image);
  await em.flush();
  return { releasedUrl: url };
}
