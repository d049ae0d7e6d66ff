import { defineEntity, p } from '@mikro-orm/core';
import { trigramIndexes } from '../../../lib/server/sql.ts';
import { mediaReference } from '../../../lib/server/media-references.ts';
import { ARTICLE_KINDS, ARTICLE_STATUSES, LEGAL_PAGES, RESOURCE_CATEGORIES } from '../articles.schema.ts';

/** A blog post, an owner resource or a legal page; the body is Markdown, rendered and sanitised on read. */
export const Article = defineEntity({
  name: 'Article',
  tableName: 'articles',
  properties: {
    id: p.integer().primary().autoincrement(),
    kind: p.enum(ARTICLE_KINDS),
    title: p.string().length(200),
    slug: p.string().length(200),
    summary: p.text().default(''),
    body: p.text().default(''),
    coverImageUrl: p.string().length(500).nullable(),
    tags: p.array().default([]),
    authorName: p.string().length(100).default(''),
    category: p.enum(RESOURCE_CATEGORIES).nullable(),
    sortOrder: p.integer().default(0),
    /** Each legal page exists once. */
    legalPage: p.enum(LEGAL_PAGES).nullable().unique(),
    status: p.enum(ARTICLE_STATUSES).default('draft'),
    /** Scheduled articles go public when this time passes (the public queries compare it with now). */
    publishedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ properties: ['kind', 'slug'] }],
  indexes: [
    {
      name: 'articles_list_order_index',
      expression: 'create index "articles_list_order_index" on "articles" ("kind", "published_at", "updated_at", "id")',
    },
    { properties: ['kind', 'publishedAt'] },
    {
      name: 'articles_public_index',
      expression: `create index "articles_public_index" on "articles" ("kind", "published_at") include ("tags") where "status" <> 'draft'`,
    },
    ...trigramIndexes('articles', ['title', 'summary', 'slug', 'body']),
  ],
});
export type IArticle = InstanceType<typeof Article.class>;

/** An address an article had before it was renamed: it answers 301 to the current one. */
export const ArticleSlugRedirect = defineEntity({
  name: 'ArticleSlugRedirect',
  tableName: 'article_slug_redirects',
  properties: {
    id: p.integer().primary().autoincrement(),
    kind: p.enum(ARTICLE_KINDS),
    slug: p.string().length(200),
    article: () => p.manyToOne(Article).deleteRule('cascade').index(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  uniques: [{ properties: ['kind', 'slug'] }],
});

/** Every published version of a legal page, kept for good: what a family agreed to stays findable. */
export const LegalVersion = defineEntity({
  name: 'LegalVersion',
  tableName: 'legal_versions',
  properties: {
    id: p.integer().primary().autoincrement(),
    article: () => p.manyToOne(Article).deleteRule('restrict').index(),
    title: p.string().length(200),
    body: p.text(),
    publishedAt: p.datetime(),
  },
});
export type ILegalVersion = InstanceType<typeof LegalVersion.class>;

/** A PDF attached to an owner resource (a care sheet, a contract), in the breeder's order. */
export const ArticleAttachment = defineEntity({
  name: 'ArticleAttachment',
  tableName: 'article_attachments',
  properties: {
    id: p.integer().primary().autoincrement(),
    article: () => p.manyToOne(Article).deleteRule('cascade').index(),
    url: p.string().length(500),
    /** What the link says, e.g. "Go-home care sheet". */
    name: p.string().length(150),
    position: p.integer(),
  },
});

/** Columns holding upload URLs (the cover, and images inside Markdown bodies): kept while referred to. */
export const articleMediaRefs = mediaReference(Article, ['coverImageUrl', 'body']);
export const articleAttachmentMediaRefs = mediaReference(ArticleAttachment, ['url']);
export const legalVersionMediaRefs = mediaReference(LegalVersion, ['body']);
