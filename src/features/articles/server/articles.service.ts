// What visitors read: published blog posts, owner resources and the legal pages in force. "Published"
// is decided against the clock on every read, so a scheduled article appears at its time without a restart.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { notFound } from '../../../lib/server/errors.ts';
import {
  BLOG_PAGE_SIZE,
  LEGAL_PAGES,
  readingMinutes,
  type ArticleKind,
  type BlogListDto,
  type BlogListInputSchema,
  type BlogPostDto,
  type BlogPostSummaryDto,
  type LegalInputSchema,
  type LegalPageDto,
  type MovedDto,
  type ResourceDto,
  type ResourceSearchDto,
  type ResourceSearchInputSchema,
  type ResourceSummaryDto,
} from '../articles.schema.ts';
import { searchAny } from '../../../lib/server/sql.ts';
import { Article, ArticleAttachment, ArticleSlugRedirect, LegalVersion, type IArticle } from './article.entity.ts';
import type { AttachmentDto } from '../articles.schema.ts';

/** Each article's attachments in order, for the given articles (one query). */
export async function attachmentsOf(em: EntityManager, ids: readonly number[]): Promise<Map<number, AttachmentDto[]>> {
  const byArticle = new Map<number, AttachmentDto[]>();
  if (ids.length === 0) return byArticle;
  const rows = await em.find(ArticleAttachment, { article: { $in: [...ids] } }, { orderBy: { article: 'asc', position: 'asc' } });
  for (const row of rows) {
    const id = Number(row.article.id);
    byArticle.set(id, [...(byArticle.get(id) ?? []), { url: row.url, name: row.name }]);
  }
  return byArticle;
}
import { renderMarkdown } from '../../../lib/server/markdown.ts';

/** Published, or scheduled for a time that has come. */
export function publicWhere(kind: ArticleKind, now: Date) {
  return { kind, status: { $ne: 'draft' as const }, publishedAt: { $lte: now } };
}

export function isPublic(a: IArticle, now: Date): boolean {
  return a.status !== 'draft' && !!a.publishedAt && a.publishedAt <= now;
}

export function toBlogSummaryDto(a: IArticle): BlogPostSummaryDto {
  return {
    slug: a.slug,
    title: a.title,
    summary: a.summary,
    coverImageUrl: a.coverImageUrl ?? null,
    publishedAt: (a.publishedAt ?? a.updatedAt).toISOString(),
    tags: a.tags ?? [],
  };
}

export function toResourceSummaryDto(a: IArticle): ResourceSummaryDto {
  return {
    id: a.slug,
    title: a.title,
    summary: a.summary,
    coverImageUrl: a.coverImageUrl ?? null,
    category: a.category ?? 'go-home',
    order: a.sortOrder,
  };
}

/**
 * A visitor's search: the words, as typed, found in the title, the summary or the text (`ILIKE '%…%'`, answered from
 * the trigram indexes of the three columns on PostgreSQL and PGlite alike, decision 125), as a filter.
 */
export function searchWhere(q: string | undefined) {
  if (!q) return {};
  return searchAny(q, ['title', 'summary', 'body']);
}

export async function listBlogPosts(
  em: EntityManager,
  input: z.output<typeof BlogListInputSchema>,
  now = new Date(),
): Promise<BlogListDto> {
  const where = { ...publicWhere('blog', now), ...(input.tag ? { tags: { $contains: [input.tag] } } : {}), ...searchWhere(input.q) };
  const [rows, total] = await em.findAndCount(Article, where, {
    orderBy: { publishedAt: 'desc', id: 'desc' },
    limit: BLOG_PAGE_SIZE,
    offset: (input.page - 1) * BLOG_PAGE_SIZE,
  });
  // Every tag in use, from the database: not every post read into the server (issue 35: 2,000 posts).
  const tagged = await em.execute<Array<{ tag: string }>>(
    `select distinct unnest("tags") as "tag" from "articles" where "kind" = 'blog' and "status" <> 'draft' and "published_at" <= ?`,
    [now],
  );
  const tags = tagged.map((t) => t.tag).sort();
  return { items: rows.map(toBlogSummaryDto), total, page: input.page, pageSize: BLOG_PAGE_SIZE, tags, ...(input.q ? { q: input.q } : {}) };
}

