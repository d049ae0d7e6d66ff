// Hero (SPEC §2 section 1, §4 hero media): headline, two buttons, four feature tiles, and a
// background picture that a muted, looping video replaces once it can play.
import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Button, Container, Group, SimpleGrid, Text, Title } from '@mantine/core';
import { IconHeartbeat, IconHome, IconLeaf, IconPaw, IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../../lib/client/trpc.ts';
import { scrollToSection } from '../../../lib/client/section-scroll.ts';
import { imageUrl } from '../../../lib/shared/format.ts';
import classes from './HeroSection.module.css';

export const DEFAULT_HERO_IMAGE = '/media/hero-poster.webp';
export const DEFAULT_HERO_IMAGE_SMALL = '/media/hero-poster-640.webp';
export const DEFAULT_HERO_VIDEO = '/media/hero.mp4';
/** SPEC §9: on desktop the video replaces the picture after about 500 ms. */
export const HERO_VIDEO_DELAY_MS = 500;
export const VIDEO_LOAD_ERROR = 'Failed to load video';
export const VIDEO_PLAY_ERROR = 'Failed to play video. Please ensure autoplay is allowed in your browser settings.';
/** SPEC §3: local browser settings. */
export const HERO_VIDEO_KEY = 'heroVideo';
export const HERO_IMAGE_KEY = 'heroImage';

const TILES = [
  {
    title: 'Home-Raised',
    text: 'Born in our living room and raised underfoot with kids, visitors and everyday household sounds.',
    Icon: IconHome,
  },
  {
    title: 'Natural Wellness',
    text: 'Fresh, species-appropriate food, clean water, sunshine and minimal, purposeful medication.',
    Icon: IconLeaf,
  },
  {
    title: 'Non-Invasive Testing',
    text: 'Parents are health-tested with DNA panels and gentle screening before any breeding.',
    Icon: IconHeartbeat,
  },
  { title: 'Puppy Culture', text: 'Early Neurological Stimulation and daily enrichment for confident, adaptable puppies.', Icon: IconPaw },
] as const;

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key) || null;
  } catch {
    return null; // storage disabled
  }
}

const isMobileWidth = () => typeof window.matchMedia === 'function' && window.matchMedia('(max-width: 767.98px)').matches;

/** play() rejects with NotSupportedError when the video can't load: the same failure as the element's error event. */
function isLoadFailure(error: unknown) {
  return error instanceof DOMException && error.name === 'NotSupportedError';
}

/** play() also rejects when it is interrupted by a pause or the element going away; that is no failure. */
function isPlayRefusal(error: unknown) {
  return !(error instanceof DOMException && error.name === 'AbortError') && !isLoadFailure(error);
}

function HeroPicture({ src }: { src: string }) {
  if (src === DEFAULT_HERO_IMAGE) {
    return (
      <img
        src={DEFAULT_HERO_IMAGE}
        srcSet={`${DEFAULT_HERO_IMAGE_SMALL} 640w, ${DEFAULT_HERO_IMAGE} 1280w`}
        sizes="100vw"
        width={1280}
        height={720}
        alt=""
        fetchPriority="high"
        decoding="sync"
      />
    );
  }
  const upload = src.startsWith('/uploads/');
  return (
    <img
      src={upload ? imageUrl(src, 1280) : src}
      srcSet={upload ? [640, 1024, 1600].map((w) => `${imageUrl(src, w)} ${w}w`).join(', ') : undefined}
      sizes="100vw"
      width={1280}
      height={720}
      alt=""
      fetchPriority="high"
      decoding="sync"
    />
  );
}

