/**
 * Builds the client when dist/ is missing or older than its sources, so `npm start` and the
 * end-to-end tests always serve what the code says without rebuilding every time.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildClient } from './build.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['src', 'public', 'workers', 'index.html', 'vite.config.ts', 'package-lock.json', 'scripts/build.ts', 'scripts/compress-dist.ts', 'scripts/prerender.ts', 'scripts/radio-tracks.ts'];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Runs the build (scripts/build.ts) when the built client is missing or stale; answers whether it built. */
export async function buildIfNeeded(): Promise<boolean> {
  const built = join(root, 'dist', 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newest(join(root, s))));
  if (builtAt > sourcesAt) return false;
  console.log('Building the client (dist/ is missing or older than its sources)...');
  await buildClient();
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) await buildIfNeeded();
