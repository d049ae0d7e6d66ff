// The frame shared by the privacy policy and the terms: title, date, sections, and the breeder's
// contact e-mail from the site settings (with its loading and error states).
import type { ReactNode } from 'react';
import { Anchor, Container, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../../lib/client/trpc.ts';

export interface LegalSite {
  breederName: string;
  town: string;
}

const FALLBACK_SITE: LegalSite = { breederName: 'our family', town: 'Colorado' };

export function useSiteSettings() {
  return useQuery(trpc.settings.get.queryOptions());
}

export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string;
  /** e.g. 'November 1, 2026' */
  updated: string;
  children: (site: LegalSite) => ReactNode;
}) {
  useDocumentTitle(`${title} | Mini Goldendoodle Puppies`);
  const settings = useSiteSettings();
  const site = settings.data ? { breederName: settings.data.breederName, town: settings.data.town } : FALLBACK_SITE;
  return (
    <Container size="sm" py="xl" component="article">
      <Title order={1} mb="xs">
        {title}
      </Title>
      <Text c="gray.7" mb="xl">
        Last updated {updated}
      </Text>
      {children(site)}
    </Container>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={2} size="h3" mt="xl" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

export function P({ children }: { children: ReactNode }) {
  return (
    <Text lh={1.7} mb="md">
      {children}
    </Text>
  );
}

/** "Email us at …": the address from the site settings; a link to the contact form if it cannot load. */
export function ContactEmail() {
  const settings = useSiteSettings();
  if (settings.isPending) {
    return (
      <Text span c="gray.7">
        (loading our e-mail address…)
      </Text>
    );
  }
  if (settings.isError) {
    return (
      <Anchor component={Link} to="/" hash="contact">
        the contact form on our home page
      </Anchor>
    );
  }
  return <Anchor href={`mailto:${settings.data.email}`}>{settings.data.email}</Anchor>;
}