/** The article behind an address of `kind`: the live one, or the one an old address now points to. */
async function findPublic(em: EntityManager, kind: ArticleKind, slug: string, now: Date): Promise<IArticle | MovedDto | null> {
  const live = await em.findOne(Article, { ...publicWhere(kind, now), slug });
  if (live) return live;
  const moved = await em.findOne(ArticleSlugRedirect, { kind, slug }, { populate: ['article'] });
  if (moved && isPublic(moved.article, now) && moved.article.slug !== slug) return { movedTo: moved.article.slug };
  return null;
}

export async function getBlogPost(em: EntityManager, slug: string, now = new Date()): Promise<BlogPostDto | MovedDto> {
  const found = await findPublic(em, 'blog', slug, now);
  if (!found) throw notFound('Article');
  if ('movedTo' in found) return found;
  // Newest first, as the list shows them: "previous" is the next older post, "next" the next newer one; each one
  // row from the list's index (issue 35: not every post read to find the neighbours).
  const at = found.publishedAt!;
  const [older, newer] = await Promise.all([
    em.findOne(
      Article,
      { ...publicWhere('blog', now), $or: [{ publishedAt: { $lt: at } }, { publishedAt: at, id: { $lt: found.id } }] },
      { fields: ['slug', 'title'], orderBy: { publishedAt: 'desc', id: 'desc' } },
    ),
    em.findOne(
      Article,
      { ...publicWhere('blog', now), $or: [{ publishedAt: { $gt: at } }, { publishedAt: at, id: { $gt: found.id } }] },
      { fields: ['slug', 'title'], orderBy: { publishedAt: 'asc', id: 'asc' } },
    ),
  ]);
  const link = (a: { slug: string; title: string } | null) => (a ? { slug: a.slug, title: a.title } : null);
  return {
    ...toBlogSummaryDto(found),
    authorName: found.authorName,
    html: renderMarkdown(found.body),
    readingMinutes: readingMinutes(found.body),
    previous: link(older),
    next: link(newer),
  };
}

/** By category, then in the breeder's order. */
export async function listResources(em: EntityManager, now = new Date()): Promise<ResourceSummaryDto[]> {
  const rows = await em.find(Article, publicWhere('resource', now), { orderBy: { category: 'asc', sortOrder: 'asc', title: 'asc' } });
  return rows.map(toResourceSummaryDto);
}

/** The guides a search finds, in the list's order (by category, then the breeder's order), a page at a time. */
export async function searchResources(
  em: EntityManager,
  input: z.output<typeof ResourceSearchInputSchema>,
  now = new Date(),
): Promise<ResourceSearchDto> {
  const [rows, total] = await em.findAndCount(
    Article,
    { ...publicWhere('resource', now), ...searchWhere(input.q) },
    {
      orderBy: { category: 'asc', sortOrder: 'asc', title: 'asc', id: 'asc' },
      limit: BLOG_PAGE_SIZE,
      offset: (input.page - 1) * BLOG_PAGE_SIZE,
    },
  );
  return { items: rows.map(toResourceSummaryDto), total, page: input.page, pageSize: BLOG_PAGE_SIZE, q: input.q };
}

export async function getResource(em: EntityManager, id: string, now = new Date()): Promise<ResourceDto | MovedDto> {
  const found = await findPublic(em, 'resource', id, now);
  if (!found) throw notFound('Guide');
  if ('movedTo' in found) return found;
  const attachments = (await attachmentsOf(em, [found.id])).get(found.id) ?? [];
  return { ...toResourceSummaryDto(found), html: renderMarkdown(found.body), updatedAt: found.updatedAt.toISOString(), attachments };
}

