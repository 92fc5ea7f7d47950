/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built client, once
 * per build, so the server sends compressed bytes without compressing per request
 * (@fastify/static's preCompressed). Run by scripts/build.ts after vite build.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map|xml)$/i;
/** Smaller files gain less than a header's worth. */
const MIN_BYTES = 512;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Compresses dist/ in place; answers how many files and bytes before and after brotli. */
export function compressDist(dir: string): { files: number; bytes: number; brotli: number } {
  const totals = { files: 0, bytes: 0, brotli: 0 };
  for (const path of files(dir)) {
    if (!TEXT.test(path)) continue;
    const body = readFileSync(path);
    if (body.length < MIN_BYTES) continue;
    // Source maps are read by developer tools only: a cheaper setting keeps the build fast.
    const map = path.endsWith('.map');
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: map ? 5 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    const gz = gzipSync(body, { level: 9 });
    // A copy no smaller than the file is left out: the server then sends the file itself.
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    if (!map) {
      totals.files += 1;
      totals.bytes += body.length;
      totals.brotli += Math.min(br.length, body.length);
    }
  }
  return totals;
}
