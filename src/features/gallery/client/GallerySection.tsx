// Puppy Gallery (SPEC §2, §4): the first 4 images, View More / View Less, the next batch of 4
// prefetched, and a lightbox (loaded on first use).
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Center, Container, SimpleGrid, Skeleton, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { GALLERY_QUERY } from '../../../lib/client/query-client.ts';
import { preloadResponsiveImage, ResponsiveImage } from '../../../lib/client/ResponsiveImage.tsx';
import type { GalleryImageDto } from '../gallery.schema.ts';

export const GALLERY_ERROR = 'Failed to load gallery images. Please try again later.';
export const GALLERY_EMPTY = 'No gallery images available yet. Check back soon!';
/** SPEC §9: initial 4 images, prefetched in batches of 4. */
export const GALLERY_BATCH = 4;

const THUMB = { width: 400, sizes: '(max-width: 768px) 50vw, 280px' } as const;

const loadLightbox = () => import('./GalleryLightbox.tsx');
const GalleryLightbox = lazy(() => loadLightbox().then((m) => ({ default: m.GalleryLightbox })));

export const galleryAlt = (img: GalleryImageDto) => (img.description ? `${img.title}: ${img.description}` : img.title);

export function GallerySection() {
  const gallery = useQuery({ ...trpc.gallery.list.queryOptions(), ...GALLERY_QUERY });
  const [expanded, setExpanded] = useState(false);
  const [index, setIndex] = useState<number | null>(null);
  const [lightboxMounted, setLightboxMounted] = useState(false);
  const [near, setNear] = useState(false);
  const prefetched = useRef(GALLERY_BATCH);
  const sectionRef = useRef<HTMLElement>(null);

  const images = useMemo(() => gallery.data ?? [], [gallery.data]);
  const shown = expanded ? images : images.slice(0, GALLERY_BATCH);

  useEffect(() => {
    const el = sectionRef.current;
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: '200px' });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);

  // Prefetch the batch after the ones on screen, so View More shows pictures at once.
  useEffect(() => {
    if (!near || !images.length) return;
    const target = Math.min(images.length, shown.length + GALLERY_BATCH);
    if (prefetched.current >= target) return;
    for (let i = prefetched.current; i < target; i++) preloadResponsiveImage(images[i]!.imageUrl, THUMB);
    prefetched.current = target;
  }, [near, images, shown.length]);

  const open = (i: number) => {
    setLightboxMounted(true);
    setIndex(i);
  };

  return (
    <section id="gallery" ref={sectionRef} aria-labelledby="gallery-title">
      <Container size="lg" py={64}>
        <Title order={2} id="gallery-title" ta="center" mb="xs">
          Puppy Gallery
        </Title>
        <Text ta="center" mb="xl">
          Everyday moments from our home, our dogs and our puppies.
        </Text>
        {gallery.isPending ? (
          <SimpleGrid cols={{ base: 2, md: 4 }}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} style={{ aspectRatio: '4 / 3' }} radius="md" />
            ))}
          </SimpleGrid>
        ) : gallery.isError ? (
          <Alert color="red" role="alert" title="Gallery unavailable">
            {GALLERY_ERROR}
          </Alert>
        ) : images.length === 0 ? (
          <Text ta="center" role="status">
            {GALLERY_EMPTY}
          </Text>
        ) : (
          <>
            <SimpleGrid id="gallery-grid" cols={{ base: 2, md: 4 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {shown.map((img, i) => (
                <li key={img.id}>
                  <UnstyledButton
                    onClick={() => open(i)}
                    onPointerEnter={() => void loadLightbox()}
                    onFocus={() => void loadLightbox()}
                    aria-label={`Open photo ${i + 1} of ${images.length}: ${img.title}`}
                    aria-haspopup="dialog"
                    style={{ display: 'block', width: '100%', borderRadius: 8, overflow: 'hidden' }}
                  >
                    <ResponsiveImage src={img.imageUrl} alt={galleryAlt(img)} width={THUMB.width} height={300} sizes={THUMB.sizes} />
                  </UnstyledButton>
                  <Text size="sm" mt={6} fw={500}>
                    {img.title}
                  </Text>
                </li>
              ))}
            </SimpleGrid>
            {images.length > GALLERY_BATCH && (
              <Center mt="xl">
                <Button
                  variant="outline"
                  size="md"
                  onClick={() => setExpanded((e) => !e)}
                  aria-expanded={expanded}
                  aria-controls="gallery-grid"
                >
                  {expanded ? 'View Less' : 'View More'}
                </Button>
              </Center>
            )}
          </>
        )}
      </Container>

      {lightboxMounted && images.length > 0 && (
        <Suspense fallback={null}>
          <GalleryLightbox images={images} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} />
        </Suspense>
      )}
    </section>
  );
}
