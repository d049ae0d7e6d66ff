// sharp (libvips, about 25 MB resident) loads with the first upload or image variant, not at start-up.
import type sharpModule from 'sharp';

export type SharpFn = typeof sharpModule;
let loading: Promise<SharpFn> | undefined;

export function loadSharp(): Promise<SharpFn> {
  return (loading ??= import('sharp').then(({ default: sharp }) => {
    // Variants are cached on disk: libvips' own operation cache would only hold memory.
    sharp.cache(false);
    return sharp;
  }));
}