/** A legal page as published: the version in force (or an earlier one asked for) and the list of all versions. */
export async function getLegalPage(em: EntityManager, input: z.output<typeof LegalInputSchema>, now = new Date()): Promise<LegalPageDto> {
  const article = await em.findOne(Article, { kind: 'legal', legalPage: input.page });
  const versions = article
    ? await em.find(LegalVersion, { article, publishedAt: { $lte: now } }, { orderBy: { publishedAt: 'desc', id: 'desc' } })
    : [];
  const current = versions[0];
  const shown = input.version === undefined ? current : versions.find((v) => v.id === input.version);
  if (!article || !current || !shown) throw notFound(input.version === undefined ? 'Page' : 'Version');
  return {
    page: input.page,
    title: shown.title,
    html: renderMarkdown(shown.body),
    updatedAt: shown.publishedAt.toISOString(),
    versionId: shown.id,
    current: shown.id === current.id,
    versions: versions.map((v) => ({ id: v.id, publishedAt: v.publishedAt.toISOString() })),
  };
}

/** Every public article's address and when it last changed, for the sitemap. */
export async function listArticleAddresses(
  em: EntityManager,
  now = new Date(),
): Promise<Array<{ kind: ArticleKind; slug: string; legalPage: string | null; updatedAt: Date }>> {
  const rows = await em.find(
    Article,
    { $or: [publicWhere('blog', now), publicWhere('resource', now), publicWhere('legal', now)] },
    { fields: ['kind', 'slug', 'legalPage', 'updatedAt'], orderBy: { kind: 'asc', publishedAt: 'desc' } },
  );
  return rows.map((a) => ({ kind: a.kind, slug: a.slug, legalPage: a.legalPage ?? null, updatedAt: a.updatedAt }));
}

/** The public articles that have an address of their own (sitemap): blog posts, guides and the legal pages listed. */
function addressableWhere(now: Date, legalPages: readonly string[]) {
  return {
    $or: [
      publicWhere('blog', now),
      publicWhere('resource', now),
      {
        ...publicWhere('legal', now),
        legalPage: { $in: legalPages.filter((p): p is (typeof LEGAL_PAGES)[number] => (LEGAL_PAGES as readonly string[]).includes(p)) },
      },
    ],
  };
}

export async function countArticleAddresses(em: EntityManager, legalPages: readonly string[], now = new Date()): Promise<number> {
  return em.count(Article, addressableWhere(now, legalPages));
}

/**
 * A batch of those addresses in id order (issue 35: the sitemap streams them): after `afterId`, or from the
 * `offset`-th one (where a sitemap part starts). Plain rows, no entities.
 */
export async function articleAddressBatch(
  em: EntityManager,
  legalPages: readonly string[],
  batch: { afterId?: number; offset?: number; limit: number },
  now = new Date(),
): Promise<Array<{ id: number; kind: ArticleKind; slug: string; legalPage: string | null; updatedAt: Date }>> {
  const where = batch.afterId
    ? { $and: [addressableWhere(now, legalPages), { id: { $gt: batch.afterId } }] }
    : addressableWhere(now, legalPages);
  const rows = await em.find(Article, where, {
    fields: ['id', 'kind', 'slug', 'legalPage', 'updatedAt'],
    orderBy: { id: 'asc' },
    limit: batch.limit,
    offset: batch.offset ?? 0,
    disableIdentityMap: true,
  });
  return rows.map((a) => ({ id: a.id, kind: a.kind, slug: a.slug, legalPage: a.legalPage ?? null, updatedAt: a.updatedAt }));
}

/** The newest `n` published blog posts (the RSS feed), without the list's count and tags. */
export async function latestBlogPosts(em: EntityManager, n: number, now = new Date()): Promise<BlogPostSummaryDto[]> {
  const rows = await em.find(Article, publicWhere('blog', now), { orderBy: { publishedAt: 'desc', id: 'desc' }, limit: n });
  return rows.map(toBlogSummaryDto);
}
