// The dashboard's testimonial management: paged list, create, update, delete.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { Testimonial, type ITestimonial } from './testimonial.entity.ts';
import { toTestimonialDto } from './testimonials.service.ts';
import type { TestimonialAdminDto, TestimonialInputSchema } from '../testimonials.schema.ts';
import { likePattern } from '../../../lib/server/sql.ts';
import { PAGE_SIZE, type Page, type PageInputSchema } from '../../../lib/shared/paging.ts';
import { notFound } from '../../../lib/server/errors.ts';

type TestimonialData = z.output<typeof TestimonialInputSchema>;

export function toTestimonialAdminDto(t: ITestimonial): TestimonialAdminDto {
  return { ...toTestimonialDto(t), featured: t.featured, createdAt: t.createdAt.toISOString() };
}

/** Newest first, as the home page shows them. */
export async function listTestimonialsAdmin(
  em: EntityManager,
  input: z.output<typeof PageInputSchema>,
): Promise<Page<TestimonialAdminDto>> {
  const where = input.search
    ? { $or: [{ name: { $ilike: likePattern(input.search) } }, { content: { $ilike: likePattern(input.search) } }] }
    : {};
  const [rows, total] = await em.findAndCount(Testimonial, where, {
    orderBy: { createdAt: 'desc', id: 'desc' },
    limit: PAGE_SIZE,
    offset: (input.page - 1) * PAGE_SIZE,
  });
  return { items: rows.map(toTestimonialAdminDto), total, page: input.page, pageSize: PAGE_SIZE };
}

async function findTestimonial(em: EntityManager, id: number) {
  const row = await em.findOne(Testimonial, { id });
  if (!row) throw notFound('Testimonial');
  return row;
}

export async function getTestimonialAdmin(em: EntityManager, id: number): Promise<TestimonialAdminDto> {
  return toTestimonialAdminDto(await findTestimonial(em, id));
}

export async function createTestimonial(em: EntityManager, data: TestimonialData): Promise<TestimonialAdminDto> {
  const row = em.create(Testimonial, { ...data, createdAt: new Date() });
  await em.flush();
  return toTestimonialAdminDto(row);
}

export async function updateTestimonial(
  em: EntityManager,
  id: number,
  data: TestimonialData,
): Promise<{ testimonial: TestimonialAdminDto; releasedUrl: string | null }> {
  const row = await findTestimonial(em, id);
  const previousImage = row.imageUrl ?? null;
  em.assign(row, data);
  await em.flush();
  return { testimonial: toTestimonialAdminDto(row), releasedUrl: previousImage !== row.imageUrl ? previousImage : null };
}

export async function removeTestimonial(em: EntityManager, id: number): Promise<{ releasedUrl: string | null }> {
  const row = await findTestimonial(em, id);
  const image = row.imageUrl ?? null;
  em.remove(row);
  await em.flush();
  return { releasedUrl: image };
}
