// A page's head, from one source: each route's TanStack Router `head()` declares its title, description,
// sharing picture, canonical address, feeds and structured data (lib/client/route-head.ts builds them);
// `collectHead` reads the matched routes' declarations back, for the server to render into the HTML
// (src/server/head-tags.ts) and for the browser to keep document.title in step on navigation.
// Every title ends with the site's name: the breeder's name from her settings.

export interface PageHead {
  title: string;
  description: string;
}

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

/** The site's name until the settings give the breeder's own (they always do once seeded). */
export const DEFAULT_SITE_NAME = 'Mini Goldendoodle Puppies';
export const DEFAULT_DESCRIPTION =
  'Home-raised mini Goldendoodle puppies from a small family breeder in Colorado: available puppies, upcoming litters, our parent dogs and how we raise them.';

const siteOrDefault = (site: string | null | undefined) => site?.trim() || DEFAULT_SITE_NAME;

/** "Post title | Blog | Aspen Meadow Doodles": the page's own words, then the site's name. */
export const pageTitle = (site: string | null | undefined, ...parts: string[]) => [...parts, siteOrDefault(site)].join(' | ');

/** The home page leads with the site's name, and says what it is. */
export const homeTitle = (site: string | null | undefined) => `${siteOrDefault(site)} | Mini Goldendoodle Puppies in Colorado`;

export const notFoundPageHead = (site: string | null | undefined): ServedHead => ({
  title: pageTitle(site, 'Page not found'),
  description: DEFAULT_DESCRIPTION,
});

/** A description fit for a search result: at most `max` characters. */
export const clip = (text: string, max = 160) => (text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`);

/** What a route's `head()` returns (TanStack Router's shape: meta and link elements). */
export interface RouteHeadTags {
  meta: Array<Record<string, unknown>>;
  links: Array<Record<string, string>>;
}

/** A ServedHead as the meta and link elements a route's `head()` returns. */
export function headTags(head: ServedHead): RouteHeadTags {
  return {
    meta: [
      { title: head.title },
      { name: 'description', content: head.description },
      ...(head.type ? [{ property: 'og:type', content: head.type }] : []),
      ...(head.image ? [{ property: 'og:image', content: head.image }] : []),
      ...(head.jsonLd ?? []).map((data) => ({ 'script:ld+json': data })),
    ],
    links: [
      ...(head.canonicalPath ? [{ rel: 'canonical', href: head.canonicalPath }] : []),
      ...(head.feeds ?? []).map((f) => ({ rel: 'alternate', type: 'application/rss+xml', title: f.title, href: f.href })),
    ],
  };
}

/** What collectHead reads of a matched route. */
export interface HeadMatch {
  meta?: unknown;
  links?: unknown;
}

/**
 * The head of the page the matched routes make: the deepest route's word wins for the title,
 * description, picture, type and canonical address; structured data and feeds are the deepest
 * route's that declares any. `null` when no route declared a title (an address no route has).
 */
export function collectHead(matches: readonly HeadMatch[]): ServedHead | null {
  let head: ServedHead | null = null;
  for (const match of matches) {
    const meta = (Array.isArray(match.meta) ? match.meta : []) as Array<Record<string, unknown> | undefined>;
    const links = (Array.isArray(match.links) ? match.links : []) as Array<Record<string, string> | undefined>;
    const title = meta.find((m) => typeof m?.title === 'string')?.title as string | undefined;
    if (!title) continue;
    const content = (key: string, value: string) => meta.find((m) => m?.[key] === value)?.content as string | undefined;
    const jsonLd = meta.filter((m) => m && 'script:ld+json' in m).map((m) => m!['script:ld+json'] as object);
    const feeds = links.filter((l) => l?.rel === 'alternate').map((l) => ({ title: l!.title ?? '', href: l!.href ?? '' }));
    const type = content('property', 'og:type');
    head = {
      title,
      description: content('name', 'description') ?? DEFAULT_DESCRIPTION,
      image: content('property', 'og:image') ?? null,
      ...(type === 'article' || type === 'website' ? { type } : {}),
      ...(links.find((l) => l?.rel === 'canonical') ? { canonicalPath: links.find((l) => l?.rel === 'canonical')!.href } : {}),
      ...(jsonLd.length ? { jsonLd } : {}),
      ...(feeds.length ? { feeds } : {}),
    };
  }
  return head;
}