export function HeroSection() {
  const settings = useQuery(trpc.settings.get.queryOptions());
  const [stored] = useState(() => ({ video: readStored(HERO_VIDEO_KEY), image: readStored(HERO_IMAGE_KEY) }));
  const [showVideo, setShowVideo] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [reduceMotion] = useState(
    () =>
      typeof window !== 'undefined' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );

  const onLoadError = () => {
    setPlaying(false);
    setMessage(VIDEO_LOAD_ERROR);
  };
  // A video that can't load is reported by whichever comes first, its error event or the refused play().
  const onPlayError = (error: unknown) => {
    if (isLoadFailure(error)) {
      setPlaying(false);
      setMessage(VIDEO_LOAD_ERROR);
    } else if (isPlayRefusal(error)) setMessage((m) => (m === VIDEO_LOAD_ERROR ? m : VIDEO_PLAY_ERROR));
  };
  const settingsKnown = !settings.isPending;
  const imageSrc = stored.image ?? settings.data?.heroImageUrl ?? DEFAULT_HERO_IMAGE;
  const videoSrc = stored.video ?? settings.data?.heroVideoUrl ?? DEFAULT_HERO_VIDEO;

  // The picture shows while loading; the video takes over at once on mobile when one is stored,
  // otherwise after about 500 ms (and only once we know which video the breeder chose).
  useEffect(() => {
    if (!stored.video && !settingsKnown) return;
    const mobile = isMobileWidth();
    if (stored.video && mobile) {
      setShowVideo(true);
      return;
    }
    let timer: number | undefined;
    const start = () => {
      timer = window.setTimeout(() => setShowVideo(true), HERO_VIDEO_DELAY_MS);
    };
    // On a phone the default video waits for the page itself to finish loading (data and bandwidth).
    if (mobile && document.readyState !== 'complete') {
      window.addEventListener('load', start, { once: true });
    } else {
      start();
    }
    return () => {
      window.removeEventListener('load', start);
      window.clearTimeout(timer);
    };
  }, [stored.video, settingsKnown]);

  useEffect(() => {
    const video = videoRef.current;
    if (!showVideo || !video) return;
    if (video.error) {
      onLoadError(); // it failed before this effect ran
      return;
    }
    if (reduceMotion) return; // a moving background only when the visitor has not asked for less motion
    video.play().catch(onPlayError);
  }, [showVideo, videoSrc, reduceMotion]);

  const toggle = () => {
    const video = videoRef.current;
    if (!video || !showVideo) return;
    if (video.paused) {
      setMessage(null);
      video.play().catch(onPlayError);
    } else {
      video.pause();
    }
  };

  const videoFailed = message === VIDEO_LOAD_ERROR;
  const town = settings.data?.town ?? 'Colorado';

  return (
    <section id="home" aria-labelledby="hero-title" className={classes.hero}>
      <div className={classes.media} onClick={toggle} aria-hidden="true">
        <HeroPicture src={imageSrc} />
        {showVideo && !videoFailed && (
          <video
            ref={videoRef}
            src={videoSrc}
            poster={imageSrc === DEFAULT_HERO_IMAGE ? DEFAULT_HERO_IMAGE : undefined}
            muted
            loop
            playsInline
            autoPlay={!reduceMotion}
            preload="auto"
            tabIndex={-1}
            data-playing={playing || undefined}
            onPlaying={() => setPlaying(true)}
            onPause={() => setPlaying(false)}
            onError={onLoadError}
          />
        )}
        <div className={classes.shade} />
      </div>

      <Container size="lg" className={classes.content}>
        <Title order={1} id="hero-title" className={classes.title}>
          Home-Raised Mini Goldendoodles
        </Title>
        <Text className={classes.lead} mt="md">
          Healthy, confident puppies raised with love in our family home in {town}: naturally reared, carefully matched and supported for
          life.
        </Text>
        <Group mt="xl" gap="md">
          <Button size="lg" onClick={() => scrollToSection('puppies')}>
            See Our Puppies
          </Button>
          <Button size="lg" variant="white" color="dark" onClick={() => scrollToSection('contact')}>
            Contact Us
          </Button>
        </Group>
      </Container>

      <Container size="lg" className={classes.tiles}>
        <SimpleGrid
          cols={{ base: 2, md: 4 }}
          spacing={{ base: 'xs', sm: 'md' }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {TILES.map(({ title, text, Icon }) => (
            <li key={title} className={classes.tile}>
              <Icon size={28} aria-hidden="true" color="var(--mantine-color-amber-8)" />
              <Text component="h2" fw={700} size="md" mt={6} mb={4}>
                {title}
              </Text>
              <Text size="sm" visibleFrom="sm">
                {text}
              </Text>
            </li>
          ))}
        </SimpleGrid>
      </Container>

      {showVideo && !videoFailed && (
        <ActionIcon
          className={classes.videoToggle}
          size="lg"
          radius="xl"
          variant="white"
          color="dark"
          onClick={toggle}
          aria-label={playing ? 'Pause background video' : 'Play background video'}
        >
          {playing ? <IconPlayerPauseFilled size={18} aria-hidden="true" /> : <IconPlayerPlayFilled size={18} aria-hidden="true" />}
        </ActionIcon>
      )}
      {message && (
        <div className={classes.videoMessage} role="status">
          {message}
        </div>
      )}
    </section>
  );
}
