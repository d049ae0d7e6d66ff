// What differs between the blog and the owner resources: addresses and words. The pages themselves are shared
// (their titles are the routes' heads: article-heads.ts).
import { ARTICLE_SEARCH_MAX } from '../article-search.ts';

export type PublicArticleKind = 'blog' | 'resource';

/** `?q=`, as the list routes read it: trimmed, and kept when too long so that the page can say so (it is not searched). */
export function searchParam(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, 1000) : undefined;
}

/** Too long a search is not sent: the page says so. */
export const searchTooLong = (q: string | undefined) => !!q && q.length > ARTICLE_SEARCH_MAX;

export interface ArticleKindText {
  listPath: '/blog' | '/resources';
  /** The address of one article (the resources' route names its segment `id`). */
  link: (slug: string) => { to: '/blog/$slug'; params: { slug: string } } | { to: '/resources/$id'; params: { id: string } };
  listTitle: string;
  listIntro: string;
  empty: string;
  /** The search box's label, the button's, and what a search that finds nothing says. */
  search: { label: string; placeholder: string; none: (q: string) => string; found: (n: number, q: string) => string; all: string };
  backLink: string;
  notFound: { title: string; text: string; link: string };
  closing: { before: string; link: string; after: string };
}

export const ARTICLE_KIND_TEXT: Record<PublicArticleKind, ArticleKindText> = {
  blog: {
    listPath: '/blog',
    link: (slug) => ({ to: '/blog/$slug', params: { slug } }),
    listTitle: 'Our Blog',
    listIntro: 'Advice from our home to yours: getting ready for a puppy, the first weeks together and caring for a doodle coat.',
    empty: 'No articles yet. Check back soon!',
    search: {
      label: 'Search posts',
      placeholder: 'Crate training, grooming…',
      none: (q) => `No posts match “${q}”.`,
      found: (n, q) => `${n} ${n === 1 ? 'post matches' : 'posts match'} “${q}”.`,
      all: 'See all posts',
    },
    backLink: '← All articles',
    notFound: {
      title: 'Article not found',
      text: "We couldn't find that article. It may have been renamed or removed.",
      link: 'See all articles',
    },
    closing: { before: 'Questions about your own puppy? ', link: 'Get in touch with us', after: '.' },
  },
  resource: {
    listPath: '/resources',
    link: (id) => ({ to: '/resources/$id', params: { id } }),
    listTitle: 'Owner Resources',
    listIntro:
      'Practical guides for the weeks before and after your puppy comes home. Your veterinarian is always your first call for health questions, and we are always happy to help too.',
    empty: 'No guides yet. Check back soon!',
    search: {
      label: 'Search the guides',
      placeholder: 'Feeding, vaccines…',
      none: (q) => `No guides match “${q}”.`,
      found: (n, q) => `${n} ${n === 1 ? 'guide matches' : 'guides match'} “${q}”.`,
      all: 'See all owner resources',
    },
    backLink: '← All owner resources',
    notFound: {
      title: 'Guide not found',
      text: "We couldn't find that guide. It may have been renamed or removed.",
      link: 'See all owner resources',
    },
    closing: { before: 'Still have a question? ', link: 'Contact us', after: ': we support our families for the life of their dog.' },
  },
};
