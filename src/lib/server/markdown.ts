// Markdown → safe HTML: markdown-it renders, sanitize-html keeps only an allow-list (the one path any body takes to a page or an e-mail; articles and newsletters share it).
import { createRequire } from 'node:module';
import type MarkdownIt from 'markdown-it';
import type sanitizeHtml from 'sanitize-html';

// Loaded on the first render, not at start-up (together about 30 MB resident; issue 17 item 2).
const require = createRequire(import.meta.url);
let markdown: InstanceType<typeof MarkdownIt> | undefined;
let sanitize: typeof sanitizeHtml | undefined;
function renderer() {
  // Raw HTML in the Markdown is passed through to the sanitiser (not shown as text): a breeder who pastes
  // a <br> or a table gets it, and anything dangerous is removed below.
  markdown ??= new (require('markdown-it') as typeof MarkdownIt)({ html: true, linkify: true, typographer: true });
  sanitize ??= require('sanitize-html') as typeof sanitizeHtml;
  return { markdown, sanitize };
}

/** Only our own uploads: no tracking pixels from elsewhere, no data: or javascript: sources. */
const UPLOAD_SRC = /^\/uploads\/[A-Za-z0-9-]+\.[a-z0-9]+(\?[\w=&.-]*)?$/;
const EXTERNAL = /^https?:\/\//i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'b',
    'i',
    's',
    'del',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  // Relative links (/questionnaire) stay; everything else must be web or mail. No data:, javascript:, vbscript:.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The page's own title is the h1: a body's level-1 heading becomes a section heading.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: EXTERNAL.test(attribs.href ?? '') ? 'noopener nofollow' : 'noopener' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !UPLOAD_SRC.test(frame.attribs.src ?? ''),
};

/** The HTML a page shows for a Markdown body. */
export function renderMarkdown(body: string): string {
  const { markdown, sanitize } = renderer();
  return sanitize(markdown.render(body), SANITIZE);
}

/** Upload URLs a body refers to (its images), for releasing the ones an edit removed. */
export function uploadUrlsIn(body: string): string[] {
  return [...body.matchAll(/\/uploads\/[A-Za-z0-9-]+\.[a-z0-9]+/g)].map((m) => m[0]);
}
