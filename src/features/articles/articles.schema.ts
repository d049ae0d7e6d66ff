// Articles: blog posts, owner resources and the legal pages, one shape told apart by kind. Isomorphic:
// the server and the dashboard's forms check the same rules with the same messages.
import { z } from 'zod';
import { slugify } from '../../lib/shared/format.ts';
import { CursorSchema } from '../../lib/shared/paging.ts';
import { requiredDocumentPath } from '../media/media.schema.ts';
import { RESOURCE_CATEGORIES, RESOURCE_CATEGORY_LABELS, formatArticleDate, type ResourceCategory } from './article-labels.ts';

export const ARTICLE_KINDS = ['blog', 'resource', 'legal'] as const;
export const ArticleKindSchema = z.enum(ARTICLE_KINDS);
export type ArticleKind = z.infer<typeof ArticleKindSchema>;

export const ARTICLE_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export { RESOURCE_CATEGORIES, RESOURCE_CATEGORY_LABELS, formatArticleDate, type ResourceCategory };

export const LEGAL_PAGES = ['privacy', 'terms'] as const;
export type LegalPageName = (typeof LEGAL_PAGES)[number];
export const LEGAL_PAGE_LABELS: Record<LegalPageName, string> = { privacy: 'Privacy Policy', terms: 'Terms of Service' };

/** Markdown bodies are capped at 200 KB (UTF-8 bytes). */
export const BODY_MAX_BYTES = 200 * 1024;
/** Words a reader gets through in a minute, for "5 min read". */
const WORDS_PER_MINUTE = 200;
/** Public blog list page size. */
export const BLOG_PAGE_SIZE = 10;

export const ARTICLE_MESSAGES = {
  bodyTooLarge: 'The text is too long: at most 200 KB (about 30,000 words) fits in one article.',
  slugTaken: 'Another article already uses this address. Choose a different one.',
  legalPageTaken: 'This legal page already exists. Edit it instead of adding another.',
  categoryRequired: 'Choose a category.',
  legalPageRequired: 'Choose which legal page this is.',
  publishAtInvalid: 'Choose a valid date and time.',
  attachmentsOnlyResources: 'Only owner resources can have attachments.',
  attachmentNameRequired: 'Name the file, e.g. “Go-home care sheet”.',
  attachmentRepeated: 'Each file can be attached only once.',
} as const;

/** How many PDFs one resource can carry. */
export const ATTACHMENTS_MAX = 10;

export const AttachmentSchema = z.object({
  url: requiredDocumentPath('Choose a PDF.'),
  name: z.string().trim().min(1, ARTICLE_MESSAGES.attachmentNameRequired).max(150, 'A file name can be at most 150 characters.'),
});
export type AttachmentDto = z.output<typeof AttachmentSchema>;

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

const TagSchema = z.string().trim().min(1).max(40, 'A tag can be at most 40 characters.');

/** What the dashboard's editor saves; kind-specific fields are ignored for the other kinds. */
export const ArticleInputSchema = z
  .object({
    kind: ArticleKindSchema,
    title: z.string().trim().min(1, 'Title is required.').max(200, 'Title must be at most 200 characters.'),
    /** Empty: made from the title (SPEC §3 slug rule). */
    slug: z.string().trim().max(200, 'The address must be at most 200 characters.').default(''),
    summary: z.string().trim().max(500, 'Summary must be at most 500 characters.').default(''),
    body: z
      .string()
      .refine((s) => utf8Bytes(s) <= BODY_MAX_BYTES, ARTICLE_MESSAGES.bodyTooLarge)
      .default(''),
    coverImageUrl: z
      .string()
      .trim()
      .max(500)
      .nullish()
      .transform((v) => v || null),
    tags: z.array(TagSchema).max(20, 'At most 20 tags.').default([]),
    authorName: z.string().trim().max(100, 'Author name must be at most 100 characters.').default(''),
    category: z
      .enum(RESOURCE_CATEGORIES, ARTICLE_MESSAGES.categoryRequired)
      .nullish()
      .transform((v) => v ?? null),
    sortOrder: z.number().int().min(0).max(100_000).default(0),
    legalPage: z
      .enum(LEGAL_PAGES, ARTICLE_MESSAGES.legalPageRequired)
      .nullish()
      .transform((v) => v ?? null),
    attachments: z.array(AttachmentSchema).max(ATTACHMENTS_MAX, `At most ${ATTACHMENTS_MAX} files.`).default([]),
  })
  .transform((a) => ({
    ...a,
    slug: slugify(a.slug || a.title),
    tags: [...new Set(a.tags.map((t) => t.toLowerCase()))],
  }))
  .superRefine((a, ctx) => {
    if (!a.slug) ctx.addIssue({ code: 'custom', path: ['slug'], message: 'The address needs at least one letter or digit.' });
    if (a.kind === 'resource' && !a.category)
      ctx.addIssue({ code: 'custom', path: ['category'], message: ARTICLE_MESSAGES.categoryRequired });
    if (a.kind === 'legal' && !a.legalPage)
      ctx.addIssue({ code: 'custom', path: ['legalPage'], message: ARTICLE_MESSAGES.legalPageRequired });
    if (a.kind !== 'resource' && a.attachments.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['attachments'], message: ARTICLE_MESSAGES.attachmentsOnlyResources });
    }
    if (new Set(a.attachments.map((f) => f.url)).size !== a.attachments.length) {
      ctx.addIssue({ code: 'custom', path: ['attachments'], message: ARTICLE_MESSAGES.attachmentRepeated });
    }
  });
