import type { EntityManager } from '@mikro-orm/postgresql';
import { Testimonial, type ITestimonial } from './testimonial.entity.ts';
import type { TestimonialDto } from '../testimonials.schema.ts';

export function toTestimonialDto(t: ITestimonial): TestimonialDto {
  return {
    id: t.id,
    name: t.name,
    content: t.content,
    rating: t.rating,
    location: t.location,
    imageUrl: t.imageUrl ?? null,
  };
}

/** Featured testimonials, newest first. */
export async function listFeaturedTestimonials(em: EntityManager): Promise<TestimonialDto[]> {
  const rows = await em.find(Testimonial, { featured: true }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return rows.map(toTestimonialDto);
}
