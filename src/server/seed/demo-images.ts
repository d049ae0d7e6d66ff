// Generates believable placeholder photos at seed time (no downloads): warm gradients, a paw motif, a caption.
import sharp from 'sharp';

const PALETTES: Array<[string, string]> = [
  ['#f6d365', '#fda085'],
  ['#e0c3fc', '#8ec5fc'],
  ['#fbc2eb', '#a6c1ee'],
  ['#fddb92', '#d1fdff'],
  ['#c2e59c', '#64b3f4'],
  ['#ffecd2', '#fcb69f'],
  ['#a1c4fd', '#c2e9fb'],
  ['#d4fc79', '#96e6a1'],
];

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

export async function demoPhoto(index: number, caption: string, width = 1200, height = 900): Promise<Buffer> {
  const [a, b] = PALETTES[index % PALETTES.length]!;
  const cx = width / 2;
  const cy = height / 2 - 40;
  const r = Math.min(width, height) / 7;
  const toe = (dx: number, dy: number, s: number) =>
    `<ellipse cx="${cx + dx * r}" cy="${cy + dy * r}" rx="${r * 0.32 * s}" ry="${r * 0.4 * s}" fill="#7a4a21" fill-opacity="0.55"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <ellipse cx="${cx}" cy="${cy + r * 0.55}" rx="${r * 0.85}" ry="${r * 0.7}" fill="#7a4a21" fill-opacity="0.55"/>
    ${toe(-0.95, -0.45, 1)}${toe(-0.35, -0.95, 1)}${toe(0.35, -0.95, 1)}${toe(0.95, -0.45, 1)}
    <text x="50%" y="${height - 90}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(height / 14)}" font-weight="bold" fill="#3b2412" text-anchor="middle">${escape(caption)}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
}
