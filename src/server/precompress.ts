// A build step (scripts/build.ts): every compressible file among the client's hashed assets gets its Brotli
// (quality 11) and gzip (level 9) forms beside it, `name.br` and `name.gz`. The static route sends those
// (`preCompressed`) instead of compressing each response at the quality a request can afford: the home
// page's first-view JavaScript is about 12% smaller than at the per-response settings (decision 104).
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser fetches from /assets/; pictures and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|webmanifest)$/;

export interface Precompressed {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/** Writes the compressed forms of the files in `dir` (not below it) of at least `minBytes`; a form no smaller than its file is not written. */
export async function precompress(dir: string, minBytes = 1024): Promise<Precompressed> {
  const totals: Precompressed = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const names = (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => entry.name);
  await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const body = await readFile(file);
      if (body.length < minBytes) return;
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: 9 }),
      ]);
      totals.files++;
      totals.bytes += body.length;
      totals.brotliBytes += Math.min(br.length, body.length);
      totals.gzipBytes += Math.min(gz.length, body.length);
      if (br.length < body.length) await writeFile(`${file}.br`, br);
      if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
    }),
  );
  return totals;
}
