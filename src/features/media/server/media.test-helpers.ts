// Test images and multipart bodies for the media tests (generated, so nothing large is committed).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

export const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** A marker planted in EXIF so a test can prove no byte of it survives. */
export const SECRET = 'SECRET-HOME-47.6062N-122.3321W';

/**
 * A photo whose left half is red and right half blue, carrying GPS, camera and description EXIF and
 * an orientation tag (6 = the camera was turned: displays rotated 90° clockwise).
 */
export async function phonePhoto({ width = 400, height = 300, orientation = 6 } = {}): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .composite([{ input: { create: { width: width - half, height, channels: 3, background: '#0000ff' } }, left: half, top: 0 }])
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', ImageDescription: SECRET, Artist: SECRET },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '47/1 36/1 22/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 19/1 55/1',
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function solidImage(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif', alpha = false) {
  const image = sharp({
    create: { width, height, channels: alpha ? 4 : 3, background: alpha ? { r: 20, g: 160, b: 90, alpha: 0.5 } : '#3080c0' },
  });
  return image.toFormat(format).toBuffer();
}

/** A valid PNG header claiming `width` × `height` pixels, followed by a tiny (invalid) data chunk. */
export function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  name: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface FieldPart {
  name: string;
  value: string;
}

/** A multipart/form-data body as a browser would send it. */
export function multipartBody(parts: Array<FilePart | FieldPart>, { cutAfter }: { cutAfter?: number } = {}) {
  const boundary = `----media-test-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  let payload = Buffer.concat(chunks);
  if (cutAfter !== undefined) payload = payload.subarray(0, cutAfter);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const jpegPart = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): FilePart => ({
  name: 'file',
  filename,
  contentType,
  data,
});
