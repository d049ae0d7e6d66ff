// A sent newsletter published as a blog post: the newsletter feature writes the article itself (features do
// not call each other's services), by the article editor's rules: its input schema, and an address of its own.
import type { EntityManager, RequiredEntityData } from '@mikro-orm/postgresql';
import { badRequest } from '../../../lib/server/errors.ts';
import { Article, ArticleSlugRedirect, type IArticle } from '../../articles/server/article.entity.ts';
import { ArticleInputSchema } from '../../articles/articles.schema.ts';

/**
 * Inserts the post at the blog's first free address from `wanted` (itself, then -2, -3, …).
 * The unique key on (kind, slug) decides, not a read before the write (two publishes at once would both read
 * an address as free, and the second insert would fail): `on conflict do nothing` inserts nothing when the
 * address is taken, waiting first for a transaction that has just taken it, and the next address is tried.
 */
async function insertAtFreeAddress(
  em: EntityManager,
  wanted: string,
  post: Omit<RequiredEntityData<IArticle>, 'slug'>,
): Promise<{ id: number; slug: string }> {
  const base = wanted.slice(0, 190).replace(/-+$/, '');
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [inserted] = await em
      .createQueryBuilder(Article)
      .insert({ ...post, slug })
      .onConflict(['kind', 'slug'])
      .ignore()
      .returning('id')
      .execute<Array<{ id: number }>>('all');
    if (inserted) return { id: inserted.id, slug };
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
  const now = new Date();
  const { id, slug } = await insertAtFreeAddress(em, data.slug, {
    kind: 'blog',
    title: data.title,
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
  // As the editor does: a new post may take an address an older one gave up, and the old redirect goes.
  await em.nativeDelete(ArticleSlugRedirect, { kind: 'blog', slug });
  return { id };
}
