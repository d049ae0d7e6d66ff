// What the server knows about a page before any JavaScript runs: whether its content exists (404 for
// an unknown post, guide or dog; 301 from an old address), whether it needs a session (302 to /auth),
// and its own title, description and sharing picture. The procedures are called in-process with the
// request's context, as the screens call them over HTTP.
import { TRPCError } from '@trpc/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchPageHead, notFoundPageHead, pageTitle, type PageHead } from '../lib/shared/page-head.ts';
import { appRouter } from './router.ts';
import { createContext } from './context.ts';

/** A page's head: the route's, or its content's own (with the picture shared in link previews). */
export interface ServedHead extends PageHead {
  /** An upload URL (/uploads/…) or a site path of the sharing picture; the site's default without one. */
  image?: string | null;
  type?: 'website' | 'article';
  /** The canonical address when it is not the path itself (a shared puppy: /?puppy=7). */
  canonicalPath?: string;
  /** Structured data (schema.org), rendered as application/ld+json blocks. */
  jsonLd?: object[];
  /** Feeds the page offers (the blog's RSS). */
  feeds?: Array<{ title: string; href: string }>;
}

type Crumb = [name: string, path: string];
/** A BreadcrumbList for a nested page: Home, then each level, absolute URLs. */
function breadcrumbs(origin: string, crumbs: Crumb[]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [['Home', '/'] as Crumb, ...crumbs].map(([name, path], i) => ({ '@type': 'ListItem', position: i + 1, name, item: `${origin}${path}` })),
  };
}

/** "Monument, Colorado" → locality and region; the street address is never published. */
function place(town: string) {
  const [locality, region] = town.split(',').map((s) => s.trim());
  return { '@type': 'PostalAddress', addressLocality: locality, ...(region ? { addressRegion: region } : {}), addressCountry: 'US' };
}

export const BLOG_FEED = { title: 'Blog (RSS)', href: '/blog/feed.xml' };

export type PageAnswer = { status: 200 | 404; head: ServedHead } | { status: 301 | 302; location: string };

const clip = (text: string, max = 160) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);
/** Not found, or an address no record could have (a slug too long, say). */
const isNotFound = (error: unknown) => error instanceof TRPCError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST');
const notFound = (site: string | null): PageAnswer => ({ status: 404, head: notFoundPageHead(site) });

export async function resolvePage(request: FastifyRequest, reply: FastifyReply, pathname: string, search: URLSearchParams): Promise<PageAnswer> {
  const origin = request.server.services.env.appOrigin;
  const caller = appRouter.createCaller(createContext(request, reply));
  // Titles end with the breeder's name (a public read, cached); a page still has a title without it.
  const site = await caller.settings
    .get()
    .then((s) => s.breederName)
    .catch((err: unknown) => {
      request.log.error({ err, pathname }, 'reading the site name for the page head failed');
      return null;
    });
  const routeHead = matchPageHead(pathname, site);
  if (!routeHead) return notFound(site);
  // The dashboard and the family's account need a signed-in user: say so before sending a page (the browser comes back after).
  if (/^\/(admin|account)(\/|$)/.test(pathname) && !request.user) {
    const back = `${pathname}${search.size ? `?${search}` : ''}`;
    return { status: 302, location: `/auth?redirect=${encodeURIComponent(back)}` };
  }
  try {
    const blog = /^\/blog\/([^/]+)\/?$/.exec(pathname);
    if (blog) {
      const post = await caller.articles.blogPost({ slug: decodeURIComponent(blog[1]!) });
      if ('movedTo' in post) return { status: 301, location: `/blog/${post.movedTo}` };
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
        status: 200,
        head: {
          title: pageTitle(site, post.title, 'Blog'),
          description: clip(post.summary || routeHead.description),
          image: post.coverImageUrl,
          type: 'article',
          feeds: [BLOG_FEED],
          jsonLd: [posting, breadcrumbs(origin, [['Blog', '/blog'], [post.title, `/blog/${post.slug}`]])],
        },
      };
    }
    const guide = /^\/resources\/([^/]+)\/?$/.exec(pathname);
    if (guide) {
      const found = await caller.articles.resource({ slug: decodeURIComponent(guide[1]!) });
      if ('movedTo' in found) return { status: 301, location: `/resources/${found.movedTo}` };
      return {
        status: 200,
        head: {
          title: pageTitle(site, found.title, 'Owner Resources'),
          description: clip(found.summary || routeHead.description),
          image: found.coverImageUrl,
          type: 'article',
          jsonLd: [breadcrumbs(origin, [['Owner Resources', '/resources'], [found.title, `/resources/${found.id}`]])],
        },
      };
    }
    const tree = /^\/family-tree\/([^/]+)\/?$/.exec(pathname);
    if (tree) {
      const id = Number(tree[1]);
      // Any public dog of the registry (ours, a litter's parent, an ancestor of either); the rest are 404s.
      const dog = /^[1-9]\d{0,8}$/.test(tree[1]!) ? await caller.parents.pedigree({ id, generations: 1 }).catch(() => undefined) : undefined;
      if (!dog) return notFound(site);
      const description = (await caller.parents.featured()).find((d) => d.id === id)?.description;
      return {
        status: 200,
        head: {
          title: pageTitle(site, `${dog.name}'s Family Tree`),
          description: clip(description || routeHead.description),
          image: dog.imageUrl,
          jsonLd: [breadcrumbs(origin, [['Family Tree', '/family-tree'], [dog.name, `/family-tree/${dog.id}`]])],
        },
      };
    }
    const puppyId = pathname === '/' ? Number(search.get('puppy')) : NaN;
    if (Number.isInteger(puppyId) && puppyId > 0) {
      const puppy = (await caller.puppies.featured()).find((p) => p.id === puppyId);
      // An unknown or sold puppy still opens the home page: the link was shared in good faith.
      if (puppy) {
        const what = `${puppy.gender === 'male' ? 'Male' : 'Female'} ${puppy.color.toLowerCase()} mini Goldendoodle puppy`;
        return {
          status: 200,
          head: {
            title: pageTitle(site, `${puppy.name}: ${what}`),
            description: clip(puppy.description ? `${what}. ${puppy.description}` : `${what}, raised in our family home.`),
            image: puppy.imageUrl,
            canonicalPath: `/?puppy=${puppy.id}`,
          },
        };
      }
    }
    if (pathname === '/blog' || pathname === '/blog/') return { status: 200, head: { ...routeHead, feeds: [BLOG_FEED] } };
    if (pathname === '/') {
      const settings = await caller.settings.get();
      const business = {
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        name: settings.breederName,
        description: routeHead.description,
        url: `${origin}/`,
        telephone: settings.phone,
        email: settings.email,
        address: place(settings.town),
        image: `${origin}/og-image.jpg`,
        sameAs: [settings.facebookUrl, settings.instagramUrl, settings.youtubeUrl].filter(Boolean),
      };
      const faq = settings.faq.length
        ? [{
            '@context': 'https://schema.org',
            '@type': 'FAQPage',
            mainEntity: settings.faq.map((f) => ({ '@type': 'Question', name: f.question, acceptedAnswer: { '@type': 'Answer', text: f.answer } })),
          }]
        : [];
      return { status: 200, head: { ...routeHead, jsonLd: [business, ...faq] } };
    }
  } catch (error) {
    if (isNotFound(error)) return notFound(site);
    // The page itself still loads and reports the trouble; the generic head is better than no page.
    request.log.error({ err: error, pathname }, 'resolving the page head failed');
  }
  return { status: 200, head: routeHead };
}
