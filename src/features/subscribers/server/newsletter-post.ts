// A sent newsletter published as a blog post: the newsletter feature writes the article itself (features do
// not call each other's services), by the article editor's rules: its input schema, and an address of its own.
import type { EntityManager } from '@mikro-orm/postgresql';
import { badRequest } from '../../../lib/server/errors.ts';
import { Article, ArticleSlugRedirect } from '../../articles/server/article.entity.ts';
import { ArticleInputSchema } from '../../articles/articles.schema.ts';

/** The blog's first free address from `slug`: itself, then slug-2, slug-3, … */
async function freeSlug(em: EntityManager, slug: string): Promise<string> {
  const base = slug.slice(0, 190).replace(/-+$/, '');
  if (!(await em.count(Article, { kind: 'blog', slug: base }))) return base;
  for (let i = 2; ; i++) {
    const candidate = `${base}-${i}`;
    if (!(await em.count(Article, { kind: 'blog', slug: candidate }))) return candidate;
  }
}

/**
 * Creates and publishes a blog post from a newsletter (its subject the title, its preview line the summary),
 * at a free address made from the title; returns its id. The input passes the article editor's schema (its
 * limits and slug rule); the body is Markdown, rendered and sanitised when the post is read, like any post.
 */
export async function publishBlogPost(em: EntityManager, post: { title: string; summary: string; body: string }): Promise<{ id: number }> {
  const parsed = ArticleInputSchema.safeParse({ kind: 'blog', title: post.title, summary: post.summary, body: post.body });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`The newsletter cannot become a blog post: ${issue?.message ?? 'invalid post'}`);
  }
  const data = parsed.data;
  const slug = await freeSlug(em, data.slug);
  // As the editor does: a new post may take an address an older one gave up, and the old redirect goes.
  await em.nativeDelete(ArticleSlugRedirect, { kind: 'blog', slug });
  const now = new Date();
  const row = em.create(Article, {
    kind: 'blog',
    title: data.title,
    slug,
    summary: data.summary,
    body: data.body,
    coverImageUrl: null,
    tags: data.tags,
    authorName: data.authorName,
    category: null,
    sortOrder: 0,
    legalPage: null,
    status: 'published',
    publishedAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await em.flush();
  return { id: row.id };
}
