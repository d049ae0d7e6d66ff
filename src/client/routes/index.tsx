import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { Container, Grid, Skeleton, Text, Title } from '@mantine/core';
import { trpc } from '../../lib/client/trpc.ts';
import { prefetch } from '../../lib/client/prefetch.ts';
import { scrollToSection } from '../../lib/client/section-scroll.ts';
import { GALLERY_QUERY } from '../../lib/client/query-client.ts';
import { HeroSection } from '../../features/settings/client/HeroSection.tsx';
import { AboutSection } from '../../features/settings/client/AboutSection.tsx';
import { ProcessSection } from '../../features/settings/client/ProcessSection.tsx';
import { FaqSection } from '../../features/settings/client/FaqSection.tsx';
import { ContactInfoCards } from '../../features/settings/client/ContactInfoCards.tsx';
import { PuppiesSection, type LitterFilter } from '../../features/puppies/client/PuppiesSection.tsx';
import { LittersList } from '../../features/dogs/client/LittersList.tsx';
import { ParentsSection } from '../../features/dogs/client/ParentsSection.tsx';
import { GallerySection } from '../../features/gallery/client/GallerySection.tsx';
import { TestimonialsSection, testimonialsQuery } from '../../features/testimonials/client/TestimonialsSection.tsx';
import type { ContactPreset } from '../../features/inquiries/client/ContactForm.tsx';
import { LazyWhenVisible } from '../../lib/client/LazyWhenVisible.tsx';
import { useHashSectionScroll } from '../layout/use-hash-section-scroll.ts';
import { routeHead } from '../../lib/client/route-head.ts';
import { DEFAULT_DESCRIPTION, homeTitle } from '../../lib/shared/page-head.ts';
import { sharedPuppyHead } from '../../features/puppies/client/puppy-head.ts';
import { businessJsonLd } from '../../features/settings/client/business-head.ts';

// The form (and the validation library it brings) loads as the visitor nears the contact section.
const ContactForm = lazy(() => import('../../features/inquiries/client/ContactForm.tsx').then((m) => ({ default: m.ContactForm })));
const FORM_PLACEHOLDER = <Skeleton height={640} radius="md" aria-hidden="true" />;

export const Route = createFileRoute('/')({
  // The home page is the landing page: its code ships with the first bundle (no second round trip
  // before the hero can render). Its heavier parts (dialog, lightbox, forms) still load on demand.
  codeSplitGroupings: [],
  // /?puppy=<id>: a shared link opens that puppy's details (the server puts the puppy in the page's head).
  validateSearch: (search: Record<string, unknown>): { puppy?: number } => {
    const id = Number(search.puppy);
    return Number.isInteger(id) && id > 0 ? { puppy: id } : {};
  },
  loader: ({ context }) => {
    // Start every home-page read at once (one batched request) while the page's code loads.
    return prefetch(
      context.queryClient,
      trpc.settings.get.queryOptions(),
      trpc.puppies.featured.queryOptions(),
      trpc.litters.active.queryOptions(),
      trpc.parents.featured.queryOptions(),
      { ...trpc.gallery.list.queryOptions(), ...GALLERY_QUERY },
      testimonialsQuery(),
    );
  },
  // A shared puppy's link previews that puppy; otherwise the breeder and her FAQ, for search engines.
  head: (ctx) =>
    routeHead(
      ctx,
      (tools) =>
        sharedPuppyHead(tools, ctx.match.search.puppy) ?? {
          title: homeTitle(tools.site),
          description: DEFAULT_DESCRIPTION,
          jsonLd: businessJsonLd(tools, DEFAULT_DESCRIPTION),
        },
    ),
  component: HomePage,
});

/** The open puppy lives in the address: opening pushes it (back closes the dialog), closing takes it away. */
function useOpenPuppy() {
  const { puppy } = Route.useSearch();
  const navigate = Route.useNavigate();
  const router = useRouter();
  const pushed = useRef(false);
  const setOpen = useCallback(
    (id: number | null, how: 'back' | 'replace' = 'back') => {
      if (id !== null) {
        pushed.current = true;
        void navigate({ search: { puppy: id }, resetScroll: false, hash: undefined });
      } else if (pushed.current && how === 'back') {
        pushed.current = false;
        router.history.back();
      } else {
        pushed.current = false;
        void navigate({ search: {}, replace: true, resetScroll: false });
      }
    },
    [navigate, router],
  );
  return [puppy ?? null, setOpen] as const;
}

function HomePage() {
  const [filter, setFilter] = useState<LitterFilter>('all');
  const [openPuppy, setOpenPuppy] = useOpenPuppy();
  const [preset, setPreset] = useState<ContactPreset | null>(null);
  const navigate = Route.useNavigate();
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
      <PuppiesSection filter={filter} onFilterChange={setFilter} onInquire={inquire} openId={openPuppy} onOpenChange={setOpenPuppy}>
        <LittersList
          onViewPuppies={(litter) => {
            setFilter(litter.id);
            scrollToSection('puppies');
          }}
          // The Family Questionnaire is the application: a litter's waitlist starts there, for that litter.
          onJoinWaitlist={(litter) => void navigate({ to: '/questionnaire', search: { litter: litter.id } })}
        />
      </PuppiesSection>
      <ParentsSection />
      <ProcessSection />
      <GallerySection />
      <TestimonialsSection />
      <FaqSection />
      <section id="contact" aria-labelledby="contact-title" style={{ background: 'var(--surface-alt)' }}>
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
