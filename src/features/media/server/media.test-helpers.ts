// Test images and multipart bodies for the media tests (generated, so nothing large is committed).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

/** Where the test videos were "filmed" (Denver), as ISO 6709 text the way phones write it. */
export const VIDEO_LOCATION = '+39.7392-104.9903';

/** One MP4 box: 32-bit size, type, payload. */
function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + payload.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

/** The top-level or child boxes in [start, end): type, offset, size. */
function boxesIn(bytes: Buffer, start: number, end: number) {
  const found: Array<{ type: string; offset: number; size: number }> = [];
  for (let offset = start; offset + 8 <= end;) {
    const size = bytes.readUInt32BE(offset);
    found.push({ type: bytes.toString('latin1', offset + 4, offset + 8), offset, size });
    if (size < 8) break;
    offset += size;
  }
  return found;
}

/**
 * A real phone-style MP4 (H.264 + AAC, made by ffmpeg) that says where it was filmed twice, as an iPhone
 * and an Android phone do: QuickTime Keys metadata (moov/meta with keys + ilst,
 * com.apple.quicktime.location.ISO6709, written by `-movflags use_metadata_tags`) and a classic
 * moov/udta ©xyz atom (added here, since ffmpeg's MP4 muxer writes 3GPP loci instead).
 */
export function gpsVideo(dir: string): Buffer {
  const file = path.join(dir, `gps-${process.pid}-${Date.now()}.mp4`);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=8000',
    '-t',
    '1',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-metadata',
    `location=${VIDEO_LOCATION}/`,
    '-metadata',
    `com.apple.quicktime.location.ISO6709=${VIDEO_LOCATION}+1609.000/`,
    '-movflags',
    'use_metadata_tags',
    file,
  ]);
  const bytes = readFileSync(file);
  rmSync(file, { force: true });
  // moov is written last and udta last inside it, so the ©xyz atom can be appended to the file.
  const moov = boxesIn(bytes, 0, bytes.length).find((b) => b.type === 'moov')!;
  const udta = boxesIn(bytes, moov.offset + 8, moov.offset + moov.size).find((b) => b.type === 'udta')!;
  if (moov.offset + moov.size !== bytes.length || udta.offset + udta.size !== bytes.length) {
    throw new Error('gpsVideo: ffmpeg no longer writes udta at the end of the file');
  }
  const text = Buffer.from(`${VIDEO_LOCATION}/`, 'latin1');
  const xyzHead = Buffer.alloc(4);
  xyzHead.writeUInt16BE(text.length);
  xyzHead.writeUInt16BE(0x15c7, 2); // language code 'eng' packed, as phones write it
  const xyz = box('\u00a9xyz', Buffer.concat([xyzHead, text]));
  const out = Buffer.concat([bytes, xyz]);
  out.writeUInt32BE(moov.size + xyz.length, moov.offset);
  out.writeUInt32BE(udta.size + xyz.length, udta.offset);
  return out;
}

/**
 * An MP4 with cover art, as phones and editing apps write it: H.264 + AAC made by ffmpeg, plus the
 * phone photo of phonePhoto() (EXIF with GPS, the camera and SECRET) muxed in byte for byte as a
 * third stream with the attached_pic disposition. Also returns that cover's EXIF block.
 */
export async function coverArtVideo(dir: string): Promise<{ video: Buffer; coverExif: Buffer }> {
  const cover = await phonePhoto({ width: 64, height: 48, orientation: 1 });
  const base = path.join(dir, `cover-${process.pid}-${randomBytes(4).toString('hex')}`);
  writeFileSync(`${base}.jpg`, cover);
  try {
    execFileSync('ffmpeg', [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x48:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=8000',
      '-i',
      `${base}.jpg`,
      '-t',
      '1',
      '-map',
      '0',
      '-map',
      '1',
      '-map',
      '2',
      '-c:v:0',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-c:v:1',
      'copy',
      '-disposition:v:1',
      'attached_pic',
      `${base}.mp4`,
    ]);
    return { video: readFileSync(`${base}.mp4`), coverExif: (await sharp(cover).metadata()).exif! };
  } finally {
    rmSync(`${base}.jpg`, { force: true });
    rmSync(`${base}.mp4`, { force: true });
  }
}

/** A video's streams as ffprobe lists them: type, codec and whether it is an attached picture (cover art). */
export function probeStreams(dir: string, bytes: Buffer): Array<{ type: string; codec: string; attachedPic: boolean }> {
  const file = path.join(dir, `probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  writeFileSync(file, bytes);
  try {
    const out = execFileSync(
      'ffprobe',
      ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name:stream_disposition=attached_pic', '-of', 'json', file],
      {
        encoding: 'utf8',
      },
    );
    const { streams } = JSON.parse(out) as {
      streams: Array<{ codec_type: string; codec_name: string; disposition?: { attached_pic?: number } }>;
    };
    return streams.map((s) => ({ type: s.codec_type, codec: s.codec_name, attachedPic: s.disposition?.attached_pic === 1 }));
  } finally {
    rmSync(file, { force: true });
  }
}

/** What ffprobe reads from a video's container and streams: its tags, as "key=value" lines. */
export function probeTags(dir: string, bytes: Buffer): string {
  const file = path.join(dir, `probe-${process.pid}-${Date.now()}`);
  writeFileSync(file, bytes);
  try {
    return execFileSync('ffprobe', ['-hide_banner', '-loglevel', 'error', '-show_entries', 'format_tags:stream_tags', file], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(file, { force: true });
  }
}

/** A video's duration in seconds as ffprobe reads it (proof the stored file still plays). */
export function probeDuration(dir: string, bytes: Buffer): number {
  const file = path.join(dir, `probe-${process.pid}-${Date.now()}`);
  writeFileSync(file, bytes);
  try {
    const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' });
    return Number(out.trim());
  } finally {
    rmSync(file, { force: true });
  }
}

/** A minimal, valid one-page PDF (what a printer driver or "Save as PDF" would write, cut down). */
export function tinyPdf(text = 'Care sheet'): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${`BT /F1 24 Tf 72 700 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 24 Tf 72 700 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

export const pdfPart = (data: Buffer, filename = 'care-sheet.pdf', contentType = 'application/pdf'): FilePart => ({
  name: 'file',
  filename,
  contentType,
  data,
});

/**
 * A real MP4 of random noise (H.264, lossless, so it cannot compress): about 1.9 MB per second, i.e.
 * several of the database's 1 MiB video pieces.
 */
export function noisyVideo(dir: string, seconds = 1.5): Buffer {
  const file = path.join(dir, `noise-${process.pid}-${randomBytes(4).toString('hex')}.mp4`);
  execFileSync('ffmpeg', [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'nullsrc=s=256x192:r=25,geq=random(1)*255:128:128',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-qp',
    '0',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  try {
    return readFileSync(file);
  } finally {
    rmSync(file, { force: true });
  }
}
