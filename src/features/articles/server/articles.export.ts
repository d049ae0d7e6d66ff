// The writing in the full export (issue 49): articles.csv (blog posts, owner resources and legal pages, each with its
// Markdown), read a batch at a time by id.
import type { ExportRow, ExportTable } from '../../../lib/server/export.ts';
import { afterId, isoInstant } from '../../../lib/server/export.ts';

export const articlesExport: ExportTable = {
  file: 'articles.csv',
  description: 'Every blog post, owner resource and legal page, in Markdown, published or draft.',
  columns: [
    { name: 'id', type: 'integer', meaning: "The article's number on this site." },
    { name: 'kind', type: 'text', meaning: 'blog, resource or legal.' },
    { name: 'title', type: 'text', meaning: 'Title.' },
    { name: 'slug', type: 'text', meaning: 'Its address on the site (/blog/<slug>, /resources/<slug>).' },
    { name: 'status', type: 'text', meaning: 'draft or published.' },
    { name: 'published_at', type: 'timestamp', meaning: 'When it was (or will be) published (UTC).' },
    { name: 'summary', type: 'text', meaning: 'The summary shown in lists and search results.' },
    { name: 'body', type: 'text', meaning: 'The text, in Markdown.' },
    { name: 'tags', type: 'list', meaning: 'Tags, separated by ", ".' },
    { name: 'category', type: 'text', meaning: 'Category (owner resources).' },
    { name: 'legal_page', type: 'text', meaning: 'Which legal page it is (legal pages).' },
    { name: 'author_name', type: 'text', meaning: 'Author as shown.' },
    { name: 'cover_image_url', type: 'file', meaning: 'Cover photo: /uploads/<id>.<ext> is media/<id>.<ext> in this zip.' },
    {
      name: 'attachments',
      type: 'list',
      meaning: 'Files attached, separated by " ": /uploads/<id>.<ext> is media/<id>.<ext> in this zip.',
    },
    { name: 'created_at', type: 'timestamp', meaning: 'When it was started (UTC).' },
    { name: 'updated_at', type: 'timestamp', meaning: 'Last change (UTC).' },
  ],
  read: async (em, last, limit) => {
    const rows = await em.execute<Record<string, unknown>[]>(
      `select a.*, (select string_agg(t."url", ' ' order by t."position") from "article_attachments" t where t."article_id" = a."id") as "attachment_urls"
       from "articles" a where a."id" > ? order by a."id" limit ?`,
      [afterId(last), limit],
    );
    return rows.map((r): ExportRow => ({
      id: Number(r.id),
      kind: r.kind as string,
      title: r.title as string,
      slug: r.slug as string,
      status: r.status as string,
      published_at: isoInstant(r.published_at),
      summary: r.summary as string,
      body: r.body as string,
      tags: ((r.tags as string[] | null) ?? []).join(', '),
      category: (r.category as string | null) ?? null,
      legal_page: (r.legal_page as string | null) ?? null,
      author_name: r.author_name as string,
      cover_image_url: (r.cover_image_url as string | null) ?? null,
      attachments: (r.attachment_urls as string | null) ?? '',
      created_at: isoInstant(r.created_at),
      updated_at: isoInstant(r.updated_at),
    }));
  },
};
