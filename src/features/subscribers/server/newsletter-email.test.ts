// The newsletter e-mail: photos put in the body by the editor (`![alt](/uploads/…)`) and the site's own links
// are absolute in the HTML and in the plain text (an e-mail has no page to be relative to).
import { describe, expect, it } from 'vitest';
import { personalise, renderNewsletter } from './newsletter-email.ts';

const ORIGIN = 'https://aspenmeadow.example';
const SENDER = { name: 'Aspen Meadow Doodles', town: 'Monument, Colorado' };
const PHOTO = '/uploads/0b5e3c1a-9d2f-4e6b-8a7c-1f2e3d4c5b6a.jpg';

describe('renderNewsletter', () => {
  it('makes uploaded photos and the site’s links absolute with the app origin', async () => {
    const body = [
      'Everyone is doing well.',
      `![six puppies](${PHOTO})`,
      `![Biscuit at eight weeks](/uploads/7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f.webp "Biscuit")`,
      '[Apply now](/questionnaire) or read [our guide](https://example.org/guide).',
    ].join('\n\n');
    const rendered = await renderNewsletter({ subject: 'Meet the puppies', preheader: 'Six of them', body }, SENDER, ORIGIN);
    const { html, text } = personalise(rendered, `${ORIGIN}/unsubscribe?token=u1.x.y`);

    expect(html).toContain(`src="${ORIGIN}${PHOTO}"`);
    expect(html).toContain(`src="${ORIGIN}/uploads/7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f.webp"`);
    expect(html).toContain(`href="${ORIGIN}/questionnaire"`);
    expect(html).toContain('href="https://example.org/guide"');
    // No address in the e-mail is left relative to a page, and no image waits to load lazily.
    expect(html).not.toMatch(/(src|href)=["']\/(?!\/)/);
    expect(html).not.toContain('loading="lazy"');

    expect(text).toContain('[Photo: six puppies]');
    expect(text).toContain(`Apply now (${ORIGIN}/questionnaire)`);
    expect(text).toContain(`Unsubscribe: ${ORIGIN}/unsubscribe?token=u1.x.y`);
  });

  it('keeps images from elsewhere out of the e-mail (no tracking pixels)', async () => {
    const { html } = await renderNewsletter(
      { subject: 'S', preheader: '', body: '![pixel](https://tracker.example/p.gif)\n\nHi' },
      SENDER,
      ORIGIN,
    );
    expect(html).not.toContain('tracker.example');
  });
});
