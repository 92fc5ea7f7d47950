/**
 * `npm run build`: vite build, then the public pages' first views as HTML
 * (scripts/prerender.ts), then a brotli and a gzip copy of every text file.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressDist } from './compress-dist.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds dist/ completely; throws when a step fails. */
export function buildClient(): void {
  const vite = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (vite.status !== 0) throw new Error(`vite build failed with exit code ${vite.status}`);
  const t0 = Date.now();
  const sizes = compressDist(join(root, 'dist'));
  console.log(`compressed ${sizes.files} text files: ${(sizes.bytes / 1024).toFixed(0)} KiB, ${(sizes.brotli / 1024).toFixed(0)} KiB as brotli (${Date.now() - t0} ms)`);
}

if (import.meta.url === `file://${process.argv[1]}`) buildClient();
