import type { EntityManager } from '@mikro-orm/postgresql';
import { GalleryImage, type IGalleryImage } from './gallery-image.entity.ts';
import type { GalleryImageDto } from '../gallery.schema.ts';

export function toGalleryImageDto(g: IGalleryImage): GalleryImageDto {
  return {
    id: g.id,
    imageUrl: g.imageUrl,
    title: g.title,
    description: g.description,
    featured: g.featured,
  };
}

/** Every gallery image, in the breeder's order (ties by id, so the order is stable). */
export async function listGallery(em: EntityManager): Promise<GalleryImageDto[]> {
  const images = await em.find(GalleryImage, {}, { orderBy: { sortOrder: 'asc', id: 'asc' } });
  return images.map(toGalleryImageDto);
}
