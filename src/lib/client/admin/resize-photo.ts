// Photos are made smaller on the phone before they upload (issue 34, decision 124): a 12-megapixel JPEG from a phone
// camera is 4-8 MB, which on the whelping room's weak signal is minutes; 2560 px on the long edge at quality 0.85 is
// 0.5-1.5 MB and more than any page shows (the server keeps at most 4096 px and makes the smaller sizes itself).
// JPEG and WebP only: HEIC/HEIF (browsers other than Safari cannot decode it), AVIF, PNG (the library's PNG encoder
// reduces the colours) and every video or PDF go up unchanged, and the server converts them as before.
import type { Options } from 'browser-image-compression';

type Compress = (file: File, options: Options) => Promise<File>;
/** The long edge a photo is brought down to, in pixels. */
export const PHOTO_LONG_EDGE = 2560;
/** The JPEG/WebP quality it is encoded at. */
export const PHOTO_QUALITY = 0.85;
const RESIZED_TYPES = new Set(['image/jpeg', 'image/webp']);

/**
 * The file to upload: a smaller copy of a JPEG or WebP photo, upright as the camera's EXIF orientation says (the copy
 * carries no EXIF: no orientation to apply twice, no location), or the original when the copy would not be smaller,
 * the type is not one we resize, or the browser cannot decode it. Rejects only when `signal` aborts.
 */
export async function resizePhoto(file: File, signal?: AbortSignal): Promise<File> {
  if (!RESIZED_TYPES.has(file.type)) return file;
  try {
    // Loaded when a photo is chosen, never with the dashboard's first screen.
    const loaded = await import('browser-image-compression');
    // The bundle gives the ES module's default; the package's CommonJS-style types describe one level more.
    const compress = ((loaded.default as unknown as { default?: Compress }).default ?? loaded.default) as unknown as Compress;
    const out = await compress(file, {
      maxWidthOrHeight: PHOTO_LONG_EDGE,
      initialQuality: PHOTO_QUALITY,
      fileType: file.type,
      // In the page: the library's worker would load its code from a CDN, which the site's policy does not allow.
      useWebWorker: false,
      // One encoding, no loop of lower qualities (the size is not capped, the edge is).
      maxIteration: 1,
      signal,
    });
    if (out.size >= file.size) return file;
    return new File([out], file.name, { type: out.type || file.type, lastModified: file.lastModified });
  } catch (error) {
    if (signal?.aborted) throw error;
    return file; // a photo the browser cannot decode still uploads; the server checks it
  }
}
