import { z } from 'zod';
import { queryValue, restRoutes } from '../../../lib/server/rest.ts';
import { IsoInstantSchema } from '../../../lib/shared/api-error.ts';
import {
  BlogListInputSchema,
  LEGAL_PAGES,
  ResourceSearchInputSchema,
  LegalInputSchema,
  RESOURCE_CATEGORIES,
  type BlogListDto,
  type BlogPostDto,
  type LegalPageDto,
  type ResourceDto,
  type ResourceSummaryDto,
} from '../articles.schema.ts';
import { articlesRouter } from './articles.router.ts';

const BlogPostSummarySchema = z
  .strictObject({
    slug: z.string(),
    title: z.string(),
    summary: z.string(),
    coverImageUrl: z.string().nullable(),
    publishedAt: IsoInstantSchema,
    tags: z.array(z.string()),
  })
  .meta({ id: 'BlogPostSummary' });
const BlogListSchema = z
  .strictObject({
    items: z.array(BlogPostSummarySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    tags: z.array(z.string()),
    q: z.string().optional().meta({ description: 'The search the posts were found by, when there was one' }),
  })
  .meta({ id: 'BlogList' }) satisfies z.ZodType<BlogListDto>;
const ArticleLinkSchema = z.strictObject({ slug: z.string(), title: z.string() });
const BlogPostSchema = BlogPostSummarySchema.extend({
  authorName: z.string(),
  html: z.string().meta({ description: 'The body rendered from Markdown and sanitised' }),
  readingMinutes: z.number().int(),
  previous: ArticleLinkSchema.nullable(),
  next: ArticleLinkSchema.nullable(),
}).meta({ id: 'BlogPost' }) satisfies z.ZodType<BlogPostDto>;
const ResourceSummarySchema = z
  .strictObject({
    id: z.string().meta({ description: 'A readable slug' }),
    title: z.string(),
    summary: z.string(),
    coverImageUrl: z.string().nullable(),
    category: z.enum(RESOURCE_CATEGORIES),
    order: z.number().int(),
  })
  .meta({ id: 'ResourceSummary' }) satisfies z.ZodType<ResourceSummaryDto>;
const ResourceSchema = ResourceSummarySchema.extend({
  html: z.string(),
  updatedAt: IsoInstantSchema,
  attachments: z.array(z.strictObject({ url: z.string(), name: z.string() })),
}).meta({ id: 'Resource' }) satisfies z.ZodType<ResourceDto>;
const LegalPageSchema = z
  .strictObject({
    page: z.enum(LEGAL_PAGES),
    title: z.string(),
    html: z.string(),
    updatedAt: IsoInstantSchema,
    versionId: z.number().int(),
    current: z.boolean(),
    versions: z.array(z.strictObject({ id: z.number().int(), publishedAt: IsoInstantSchema })),
  })
  .meta({ id: 'LegalPage' }) satisfies z.ZodType<LegalPageDto>;
const slugParam = (name: string) => z.object({ [name]: z.string().min(1).max(200) });
const MOVED = 'An old address: 301 with Location and { movedTo } pointing at the current one.';

const pageOf = (v: string | string[] | undefined) => {
  const raw = queryValue(v);
  return raw === undefined ? undefined : Number(raw);
};
const moved = (prefix: string) => (result: unknown) =>
  result && typeof result === 'object' && 'movedTo' in result ? `${prefix}/${encodeURIComponent(String(result.movedTo))}` : null;

export const articlesRest = restRoutes(articlesRouter, [
  {
    method: 'GET',
    url: '/api/blog',
    call: (c, req) => c.blogList({ page: pageOf(req.query.page), tag: queryValue(req.query.tag), q: queryValue(req.query.q) }),
    doc: {
      tag: 'Blog',
      summary: 'Published posts, newest first, a page at a time',
      description: 'With `q`: only the posts whose title, summary or text contain it (at most 100 characters).',
      query: BlogListInputSchema.unwrap(),
      response: BlogListSchema,
      errors: [400],
    },
  },
  {
    method: 'GET',
    url: '/api/blog/:slug',
    call: (c, req) => c.blogPost({ slug: req.params.slug! }),
    movedTo: moved('/api/blog'),
    doc: {
      tag: 'Blog',
      summary: 'One published post',
      description: MOVED,
      params: slugParam('slug'),
      response: BlogPostSchema,
      errors: [301, 404],
    },
  },
  {
    method: 'GET',
    url: '/api/resources',
    call: (c, req) => {
      const q = queryValue(req.query.q);
      return !q ? c.resources() : c.resourceSearch({ q, page: pageOf(req.query.page) }).then((found) => found.items);
    },
    doc: {
      tag: 'Owner resources',
      summary: 'Published owner guides',
      description: 'Every guide; with `q`, the guides whose title, summary or text contain it, 10 a page (`page`).',
      query: ResourceSearchInputSchema.partial(),
      response: z.array(ResourceSummarySchema),
      errors: [400],
    },
  },
  {
    method: 'GET',
    url: '/api/resources/:id',
    call: (c, req) => c.resource({ slug: req.params.id! }),
    movedTo: moved('/api/resources'),
    doc: {
      tag: 'Owner resources',
      summary: 'One owner guide',
      description: MOVED,
      params: slugParam('id'),
      response: ResourceSchema,
      errors: [301, 404],
    },
  },
  {
    method: 'GET',
    url: '/api/legal/:page',
    call: (c, req) => c.legal({ page: req.params.page as 'privacy', version: pageOf(req.query.version) }),
    doc: {
      tag: 'Legal',
      summary: 'A legal page: the version in force, or an earlier one by id',
      params: LegalInputSchema.pick({ page: true }),
      query: LegalInputSchema.pick({ version: true }),
      response: LegalPageSchema,
      errors: [400, 404],
    },
  },
]);
