import { describe, expect, it } from 'vitest';
import { responsiveSources } from './ResponsiveImage.tsx';
import { qualityForWidth, WIDTH_LADDER } from '../shared/format.ts';

describe('responsive image sources (SPEC §7)', () => {
  it('offers ladder widths around the box, each at the ladder quality', () => {
    const { src, srcSet, sizes } = responsiveSources('/uploads/7.jpg', { width: 400 });
    expect(src).toBe('/uploads/7.jpg?w=480&q=75');
    const candidates = srcSet!.split(', ').map((c) => /^\/uploads\/7\.jpg\?w=(\d+)&q=(\d+) (\d+)w$/.exec(c)!);
    expect(candidates.length).toBeGreaterThan(1);
    for (const [, w, q, descriptor] of candidates) {
      expect(WIDTH_LADDER).toContain(Number(w));
      expect(Number(q)).toBe(qualityForWidth(Number(w)));
      expect(descriptor).toBe(w);
      expect(Number(w)).toBeGreaterThanOrEqual(200);
      expect(Number(w)).toBeLessThanOrEqual(800);
    }
    expect(sizes).toBe('(max-width: 400px) 100vw, 400px');
  });

  it('asks for exactly w=800 q=80 in the lightbox', () => {
    expect(responsiveSources('/uploads/7.jpg', { width: 800, fixedWidth: 800, quality: 80 })).toEqual({
      src: '/uploads/7.jpg?w=800&q=80',
      srcSet: undefined,
      sizes: undefined,
    });
  });

  it('leaves files that are not uploads alone', () => {
    expect(responsiveSources('/media/hero-poster.webp', { width: 1280 }).src).toBe('/media/hero-poster.webp');
    expect(responsiveSources('/media/hero-poster.webp', { width: 1280 }).srcSet).toBeUndefined();
  });
});