export type ArticleInput = z.input<typeof ArticleInputSchema>;
export type ArticleData = z.output<typeof ArticleInputSchema>;

export const ArticleUpdateSchema = z.object({ id: z.number().int().positive(), data: ArticleInputSchema });

/** Publish now (no `at`, or a time already past) or schedule for `at`. */
export const PublishInputSchema = z.object({
  id: z.number().int().positive(),
  at: z.iso.datetime({ offset: true, message: ARTICLE_MESSAGES.publishAtInvalid }).optional(),
});

export const AdminArticleListInputSchema = z.object({
  kind: ArticleKindSchema,
  page: z.number().int().min(1).max(100_000).default(1),
  after: CursorSchema.optional(),
  search: z
    .string()
    .trim()
    .max(100, 'Search must be at most 100 characters.')
    .optional()
    .transform((v) => v || undefined),
  status: z.enum(ARTICLE_STATUSES).optional(),
});

export const PreviewInputSchema = z.object({
  body: z.string().refine((s) => utf8Bytes(s) <= BODY_MAX_BYTES, ARTICLE_MESSAGES.bodyTooLarge),
});

/** The longest search the public blog and resources take (the dashboard lists take the same). */
export { ARTICLE_SEARCH_MAX, ARTICLE_SEARCH_TOO_LONG } from './article-search.ts';
import { ARTICLE_SEARCH_MAX, ARTICLE_SEARCH_TOO_LONG } from './article-search.ts';

/** A visitor's search of the posts or guides (`?q=`): words found in the title, the summary or the text. */
export const ArticleSearchSchema = z
  .string(ARTICLE_SEARCH_TOO_LONG)
  .trim()
  .max(ARTICLE_SEARCH_MAX, ARTICLE_SEARCH_TOO_LONG)
  .optional()
  .transform((v) => v || undefined);

export const BlogListInputSchema = z
  .object({
    page: z.number().int().min(1).max(100_000).default(1),
    tag: z
      .string()
      .trim()
      .max(40)
      .optional()
      .transform((v) => (v ? v.toLowerCase() : undefined)),
    q: ArticleSearchSchema,
  })
  .default({ page: 1, tag: undefined, q: undefined });

/** The owner resources searched (`/resources?q=`), a page at a time. */
export const ResourceSearchInputSchema = z.object({
  q: z.string(ARTICLE_SEARCH_TOO_LONG).trim().min(1, 'Type a word to search for.').max(ARTICLE_SEARCH_MAX, ARTICLE_SEARCH_TOO_LONG),
  page: z.number().int().min(1).max(100_000).default(1),
});

export const SlugInputSchema = z.object({ slug: z.string().trim().min(1).max(200) });
export const LegalInputSchema = z.object({ page: z.enum(LEGAL_PAGES), version: z.number().int().positive().optional() });

// Public shapes (REST and screens).

export interface BlogPostSummaryDto {
  slug: string;
  title: string;
  summary: string;
  coverImageUrl: string | null;
  publishedAt: string;
  tags: string[];
}

export interface BlogListDto {
  items: BlogPostSummaryDto[];
  total: number;
  page: number;
  pageSize: number;
  /** The search the posts were found by, when there was one. */
  q?: string;
  /** Every tag of a published post, for the filter. */
  tags: string[];
}

export interface ArticleLinkDto {
  slug: string;
  title: string;
}

export interface BlogPostDto extends BlogPostSummaryDto {
  authorName: string;
  html: string;
  readingMinutes: number;
  /** The next older and the next newer post. */
  previous: ArticleLinkDto | null;
  next: ArticleLinkDto | null;
}

export interface ResourceSummaryDto {
  /** A readable slug. */
  id: string;
  title: string;
  summary: string;
  coverImageUrl: string | null;
  category: ResourceCategory;
  order: number;
}

/** Owner resources found by a search, a page at a time. */
export interface ResourceSearchDto {
  items: ResourceSummaryDto[];
  total: number;
  page: number;
  pageSize: number;
  q: string;
}

export interface ResourceDto extends ResourceSummaryDto {
  html: string;
  updatedAt: string;
  /** PDFs to download (care sheets, contracts), in the breeder's order. */
  attachments: AttachmentDto[];
}

/** An old address answers with where the article lives now. */
export interface MovedDto {
  movedTo: string;
}

export interface LegalVersionSummaryDto {
  id: number;
  publishedAt: string;
}

export interface LegalPageDto {
  page: LegalPageName;
  title: string;
  html: string;
  /** When the version shown was published: "Last updated". */
  updatedAt: string;
  /** The version shown, and whether it is the one in force. */
  versionId: number;
  current: boolean;
  /** Every published version, newest first. */
  versions: LegalVersionSummaryDto[];
}

// Dashboard shapes.

export interface ArticleAdminDto {
  id: number;
  kind: ArticleKind;
  title: string;
  slug: string;
  summary: string;
  body: string;
  coverImageUrl: string | null;
  tags: string[];
  authorName: string;
  category: ResourceCategory | null;
  sortOrder: number;
  legalPage: LegalPageName | null;
  attachments: AttachmentDto[];
  /** Scheduled articles whose time has come read as published. */
  status: ArticleStatus;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ArticlePreviewDto extends ArticleAdminDto {
  html: string;
  readingMinutes: number;
}

export function readingMinutes(markdown: string): number {
  const words = markdown.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}
