// Per-route <head> tags, rendered into index.html by the server (link previews run no JavaScript).
export interface HeadInfo {
  title: string;
  description: string;
}

const SITE = 'Mini Goldendoodle Puppies';
const DEFAULT_DESCRIPTION =
  'Home-raised mini Goldendoodle puppies from a small family breeder in Colorado: available puppies, upcoming litters, our parent dogs and how we raise them.';

const ROUTES: Array<[RegExp, HeadInfo]> = [
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
  [/^\/admin(\/.*)?$/, { title: `Admin Dashboard | ${SITE}`, description: 'Manage the website.' }],
];

export const NOT_FOUND_HEAD: HeadInfo = { title: `Page not found | ${SITE}`, description: DEFAULT_DESCRIPTION };

export function headFor(pathname: string): HeadInfo | null {
  for (const [pattern, info] of ROUTES) if (pattern.test(pathname)) return info;
  return null;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function renderHead(info: HeadInfo, origin: string, pathname: string): string {
  const url = `${origin}${pathname}`;
  const image = `${origin}/og-image.jpg`;
  return [
    `<title>${escapeHtml(info.title)}</title>`,
    `<meta name="description" content="${escapeHtml(info.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeHtml(info.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(info.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${image}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');
}
