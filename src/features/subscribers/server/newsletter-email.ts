// A newsletter as e-mail: MJML for HTML that holds up in common clients, and a plain-text part beside it.
import { renderMarkdown } from '../../../lib/server/markdown.ts';
import { escapeHtml } from '../../../lib/server/mail.ts';

/** Stands for each recipient's own unsubscribe link until the copy for that recipient is made. */
export const UNSUBSCRIBE_PLACEHOLDER = '%%UNSUBSCRIBE_URL%%';

export interface NewsletterContent {
  subject: string;
  preheader: string;
  body: string;
}

export interface Sender {
  name: string;
  town: string;
}

/** Links and our own images in the body point at the site: an e-mail has no "current page" to be relative to. */
function absolute(html: string, appOrigin: string): string {
  return html.replace(/(href|src)="\/(?!\/)/g, `$1="${appOrigin}/`).replace(/ loading="lazy"/g, '');
}

/** Markdown as readable plain text: images become their description, links show their address. */
function markdownToText(body: string, appOrigin: string): string {
  const abs = (url: string) => (url.startsWith('/') && !url.startsWith('//') ? `${appOrigin}${url}` : url);
  return body
    .replace(/!\[([^\]]*)\]\(([^)\s]+)[^)]*\)/g, (_m, alt: string) => `[Photo${alt ? `: ${alt}` : ''}]`)
    .replace(/\[([^\]]+)\]\(([^)\s]+)[^)]*\)/g, (_m, text: string, url: string) => `${text} (${abs(url)})`)
    .replace(/^#{1,6}\s+/gm, '')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replace(/\r\n/g, '\n')
    .trim();
}

export async function renderNewsletter(n: NewsletterContent, sender: Sender, appOrigin: string): Promise<{ html: string; text: string }> {
  const bodyHtml = absolute(renderMarkdown(n.body), appOrigin);
  const footerWho = `${escapeHtml(sender.name)}${sender.town ? ` · ${escapeHtml(sender.town)}` : ''}`;
  const source = `<mjml lang="en">
  <mj-head>
    <mj-title>${escapeHtml(n.subject)}</mj-title>
    ${n.preheader ? `<mj-preview>${escapeHtml(n.preheader)}</mj-preview>` : ''}
    <mj-attributes>
      <mj-all font-family="Georgia, 'Times New Roman', serif" />
      <mj-text font-size="17px" line-height="1.6" color="#1f2933" />
    </mj-attributes>
    <mj-style inline="inline">
      img { max-width: 100%; height: auto; border-radius: 8px; }
      a { color: #7a4a12; }
      h2, h3, h4 { color: #3b2a1a; line-height: 1.3; }
    </mj-style>
  </mj-head>
  <mj-body background-color="#f6f1ea" width="600px">
    <mj-section padding="24px 0 8px">
      <mj-column>
        <mj-text align="center" font-size="22px" color="#3b2a1a" font-weight="bold">${escapeHtml(sender.name)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-radius="12px" padding="16px 8px">
      <mj-column>
        <mj-text>${bodyHtml}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="16px 0 32px">
      <mj-column>
        <mj-text align="center" font-size="13px" color="#4a4a4a" line-height="1.5">
          ${footerWho}<br />
          You receive this because you subscribed to our newsletter or are one of our puppy families.<br />
          <a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#4a4a4a">Unsubscribe</a>
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // MJML (about 100 MB resident) is loaded on the first newsletter, not at start-up.
  const { default: mjml2html } = await import('mjml');
  const result = await mjml2html(source, { validationLevel: 'soft', keepComments: false });
  const text = [
    n.subject,
    markdownToText(n.body, appOrigin),
    '--',
    `${sender.name}${sender.town ? `, ${sender.town}` : ''}`,
    'You receive this because you subscribed to our newsletter or are one of our puppy families.',
    `Unsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`,
  ].join('\n\n');
  return { html: result.html, text };
}

/** One recipient's copy: their own unsubscribe link in the body. */
export function personalise(rendered: { html: string; text: string }, unsubscribeUrl: string): { html: string; text: string } {
  return {
    html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, escapeHtml(unsubscribeUrl)),
    text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}
