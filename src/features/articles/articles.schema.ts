// Articles: the blog's posts and the owner resources, one shape told apart by kind (and soon stored in the database).
import { z } from 'zod';

export const ARTICLE_KINDS = ['blog', 'resource'] as const;
export const ArticleKindSchema = z.enum(ARTICLE_KINDS);
export type ArticleKind = z.infer<typeof ArticleKindSchema>;

/** A paragraph, a subheading, or a bulleted list. */
export const ArticleBlockSchema = z.union([z.string().min(1), z.object({ heading: z.string().min(1) }), z.object({ list: z.array(z.string().min(1)).min(1) })]);
export type ArticleBlock = z.infer<typeof ArticleBlockSchema>;

export const ArticleSchema = z.object({
  kind: ArticleKindSchema,
  /** The URL segment: /blog/{slug} or /resources/{slug}. */
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  title: z.string().min(1).max(200),
  summary: z.string().min(1).max(500),
  body: z.array(ArticleBlockSchema),
  /** YYYY-MM-DD; blog posts are dated, guides are not. */
  date: z.iso.date().nullable(),
});
export type Article = z.infer<typeof ArticleSchema>;

/** '2026-10-14' → 'October 14, 2026', read as a calendar date (no time zone shift). */
export function formatArticleDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}
