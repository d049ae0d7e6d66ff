// Happy Families (SPEC §2 section 7, §4): a testimonial slider showing 3 slides from 1024 px,
// 2 from 768 px, otherwise 1; the index wraps at both ends (buttons, the arrow keys or a sideways swipe); rating stars
// with a text label.
import { useLayoutEffect, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Alert, Avatar, Card, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconStarFilled, IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { useSwipe } from '../../../lib/client/use-swipe.ts';
import { imageUrl } from '../../../lib/shared/format.ts';
import type { TestimonialDto } from '../testimonials.schema.ts';
import { initialsOf } from './initials.ts';

export const TESTIMONIALS_ERROR = 'Unable to load testimonials. Please try again later.';
export const TESTIMONIALS_EMPTY = 'Testimonials from our happy families will appear here soon!';
/** SPEC §7: what a failed testimonials request reports. */
export const TESTIMONIALS_FETCH_ERROR = 'Failed to fetch testimonials';

/** The testimonials query; a failed request reports SPEC §7's message. */
export function testimonialsQuery() {
  const opts = trpc.testimonials.featured.queryOptions();
  return {
    ...opts,
    queryFn: async (ctx: Parameters<NonNullable<typeof opts.queryFn>>[0]) => {
      try {
        return await opts.queryFn!(ctx);
      } catch (error) {
        // The SPEC's message for the family; the cause keeps what failed (a server's render tells a brief outage by it).
        throw new Error(TESTIMONIALS_FETCH_ERROR, { cause: error });
      }
    },
  };
}

/** SPEC §4 and §9: slides per view at the slider breakpoints. */
export function slidesPerView(width: number): number {
  if (width >= 1024) return 3;
  if (width >= 768) return 2;
  return 1;
}

function usePerView() {
  // One per view until the layout effect measures the window (before the first paint): the server,
  // which cannot know the width, renders one too, so hydration matches.
  const [perView, setPerView] = useState(1);
  useLayoutEffect(() => {
    const update = () => setPerView(slidesPerView(window.innerWidth));
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return perView;
}

function Stars({ rating }: { rating: number }) {
  const r = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <Group gap={2} role="img" aria-label={`Rated ${r} out of 5 stars`}>
      {[1, 2, 3, 4, 5].map((i) =>
        i <= r ? (
          <IconStarFilled key={i} size={18} color="var(--mantine-color-amber-5)" aria-hidden="true" />
        ) : (
          <IconStar key={i} size={18} color="var(--mantine-color-gray-5)" aria-hidden="true" />
        ),
      )}
    </Group>
  );
}

function Slide({ t, position, total }: { t: TestimonialDto; position: number; total: number }) {
  const initials = initialsOf(t.name);
  return (
    <Card withBorder radius="md" padding="lg" h="100%" role="group" aria-roledescription="slide" aria-label={`${position} of ${total}`}>
      <Stack gap="sm" h="100%" justify="space-between">
        <div>
          <Stars rating={t.rating} />
          <Text component="blockquote" m={0} mt="sm" style={{ lineHeight: 1.7 }}>
            “{t.content}”
          </Text>
        </div>
        <Group gap="sm" wrap="nowrap">
          <Avatar
            src={t.imageUrl ? imageUrl(t.imageUrl, 160) : null}
            alt={t.imageUrl ? `Photo of ${t.name}` : undefined}
            radius="xl"
            color="amber"
          >
            {initials}
          </Avatar>
          <div>
            <Text fw={700} size="sm">
              {t.name}
            </Text>
            {t.location && (
              <Text size="sm" c="dimmed">
                {t.location}
              </Text>
            )}
          </div>
        </Group>
      </Stack>
    </Card>
  );
}

export function TestimonialsSection() {
  const testimonials = useQuery(testimonialsQuery());
  const perView = usePerView();
  const [index, setIndex] = useState(0);
  const items = testimonials.data ?? [];
  const n = items.length;
  const visible = Math.min(perView, n);
  const shown = Array.from({ length: visible }, (_, k) => ({ t: items[(index + k) % n]!, pos: ((index + k) % n) + 1 }));
  const go = (delta: number) => setIndex((i) => (((i + delta) % n) + n) % n);
  // A sideways swipe moves the slider; vertical movement stays the page's scroll (touch-action below).
  const swipe = useSwipe<HTMLDivElement>(go, n > visible);
  // The arrow keys move it too, from its buttons or anything focused inside it.
  const onKeyDown = (e: KeyboardEvent) => {
    if (n <= visible || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    e.preventDefault();
    go(e.key === 'ArrowRight' ? 1 : -1);
  };

  return (
    <section id="testimonials" aria-labelledby="testimonials-title" style={{ background: 'var(--surface-warm)' }}>
      <Container size="lg" py={64}>
        <Title order={2} id="testimonials-title" ta="center" mb="xs">
          Happy Families
        </Title>
        <Text ta="center" mb="xl">
          What families say about their puppies and about working with us.
        </Text>
        {testimonials.isPending ? (
          <SimpleGrid cols={perView}>
            {Array.from({ length: perView }, (_, i) => (
              <Skeleton key={i} height={240} radius="md" />
            ))}
          </SimpleGrid>
        ) : testimonials.isError ? (
          <Alert color="red" role="alert">
            {TESTIMONIALS_ERROR}
          </Alert>
        ) : n === 0 ? (
          <Text ta="center" role="status">
            {TESTIMONIALS_EMPTY}
          </Text>
        ) : (
          <div role="region" aria-roledescription="carousel" aria-label="Testimonials from our families" onKeyDown={onKeyDown}>
            <div
              ref={swipe.ref}
              id="testimonial-slides"
              aria-live="polite"
              style={{ display: 'grid', gap: 16, gridTemplateColumns: `repeat(${visible}, minmax(0, 1fr))`, touchAction: 'pan-y' }}
              data-per-view={visible}
            >
              {shown.map(({ t, pos }) => (
                <Slide key={`${t.id}-${pos}`} t={t} position={pos} total={n} />
              ))}
            </div>
            {n > visible && (
              <Group justify="center" gap="md" mt="lg">
                <ActionIcon
                  variant="filled"
                  size="xl"
                  radius="xl"
                  onClick={() => go(-1)}
                  aria-label="Previous testimonial"
                  aria-controls="testimonial-slides"
                >
                  <IconChevronLeft aria-hidden="true" />
                </ActionIcon>
                <ActionIcon
                  variant="filled"
                  size="xl"
                  radius="xl"
                  onClick={() => go(1)}
                  aria-label="Next testimonial"
                  aria-controls="testimonial-slides"
                >
                  <IconChevronRight aria-hidden="true" />
                </ActionIcon>
              </Group>
            )}
          </div>
        )}
      </Container>
    </section>
  );
}
