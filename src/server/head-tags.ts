// Per-route <head> tags, rendered into index.html by the server (link previews run no JavaScript).
import { matchPageHead, NOT_FOUND_PAGE_HEAD, type PageHead } from '../lib/shared/page-head.ts';

export type HeadInfo = PageHead;
export const NOT_FOUND_HEAD: HeadInfo = NOT_FOUND_PAGE_HEAD;
export const headFor = matchPageHead;

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
