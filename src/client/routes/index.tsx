import { lazy, Suspense, useCallback, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { Container, Grid, Skeleton, Text, Title } from '@mantine/core';
import { trpc } from '../../lib/client/trpc.ts';
import { scrollToSection } from '../../lib/client/section-scroll.ts';
import { GALLERY_QUERY } from '../../lib/client/query-client.ts';
import { HeroSection } from '../../features/settings/client/HeroSection.tsx';
import { AboutSection } from '../../features/settings/client/AboutSection.tsx';
import { ProcessSection } from '../../features/settings/client/ProcessSection.tsx';
import { FaqSection } from '../../features/settings/client/FaqSection.tsx';
import { ContactInfoCards } from '../../features/settings/client/ContactInfoCards.tsx';
import { PuppiesSection, type LitterFilter } from '../../features/puppies/client/PuppiesSection.tsx';
import { LittersList, waitlistMessage } from '../../features/litters/client/LittersList.tsx';
import { ParentsSection } from '../../features/parents/client/ParentsSection.tsx';
import { GallerySection } from '../../features/gallery/client/GallerySection.tsx';
import { TestimonialsSection, testimonialsQuery } from '../../features/testimonials/client/TestimonialsSection.tsx';
import type { ContactPreset } from '../../features/inquiries/client/ContactForm.tsx';
import { LazyWhenVisible } from '../../lib/client/LazyWhenVisible.tsx';
import { useHashSectionScroll } from '../layout/use-hash-section-scroll.ts';

// The form (and the validation library it brings) loads as the visitor nears the contact section.
const ContactForm = lazy(() => import('../../features/inquiries/client/ContactForm.tsx').then((m) => ({ default: m.ContactForm })));
const FORM_PLACEHOLDER = <Skeleton height={640} radius="md" aria-hidden="true" />;

export const Route = createFileRoute('/')({
  // The home page is the landing page: its code ships with the first bundle (no second round trip
  // before the hero can render). Its heavier parts (dialog, lightbox, forms) still load on demand.
  codeSplitGroupings: [],
  loader: ({ context }) => {
    // Start every home-page read at once (one batched request) while the page's code loads.
    const q = context.queryClient;
    void q.prefetchQuery(trpc.settings.get.queryOptions());
    void q.prefetchQuery(trpc.puppies.featured.queryOptions());
    void q.prefetchQuery(trpc.litters.active.queryOptions());
    void q.prefetchQuery(trpc.parents.featured.queryOptions());
    void q.prefetchQuery({ ...trpc.gallery.list.queryOptions(), ...GALLERY_QUERY });
    void q.prefetchQuery(testimonialsQuery());
  },
  component: HomePage,
});

function HomePage() {
  const [filter, setFilter] = useState<LitterFilter>('all');
  const [preset, setPreset] = useState<ContactPreset | null>(null);
  useHashSectionScroll();

  const inquire = useCallback((puppy: { name: string; gender: 'male' | 'female' }) => {
    const pronoun = puppy.gender === 'male' ? 'him' : 'her';
    setPreset({
      interest: 'available',
      message: `Hi! I'm interested in ${puppy.name}. Could you tell me more about ${pronoun} and the next steps?`,
      nonce: Date.now(),
    });
    scrollToSection('contact', { focus: false });
  }, []);

  return (
    <>
      <HeroSection />
      <AboutSection />
      <PuppiesSection filter={filter} onFilterChange={setFilter} onInquire={inquire}>
        <LittersList
          onViewPuppies={(litter) => {
            setFilter(litter.id);
            scrollToSection('puppies');
          }}
          onJoinWaitlist={(litter) => {
            setPreset({ interest: 'waitlist', message: waitlistMessage(litter), nonce: Date.now() });
            scrollToSection('contact', { focus: false });
          }}
        />
      </PuppiesSection>
      <ParentsSection />
      <ProcessSection />
      <GallerySection />
      <TestimonialsSection />
      <FaqSection />
      <section id="contact" aria-labelledby="contact-title" style={{ background: 'var(--mantine-color-gray-0)' }}>
        <Container size="lg" py={64}>
          <Title order={2} id="contact-title" ta="center" mb="xs">
            Contact Us
          </Title>
          <Text ta="center" mb="xl">
            Questions about a puppy, a litter or our program? We would love to hear from you.
          </Text>
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <LazyWhenVisible placeholder={FORM_PLACEHOLDER}>
                <Suspense fallback={FORM_PLACEHOLDER}>
                  <ContactForm preset={preset} />
                </Suspense>
              </LazyWhenVisible>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <ContactInfoCards />
            </Grid.Col>
          </Grid>
        </Container>
      </section>
    </>
  );
}
