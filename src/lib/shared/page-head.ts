// Page titles and descriptions per route: the one table the server renders into the HTML
// (src/server/head-tags.ts) and the browser uses to keep document.title in step on client-side navigation.
export interface PageHead {
  title: string;
  description: string;
}

const SITE = 'Mini Goldendoodle Puppies';
export const SITE_NAME = SITE;
export const DEFAULT_DESCRIPTION =
  'Home-raised mini Goldendoodle puppies from a small family breeder in Colorado: available puppies, upcoming litters, our parent dogs and how we raise them.';

const ROUTES: Array<[RegExp, PageHead]> = [
  [/^\/$/, { title: `${SITE} | Home-Raised in Colorado`, description: DEFAULT_DESCRIPTION }],
  [/^\/blog\/?$/, { title: `Blog | ${SITE}`, description: 'Stories, puppy updates and advice from our family.' }],
  [/^\/blog\/[^/]+\/?$/, { title: `Blog | ${SITE}`, description: 'Stories, puppy updates and advice from our family.' }],
  [/^\/auth\/?$/, { title: `Sign in | ${SITE}`, description: 'Sign in or create an account.' }],
  [/^\/questionnaire\/?$/, { title: `Family Questionnaire | ${SITE}`, description: 'Tell us about your family and apply for a puppy.' }],
  [/^\/family-tree(\/[^/]+)?\/?$/, { title: `Family Tree | ${SITE}`, description: 'The pedigree of our parent dogs and puppies.' }],
  [/^\/resources(\/[^/]+)?\/?$/, { title: `Owner Resources | ${SITE}`, description: 'Guides for new Goldendoodle owners.' }],
  [/^\/unsubscribe\/?$/, { title: `Unsubscribe | ${SITE}`, description: 'Stop receiving our newsletter.' }],
  [/^\/privacy-policy\/?$/, { title: `Privacy Policy | ${SITE}`, description: 'How we handle your information.' }],
  [/^\/terms-of-service\/?$/, { title: `Terms of Service | ${SITE}`, description: 'The terms of using this website.' }],
  [/^\/account\/?$/, { title: `My Family | ${SITE}`, description: 'Your puppy, updates and account.' }],
  [/^\/admin(\/.*)?$/, { title: `Admin Dashboard | ${SITE}`, description: 'Manage the website.' }],
];

export const NOT_FOUND_PAGE_HEAD: PageHead = { title: `Page not found | ${SITE}`, description: DEFAULT_DESCRIPTION };

/** The head of a known route, or null for a path the app has no page for (the server answers 404). */
export function matchPageHead(pathname: string): PageHead | null {
  for (const [pattern, info] of ROUTES) if (pattern.test(pathname)) return info;
  return null;
}

export function pageHeadFor(pathname: string): PageHead {
  return matchPageHead(pathname) ?? NOT_FOUND_PAGE_HEAD;
}
