// Page titles and descriptions per route: the one table the server renders into the HTML
// (src/server/head-tags.ts) and the browser uses to keep document.title in step on client-side
// navigation. Every title ends with the site's name: the breeder's name from her settings.
export interface PageHead {
  title: string;
  description: string;
}

/** The site's name until the settings give the breeder's own (they always do once seeded). */
export const DEFAULT_SITE_NAME = 'Mini Goldendoodle Puppies';
export const DEFAULT_DESCRIPTION =
  'Home-raised mini Goldendoodle puppies from a small family breeder in Colorado: available puppies, upcoming litters, our parent dogs and how we raise them.';

/** "Post title | Blog | Aspen Meadow Doodles": the page's own words, then the site's name. */
export const pageTitle = (site: string | null | undefined, ...parts: string[]) => [...parts, site?.trim() || DEFAULT_SITE_NAME].join(' | ');

const ROUTES: Array<[RegExp, string[], string]> = [
  [/^\/blog\/?$/, ['Blog'], 'Stories, puppy updates and advice from our family.'],
  [/^\/blog\/[^/]+\/?$/, ['Blog'], 'Stories, puppy updates and advice from our family.'],
  [/^\/auth\/?$/, ['Sign in'], 'Sign in or create an account.'],
  [/^\/questionnaire\/?$/, ['Family Questionnaire'], 'Tell us about your family and apply for a puppy.'],
  [/^\/family-tree(\/[^/]+)?\/?$/, ['Family Tree'], 'The pedigree of our parent dogs and puppies.'],
  [/^\/resources(\/[^/]+)?\/?$/, ['Owner Resources'], 'Guides for new Goldendoodle owners.'],
  [/^\/unsubscribe\/?$/, ['Unsubscribe'], 'Stop receiving our newsletter.'],
  [/^\/newsletter\/confirm\/?$/, ['Confirm your subscription'], 'Confirm your newsletter subscription.'],
  [/^\/privacy-policy\/?$/, ['Privacy Policy'], 'How we handle your information.'],
  [/^\/terms-of-service\/?$/, ['Terms of Service'], 'The terms of using this website.'],
  [/^\/account\/?$/, ['My Family'], 'Your puppy, updates and account.'],
  [/^\/admin(\/.*)?$/, ['Admin Dashboard'], 'Manage the website.'],
];

export const notFoundPageHead = (site: string | null | undefined): PageHead => ({ title: pageTitle(site, 'Page not found'), description: DEFAULT_DESCRIPTION });

/** The head of a known route, or null for a path the app has no page for (the server answers 404). */
export function matchPageHead(pathname: string, site: string | null | undefined): PageHead | null {
  // The home page leads with the site's name, and says what it is.
  if (pathname === '/') return { title: `${site?.trim() || DEFAULT_SITE_NAME} | Mini Goldendoodle Puppies in Colorado`, description: DEFAULT_DESCRIPTION };
  for (const [pattern, parts, description] of ROUTES) if (pattern.test(pathname)) return { title: pageTitle(site, ...parts), description };
  return null;
}

export function pageHeadFor(pathname: string, site: string | null | undefined): PageHead {
  return matchPageHead(pathname, site) ?? notFoundPageHead(site);
}
