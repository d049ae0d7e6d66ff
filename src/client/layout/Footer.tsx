// Site footer (SPEC §2): quick links to seven sections, three social links, the newsletter form,
// the copyright line with the current year, and the privacy and terms links.
import { lazy, Suspense } from 'react';
import { Anchor, Container, Divider, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/client/trpc.ts';
import { SocialLinks } from '../../lib/client/SocialLinks.tsx';
import { LazyWhenVisible } from '../../lib/client/LazyWhenVisible.tsx';
import { sectionLinkProps, useSectionNav } from './use-section-nav.ts';

const NewsletterForm = lazy(() =>
  import('../../features/subscribers/client/NewsletterForm.tsx').then((m) => ({ default: m.NewsletterForm })),
);

const QUICK_LINKS = [
  ['home', 'Home'],
  ['about', 'About Us'],
  ['puppies', 'Our Puppies'],
  ['process', 'Our Process'],
  ['gallery', 'Gallery'],
  ['faq', 'FAQ'],
  ['contact', 'Contact'],
] as const;

const NEWSLETTER_PLACEHOLDER = <Skeleton height={190} radius="md" aria-hidden="true" />;

export function Footer() {
  const go = useSectionNav();
  const settings = useQuery(trpc.settings.get.queryOptions());
  const brand = settings.data?.breederName ?? 'Mini Goldendoodles';

  return (
    <footer style={{ background: 'var(--surface-warm)', borderTop: '1px solid var(--surface-warm-border)' }}>
      <Container size="lg" py="xl">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap="xs">
            <Text component="h2" fw={700} size="lg" m={0} ff="heading">
              {brand}
            </Text>
            <Text size="sm">Home-raised mini Goldendoodles from our family in {settings.data?.town ?? 'Colorado'}.</Text>
            <SocialLinks urls={settings.data} label="Social media" />
          </Stack>
          <nav aria-label="Quick links">
            <Text component="h2" fw={700} size="lg" m={0} mb="xs">
              Quick Links
            </Text>
            <Stack component="ul" gap={6} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {QUICK_LINKS.map(([id, label]) => (
                <li key={id}>
                  <Anchor size="sm" underline="hover" {...sectionLinkProps(id, go)}>
                    {label}
                  </Anchor>
                </li>
              ))}
            </Stack>
          </nav>
          <LazyWhenVisible placeholder={NEWSLETTER_PLACEHOLDER}>
            <Suspense fallback={NEWSLETTER_PLACEHOLDER}>
              <NewsletterForm />
            </Suspense>
          </LazyWhenVisible>
        </SimpleGrid>
        <Divider my="lg" color="amber.2" />
        <Group justify="space-between" gap="sm">
          {/* The server's year stands until the next render: at New Year the visitor's clock may be a year ahead. */}
          <Text size="sm" suppressHydrationWarning>
            © {new Date().getFullYear()} {brand}. All rights reserved.
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/privacy-policy" size="sm" underline="hover">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to="/terms-of-service" size="sm" underline="hover">
              Terms of Service
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
