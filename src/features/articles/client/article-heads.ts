// The heads of the article pages (each route's head() calls one): a post or guide names itself and
// shares its own cover photo; a post is a BlogPosting; both sit in a breadcrumb trail; the blog offers
// its feed. The route's loader has the article in the cache (the server awaits it).
import { trpc } from '../../../lib/client/trpc.ts';
import { clip, type ServedHead } from '../../../lib/shared/page-head.ts';
import type { HeadTools } from '../../../lib/client/route-head.ts';
import type { LegalPageName } from '../articles.schema.ts';

const BLOG_FEED = { title: 'Blog (RSS)', href: '/blog/feed.xml' };
const BLOG_DESCRIPTION = 'Stories, puppy updates and advice from our family.';
const GUIDES_DESCRIPTION = 'Guides for new Goldendoodle owners.';

export const blogListHead = ({ title }: HeadTools): ServedHead => ({
  title: title('Blog'),
  description: BLOG_DESCRIPTION,
  feeds: [BLOG_FEED],
});

export const resourceListHead = ({ title }: HeadTools): ServedHead => ({
  title: title('Owner Resources'),
  description: GUIDES_DESCRIPTION,
});

export function blogPostHead(tools: HeadTools, slug: string): ServedHead {
  const { data, title, origin, breadcrumbs } = tools;
  const post = data(trpc.articles.blogPost.queryKey({ slug }));
  if (!post || 'movedTo' in post) return blogListHead(tools);
  const posting = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.summary || undefined,
    datePublished: post.publishedAt,
    author: post.authorName ? { '@type': 'Person', name: post.authorName } : undefined,
    image: post.coverImageUrl ? `${origin}${post.coverImageUrl}?w=1200` : undefined,
    keywords: post.tags.length ? post.tags.join(', ') : undefined,
    mainEntityOfPage: `${origin}/blog/${post.slug}`,
  };
  return {
    title: title(post.title, 'Blog'),
    description: clip(post.summary || BLOG_DESCRIPTION),
    image: post.coverImageUrl,
    type: 'article',
    feeds: [BLOG_FEED],
    jsonLd: [
      posting,
      breadcrumbs([
        ['Blog', '/blog'],
        [post.title, `/blog/${post.slug}`],
      ]),
    ],
  };
}

export function resourceHead(tools: HeadTools, slug: string): ServedHead {
  const guide = tools.data(trpc.articles.resource.queryKey({ slug }));
  if (!guide || 'movedTo' in guide) return resourceListHead(tools);
  return {
    title: tools.title(guide.title, 'Owner Resources'),
    description: clip(guide.summary || GUIDES_DESCRIPTION),
    image: guide.coverImageUrl,
    type: 'article',
    jsonLd: [
      tools.breadcrumbs([
        ['Owner Resources', '/resources'],
        [guide.title, `/resources/${guide.id}`],
      ]),
    ],
  };
}

const LEGAL = {
  privacy: { title: 'Privacy Policy', description: 'How we handle your information.' },
  terms: { title: 'Terms of Service', description: 'The terms of using this website.' },
} as const;

export function legalHead({ data, title }: HeadTools, page: LegalPageName, version: number | undefined): ServedHead {
  const legal = data(trpc.articles.legal.queryKey({ page, version }));
  return { title: title(legal?.title || LEGAL[page].title), description: LEGAL[page].description };
}
