// The dashboard's articles: list, create, edit (a renamed article keeps answering at its old address),
// publish / schedule / unpublish, delete; legal pages write a new kept version each time they are published.
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { AppError, badRequest, notFound } from '../../../lib/server/errors.ts';
import { searchAny } from '../../../lib/server/sql.ts';
import { keysetPage, type KeyOrder } from '../../../lib/server/keyset.ts';
import type { Page } from '../../../lib/shared/paging.ts';
import {
  ARTICLE_MESSAGES,
  readingMinutes,
  type AdminArticleListInputSchema,
  type ArticleAdminDto,
  type ArticleData,
  type ArticlePreviewDto,
  type ArticleStatus,
  type AttachmentDto,
  type PublishInputSchema,
} from '../articles.schema.ts';
import { Article, ArticleAttachment, ArticleSlugRedirect, LegalVersion, type IArticle } from './article.entity.ts';
import { attachmentsOf, isPublic } from './articles.service.ts';
import { renderMarkdown, uploadUrlsIn } from '../../../lib/server/markdown.ts';

function effectiveStatus(a: IArticle, now: Date): ArticleStatus {
  if (a.status === 'draft') return 'draft';
  return isPublic(a, now) ? 'published' : 'scheduled';
}

export function toArticleAdminDto(a: IArticle, now = new Date(), attachments: AttachmentDto[] = []): ArticleAdminDto {
  return {
    attachments,
    id: a.id,
    kind: a.kind,
    title: a.title,
    slug: a.slug,
    summary: a.summary,
    body: a.body,
    coverImageUrl: a.coverImageUrl ?? null,
    tags: a.tags ?? [],
    authorName: a.authorName,
    category: a.category ?? null,
    sortOrder: a.sortOrder,
    legalPage: a.legalPage ?? null,
    status: effectiveStatus(a, now),
    publishedAt: a.publishedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

async function withAttachments(em: EntityManager, a: IArticle): Promise<ArticleAdminDto> {
  return toArticleAdminDto(a, new Date(), (await attachmentsOf(em, [a.id])).get(a.id) ?? []);
}

async function toPreviewDto(em: EntityManager, a: IArticle): Promise<ArticlePreviewDto> {
  return { ...(await withAttachments(em, a)), html: renderMarkdown(a.body), readingMinutes: readingMinutes(a.body) };
}

/** Replaces a resource's attachments with `files`, in order. */
async function setAttachments(em: EntityManager, article: IArticle, files: AttachmentDto[]) {
  await em.nativeDelete(ArticleAttachment, { article: article.id });
  files.forEach((f, position) => em.create(ArticleAttachment, { article, url: f.url, name: f.name, position }));
  await em.flush();
}

/** Posts (and legal pages): drafts first (no publication time), then the latest published; articles_list_order_index. */
const NEWEST_POST_FIRST: KeyOrder = [
  { field: 'publishedAt', type: 'date', dir: 'desc', nullsFirst: true },
  { field: 'updatedAt', type: 'date', dir: 'desc' },
  { field: 'id', type: 'integer', dir: 'desc' },
];
/** Guides by category, then in the breeder's order and by title (a guide always has a category). */
const GUIDE_ORDER: KeyOrder = [
  { field: 'category', type: 'string', dir: 'asc' },
  { field: 'sortOrder', type: 'integer', dir: 'asc' },
  { field: 'title', type: 'string', dir: 'asc' },
  { field: 'id', type: 'integer', dir: 'asc' },
];

export async function listArticlesAdmin(
  em: EntityManager,
  input: z.output<typeof AdminArticleListInputSchema>,
  now = new Date(),
): Promise<Page<ArticleAdminDto>> {
  const statusWhere =
    input.status === 'draft'
      ? { status: 'draft' as const }
      : input.status === 'published'
        ? { status: { $ne: 'draft' as const }, publishedAt: { $lte: now } }
        : input.status === 'scheduled'
          ? { status: { $ne: 'draft' as const }, publishedAt: { $gt: now } }
          : {};
  const searchWhere = input.search ? searchAny(input.search, ['title', 'summary', 'slug']) : {};
  const where = { kind: input.kind, ...statusWhere, ...searchWhere };
  const { rows, ...page } = await keysetPage(em, Article, where, input.kind === 'resource' ? GUIDE_ORDER : NEWEST_POST_FIRST, input);
  const files = await attachmentsOf(
    em,
    rows.map((a) => a.id),
  );
  return { ...page, items: rows.map((a) => toArticleAdminDto(a, now, files.get(a.id) ?? [])) };
}

async function findArticle(em: EntityManager, id: number) {
  const row = await em.findOne(Article, { id });
  if (!row) throw notFound('Article');
  return row;
}

/** The editor's record and the private preview: the body rendered exactly as the public page renders it. */
export async function getArticleAdmin(em: EntityManager, id: number): Promise<ArticlePreviewDto> {
  return toPreviewDto(em, await findArticle(em, id));
}

export function previewMarkdown(body: string): { html: string; readingMinutes: number } {
  return { html: renderMarkdown(body), readingMinutes: readingMinutes(body) };
}

const slugTaken = () => new AppError('CONFLICT', ARTICLE_MESSAGES.slugTaken, { slug: [ARTICLE_MESSAGES.slugTaken] });
const legalPageTaken = () => new AppError('CONFLICT', ARTICLE_MESSAGES.legalPageTaken, { legalPage: [ARTICLE_MESSAGES.legalPageTaken] });

/** Field errors for an address or legal page another article holds; the database's unique keys back this up. */
async function checkClashes(em: EntityManager, data: ArticleData, id: number | null) {
  const notSelf = id === null ? {} : { id: { $ne: id } };
  if (await em.count(Article, { kind: data.kind, slug: data.slug, ...notSelf })) throw slugTaken();
  if (data.kind === 'legal' && (await em.count(Article, { legalPage: data.legalPage, ...notSelf }))) throw legalPageTaken();
}

/** Kind-specific fields only for their kind, so a stray value cannot reach another kind's pages. */
function fieldsOf(data: ArticleData) {
  return {
    title: data.title,
    slug: data.slug,
    summary: data.summary,
    body: data.body,
    coverImageUrl: data.coverImageUrl,
    tags: data.kind === 'blog' ? data.tags : [],
    authorName: data.kind === 'blog' ? data.authorName : '',
    category: data.kind === 'resource' ? data.category : null,
    sortOrder: data.kind === 'resource' ? data.sortOrder : 0,
    legalPage: data.kind === 'legal' ? data.legalPage : null,
  };
}

async function flushMappingClashes(em: EntityManager, data: ArticleData) {
  try {
    await em.flush();
  } catch (error) {
    // Two saves racing for one address: the unique key decides, and the loser gets the same field error.
    if (error instanceof UniqueConstraintViolationException)
      throw /legal_page/.test(error.message) && data.kind === 'legal' ? legalPageTaken() : slugTaken();
    throw error;
  }
}

export async function createArticle(em: EntityManager, data: ArticleData): Promise<ArticleAdminDto> {
  await checkClashes(em, data, null);
  // A new article may take an address an older one gave up: the old redirect goes.
  await em.nativeDelete(ArticleSlugRedirect, { kind: data.kind, slug: data.slug });
  const now = new Date();
  const row = em.create(Article, {
    kind: data.kind,
    ...fieldsOf(data),
    status: 'draft',
    publishedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  await flushMappingClashes(em, data);
  await setAttachments(em, row, data.attachments);
  return toArticleAdminDto(row, now, data.attachments);
}

/** Writes a legal page's new version when what it says differs from the latest one. */
async function recordLegalVersion(em: EntityManager, row: IArticle, publishedAt: Date) {
  const latest = await em.findOne(LegalVersion, { article: row }, { orderBy: { publishedAt: 'desc', id: 'desc' } });
  if (latest && latest.title === row.title && latest.body === row.body) return;
  em.create(LegalVersion, { article: row, title: row.title, body: row.body, publishedAt });
}

export async function updateArticle(
  em: EntityManager,
  id: number,
  data: ArticleData,
): Promise<{ article: ArticleAdminDto; releasedUrls: string[] }> {
  const row = await findArticle(em, id);
  if (data.kind !== row.kind) throw badRequest('An article cannot change its kind.', { kind: ['An article cannot change its kind.'] });
  await checkClashes(em, data, id);
  const before = {
    slug: row.slug,
    cover: row.coverImageUrl ?? null,
    body: row.body,
    files: ((await attachmentsOf(em, [id])).get(id) ?? []).map((f) => f.url),
  };
  em.assign(row, fieldsOf(data));
  if (before.slug !== row.slug) {
    // The old address keeps answering (301); an address this article had before is its own again.
    await em.nativeDelete(ArticleSlugRedirect, { kind: row.kind, slug: row.slug });
    em.create(ArticleSlugRedirect, { kind: row.kind, slug: before.slug, article: row, createdAt: new Date() });
  }
  // Saving a legal page in force publishes the change: a new version, dated now.
  const now = new Date();
  if (row.kind === 'legal' && isPublic(row, now)) await recordLegalVersion(em, row, now);
  await flushMappingClashes(em, data);
  await setAttachments(em, row, data.attachments);
  const kept = new Set([row.coverImageUrl, ...uploadUrlsIn(row.body), ...data.attachments.map((f) => f.url)]);
  const releasedUrls = [before.cover, ...uploadUrlsIn(before.body), ...before.files].filter((u): u is string => !!u && !kept.has(u));
  return { article: toArticleAdminDto(row, now, data.attachments), releasedUrls };
}

export async function publishArticle(em: EntityManager, input: z.output<typeof PublishInputSchema>): Promise<ArticleAdminDto> {
  const row = await findArticle(em, input.id);
  const now = new Date();
  const at = input.at ? new Date(input.at) : null;
  if (at && at > now) {
    row.status = 'scheduled';
    row.publishedAt = at;
  } else {
    // Publishing again keeps the original date; a draft is dated now.
    if (!isPublic(row, now)) row.publishedAt = at ?? now;
    row.status = 'published';
  }
  if (row.kind === 'legal') await recordLegalVersion(em, row, row.publishedAt!);
  await em.flush();
  return withAttachments(em, row);
}

export async function unpublishArticle(em: EntityManager, id: number): Promise<ArticleAdminDto> {
  const row = await findArticle(em, id);
  if (row.kind === 'legal' && (await em.count(LegalVersion, { article: row }))) {
    throw badRequest('A published legal page stays online. Publish a new version instead.');
  }
  row.status = 'draft';
  row.publishedAt = null;
  await em.flush();
  return withAttachments(em, row);
}

export async function removeArticle(em: EntityManager, id: number): Promise<{ releasedUrls: string[] }> {
  const row = await findArticle(em, id);
  if (row.kind === 'legal' && (await em.count(LegalVersion, { article: row }))) {
    throw badRequest('A published legal page cannot be deleted: families must be able to find what they agreed to.');
  }
  const files = ((await attachmentsOf(em, [id])).get(id) ?? []).map((f) => f.url);
  const urls = [row.coverImageUrl, ...uploadUrlsIn(row.body), ...files].filter((u): u is string => !!u);
  em.remove(row);
  await em.flush();
  return { releasedUrls: urls };
}
