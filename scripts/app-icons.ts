// Draws the dashboard app's icons (public/icons/) from public/favicon.svg: every size the stores and browsers ask for,
// plus a maskable one whose paw sits inside the safe zone. Run after changing the favicon: node scripts/app-icons.ts
import sharp from 'sharp';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(root, 'public/favicon.svg'));
const out = path.join(root, 'public/icons');
mkdirSync(out, { recursive: true });

export const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];

for (const size of ICON_SIZES) {
  await sharp(svg, { density: 72 * (size / 64) * 1.1 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, `icon-${size}.png`));
}
// Maskable: the square without rounded corners, the paw at 70 % (the safe zone is the middle 80 %).
const square = Buffer.from(svg.toString().replace('rx="14"', 'rx="0"'));
const paw = await sharp(Buffer.from(svg.toString().replace(/<rect[^>]*\/>/, '')), { density: 72 * 8 })
  .resize(358, 358)
  .png()
  .toBuffer();
await sharp(square, { density: 72 * 8 })
  .resize(512, 512)
  .composite([{ input: paw, gravity: 'center' }])
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, 'maskable-512.png'));
// iOS draws its own rounded corners on a full square.
await sharp(square, { density: 72 * 3 })
  .resize(180, 180)
  .png({ compressionLevel: 9 })
  .toFile(path.join(out, 'apple-touch-icon-180.png'));
