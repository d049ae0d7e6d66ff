// Per-route <head> tags, rendered into index.html by the server (link previews run no JavaScript).
import type { ServedHead } from '../lib/shared/page-head.ts';
import { THEME_SCRIPT } from '../lib/shared/theme-preference.ts';

type HeadInfo = ServedHead;

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The hero's default poster, preloaded only where it is shown (the home page): elsewhere Chromium warns it is unused. */
const HERO_POSTER_PRELOAD =
  '<link rel="preload" as="image" href="/media/hero-poster.webp" imagesrcset="/media/hero-poster-640.webp 640w, /media/hero-poster.webp 1280w" imagesizes="100vw" fetchpriority="high" />';

/** The sharing picture: a content photo's 1200x630 crop from the media pipeline, or the site's own. */
function imageOf(info: HeadInfo, origin: string): { url: string; sized: boolean } {
  if (info.image?.startsWith('/uploads/')) return { url: `${origin}${info.image}?share=1`, sized: true };
  return { url: `${origin}/og-image.jpg`, sized: true };
}

/** The dashboard is an installable app (its manifest and service worker stay off the public pages). */
const DASHBOARD_APP = [
  '<link rel="manifest" href="/admin.webmanifest" />',
  '<link rel="apple-touch-icon" href="/icons/apple-touch-icon-180.png" />',
  '<meta name="apple-mobile-web-app-capable" content="yes" />',
].join('\n    ');

export function renderHead(info: HeadInfo, origin: string, pathname: string): string {
  const url = `${origin}${info.canonicalPath ?? pathname}`;
  const image = imageOf(info, origin);
  return [
    // First: the visitor's theme, before anything paints (allowed by its hash in the CSP).
    `<script>${THEME_SCRIPT}</script>`,
    `<title>${escapeHtml(info.title)}</title>`,
    `<meta name="description" content="${escapeHtml(info.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    `<meta property="og:type" content="${info.type ?? 'website'}" />`,
    `<meta property="og:title" content="${escapeHtml(info.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(info.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image.url)}" />`,
    ...(image.sized ? [`<meta property="og:image:width" content="1200" />`, `<meta property="og:image:height" content="630" />`] : []),
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${escapeHtml(info.title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(info.description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image.url)}" />`,
    ...(pathname === '/' ? [HERO_POSTER_PRELOAD] : []),
    ...(pathname === '/admin' || pathname.startsWith('/admin/') ? [DASHBOARD_APP] : []),
    ...(info.feeds ?? []).map(
      (f) => `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(f.title)}" href="${escapeHtml(origin + f.href)}" />`,
    ),
    // Data blocks, never run: '<' is escaped so no text inside can close the element.
    ...(info.jsonLd ?? []).map((data) => `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`),
  ].join('\n    ');
}
