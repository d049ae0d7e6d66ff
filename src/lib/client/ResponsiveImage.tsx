// An /uploads image at the right width and quality (SPEC §7), lazy with a 50 px margin, a blurred
// w=40 q=30 placeholder and fixed dimensions (no layout shift); 'Image unavailable' when it fails.
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { imageUrl, placeholderUrl, WIDTH_LADDER } from '../shared/format.ts';

export interface ResponsiveImageProps {
  src: string | null | undefined;
  /** Describes what the picture shows (never empty for content images). */
  alt: string;
  /** Intended rendered width in CSS pixels; with height it fixes the aspect ratio. */
  width: number;
  height: number;
  /** Load at once (the largest image above the fold). */
  priority?: boolean;
  /** Fixed quality for every candidate (e.g. the lightbox's q=80); otherwise the ladder's. */
  quality?: number;
  /** Only request this one width (e.g. the lightbox's w=800). */
  fixedWidth?: number;
  /** The `sizes` attribute; defaults to the full viewport up to `width`. */
  sizes?: string;
  /** 'cover' crops to the box (cards); 'contain' shows the whole picture (lightbox). */
  fit?: 'cover' | 'contain';
  style?: CSSProperties;
  radius?: number | string;
}

/** Widths from the server's ladder worth offering for a box this wide (1x up to 2x screens). */
function candidateWidths(width: number): number[] {
  const out = WIDTH_LADDER.filter((w) => w >= 160 && w >= width * 0.5 && w <= width * 2);
  return out.length ? out : [WIDTH_LADDER.find((w) => w >= width) ?? WIDTH_LADDER[WIDTH_LADDER.length - 1]!];
}

/** The src, srcset and sizes an image gets (shared with preloading, so the cache is hit). */
export function responsiveSources(
  src: string,
  { width, quality, fixedWidth, sizes }: Pick<ResponsiveImageProps, 'width' | 'quality' | 'fixedWidth' | 'sizes'>,
) {
  const widths = fixedWidth ? [fixedWidth] : candidateWidths(width);
  const main = imageUrl(src, fixedWidth ?? widths.find((w) => w >= width) ?? widths[widths.length - 1]!, quality);
  const srcSet =
    src.startsWith('/uploads/') && widths.length > 1 ? widths.map((w) => `${imageUrl(src, w, quality)} ${w}w`).join(', ') : undefined;
  return { src: main, srcSet, sizes: srcSet ? (sizes ?? `(max-width: ${width}px) 100vw, ${width}px`) : undefined };
}

/** Warms the browser cache for an image that is about to be shown (e.g. the next gallery batch). */
export function preloadResponsiveImage(
  src: string | null | undefined,
  options: Pick<ResponsiveImageProps, 'width' | 'quality' | 'fixedWidth' | 'sizes'>,
) {
  if (!src || typeof Image === 'undefined') return;
  const sources = responsiveSources(src, options);
  const img = new Image();
  if (sources.srcSet) {
    img.sizes = sources.sizes!;
    img.srcset = sources.srcSet;
  }
  img.src = sources.src;
}

export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  priority,
  quality,
  fixedWidth,
  sizes,
  fit = 'cover',
  style,
  radius,
}: ResponsiveImageProps) {
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

  // A new picture starts over (placeholder, then the image or the failure text).
  const [shownSrc, setShownSrc] = useState(src);
  if (shownSrc !== src) {
    setShownSrc(src);
    setFailed(false);
    setLoaded(false);
  }

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
        <div
          role="img"
          aria-label={`${alt} (image unavailable)`}
          style={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: 'var(--mantine-color-gray-7)',
            fontSize: 'var(--mantine-font-size-sm)',
          }}
        >
          <span aria-hidden="true">Image unavailable</span>
        </div>
      </div>
    );
  }

  const isUpload = src.startsWith('/uploads/');
  const fill: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: fit };
  const sources = responsiveSources(src, { width, quality, fixedWidth, sizes });

  return (
    <div ref={ref} style={box}>
      {!loaded && isUpload && (
        <img
          src={placeholderUrl(src)}
          alt=""
          aria-hidden="true"
          width={width}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          style={{ ...fill, objectFit: 'cover', filter: 'blur(12px)', transform: 'scale(1.1)' }}
        />
      )}
      {visible && (
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sources.sizes}
          alt={alt}
          width={width}
          height={height}
          loading={priority ? 'eager' : 'lazy'}
          decoding={priority ? 'sync' : 'async'}
          fetchPriority={priority ? 'high' : undefined}
          onLoad={() => setLoaded(true)}
          onError={() => setFailed(true)}
          style={{ ...fill, opacity: loaded || priority ? 1 : 0, transition: 'opacity 200ms ease' }}
        />
      )}
    </div>
  );
}
