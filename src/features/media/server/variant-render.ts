// Variant rendering: one variant of a photo's original with sharp (resized, or the sharing crop), in the format the browser takes.
import type { Sharp } from 'sharp';
import { PHOTO_MAX_PIXELS, SHARE_HEIGHT, SHARE_WIDTH } from '../media.schema.ts';
import { loadSharp } from './sharp.ts';
import type { MediaMeta, OutputFormat } from './variant-naming.ts';

/** Encoder settings per format. AVIF and WebP qualities are tuned to look like the JPEG quality asked for. */
function encode(pipeline: Sharp, format: OutputFormat, quality: number): Sharp {
  switch (format) {
    case 'avif':
      // Effort 1: encoding then costs less than decoding the original (decision 004); 4:2:0 as in JPEG.
      return pipeline.avif({ quality: Math.max(20, quality - 20), effort: 1, chromaSubsampling: '4:2:0' });
    case 'webp':
      return pipeline.webp({ quality, effort: 2 });
    case 'png':
      return pipeline.png({ compressionLevel: 8, adaptiveFiltering: true });
    default:
      return pipeline.jpeg({ quality, progressive: true });
  }
}

/** Whether an original (a file in the cache) has transparency: decides PNG or JPEG for browsers without WebP/AVIF. */
export async function originalHasAlpha(file: string): Promise<boolean> {
  const sharp = await loadSharp();
  return (await sharp(file).metadata()).hasAlpha;
}

/** Renders one variant of the original at `file`: never enlarged; the share crop is 1200x630 around what draws the eye. */
export async function renderVariant(
  file: string,
  meta: Pick<MediaMeta, 'width'>,
  { width, quality, format, share }: { width: number; quality: number; format: OutputFormat; share?: boolean },
): Promise<Buffer> {
  const sharp = await loadSharp();
  let pipeline = sharp(file, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'none' });
  if (share) {
    // Cropped to the sharing shape around what draws the eye (sharp's attention strategy); never stretched.
    pipeline = pipeline
      .flatten({ background: '#ffffff' })
      .resize({ width: SHARE_WIDTH, height: SHARE_HEIGHT, fit: 'cover', position: sharp.strategy.attention });
  } else if (!meta.width || width < meta.width) {
    pipeline = pipeline.resize({ width, withoutEnlargement: true });
  }
  return encode(pipeline, format, quality).toBuffer();
}
