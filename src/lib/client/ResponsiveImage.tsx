// An /uploads image at the right width and quality, lazy with a 50 px margin, a blurred placeholder
// and fixed dimensions (no layout shift); 'Image unavailable' when it fails.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Center, Text } from '@mantine/core';
import { imageUrl, placeholderUrl } from '../shared/format.ts';

export interface ResponsiveImageProps {
  src: string | null | undefined;
  alt: string;
  /** Rendered width in CSS pixels (the request asks for 2x on dense screens). */
  width: number;
  height: number;
  /** Load at once (the largest image above the fold). */
  priority?: boolean;
  quality?: number;
  style?: CSSProperties;
  radius?: number | string;
}

export function ResponsiveImage({ src, alt, width, height, priority, quality, style, radius }: ResponsiveImageProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(!!priority);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (visible || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') return setVisible(true);
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { rootMargin: '50px' },
    );
    io.observe(ref.current);
    return () => io.disconnect();
  }, [visible]);

  useEffect(() => {
    setFailed(false);
    setLoaded(false);
  }, [src]);

  const box: CSSProperties = {
    position: 'relative',
    width: '100%',
    aspectRatio: `${width} / ${height}`,
    overflow: 'hidden',
    borderRadius: radius,
    background: 'var(--mantine-color-gray-1)',
    ...style,
  };

  if (!src || failed) {
    return (
      <div ref={ref} style={box}>
        <Center h="100%" role="img" aria-label={`${alt} (image unavailable)`}>
          <Text size="sm" c="dimmed">
            Image unavailable
          </Text>
        </Center>
      </div>
    );
  }

  const dpr = typeof window !== 'undefined' ? Math.min(window.devicePixelRatio || 1, 2) : 1;
  const requestWidth = Math.round(width * dpr);
  const fill: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' };

  return (
    <div ref={ref} style={box}>
      {!loaded && src.startsWith('/uploads/') && (
        <img src={placeholderUrl(src)} alt="" aria-hidden="true" width={width} height={height} style={{ ...fill, filter: 'blur(12px)', transform: 'scale(1.1)' }} />
      )}
      {visible && (
        <img
          src={imageUrl(src, requestWidth, quality)}
          alt={alt}
          width={width}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : undefined}
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          style={{ ...fill, opacity: loaded ? 1 : 0, transition: 'opacity 200ms ease' }}
        />
      )}
    </div>
  );
}
