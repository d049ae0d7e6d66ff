// The breeder as search engines read her (schema.org, on the home page): a LocalBusiness with the town
// and state only (never the street address), her contact details and profiles, and the FAQ.
import { trpc } from '../../../lib/client/trpc.ts';
import type { HeadTools } from '../../../lib/client/route-head.ts';

/** "Monument, Colorado" → locality and region. */
function place(town: string) {
  const [locality, region] = town.split(',').map((s) => s.trim());
  return { '@type': 'PostalAddress', addressLocality: locality, ...(region ? { addressRegion: region } : {}), addressCountry: 'US' };
}

export function businessJsonLd({ data, origin }: HeadTools, description: string): object[] {
  const settings = data(trpc.settings.get.queryKey());
  if (!settings) return [];
  const business = {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: settings.breederName,
    description,
    url: `${origin}/`,
    telephone: settings.phone,
    email: settings.email,
    address: place(settings.town),
    image: `${origin}/og-image.jpg`,
    sameAs: [settings.facebookUrl, settings.instagramUrl, settings.youtubeUrl].filter(Boolean),
  };
  const faq = settings.faq.length
    ? [
        {
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          mainEntity: settings.faq.map((f) => ({
            '@type': 'Question',
            name: f.question,
            acceptedAnswer: { '@type': 'Answer', text: f.answer },
          })),
        },
      ]
    : [];
  return [business, ...faq];
}
