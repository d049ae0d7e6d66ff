// Words and status labels the dashboard's article screens share.
import { ToneBadge, type Tone } from '../../../../lib/client/ToneBadge.tsx';
import { formatDateTime } from '../../../../lib/client/admin/admin-utils.ts';
import type { ArticleAdminDto, ArticleKind, ArticleStatus } from '../../articles.schema.ts';

export const KIND_TEXT: Record<
  ArticleKind,
  { title: string; what: string; one: string; add: string; publicPath: (slug: string, a: ArticleAdminDto) => string }
> = {
  blog: { title: 'Blog', what: 'blog posts', one: 'post', add: 'Write a post', publicPath: (slug) => `/blog/${slug}` },
  resource: { title: 'Owner resources', what: 'guides', one: 'guide', add: 'Add a guide', publicPath: (slug) => `/resources/${slug}` },
  legal: {
    title: 'Legal pages',
    what: 'legal pages',
    one: 'legal page',
    add: 'Add a legal page',
    publicPath: (_slug, a) => (a.legalPage === 'terms' ? '/terms-of-service' : '/privacy-policy'),
  },
};

export const STATUS: Record<ArticleStatus, { label: string; tone: Tone }> = {
  draft: { label: 'Draft', tone: 'gray' },
  scheduled: { label: 'Scheduled', tone: 'yellow' },
  published: { label: 'Published', tone: 'green' },
};

export function StatusBadge({ status }: { status: ArticleStatus }) {
  return <ToneBadge tone={STATUS[status].tone}>{STATUS[status].label}</ToneBadge>;
}

export function statusLine(a: ArticleAdminDto): string {
  if (a.status === 'draft') return `Last saved ${formatDateTime(a.updatedAt)}`;
  if (a.status === 'scheduled') return `Goes online ${formatDateTime(a.publishedAt!)}`;
  return `Published ${formatDateTime(a.publishedAt!)}`;
}
