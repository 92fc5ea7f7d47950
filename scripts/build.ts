/**
 * `npm run build`: vite build, each route's shell (scripts/route-shells.ts), the components the
 * server renders into a signed-in player's first view (src/first-views/render.tsx, for Node),
 * then the public pages' first views as HTML (scripts/prerender.ts) and the radio's tracks as
 * Ogg Opus (scripts/radio-tracks.ts), then a brotli and a gzip copy of every text file.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_VIEWS_MODULE } from '../sim-server/http/first-views.ts';
import { compressDist } from './compress-dist.ts';
import { writeRouteShells } from './route-shells.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds dist/ completely; throws when a step fails. */
export async function buildClient(): Promise<void> {
  const vite = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], { cwd: root, stdio: 'inherit' });
  if (vite.status !== 0) throw new Error(`vite build failed with exit code ${vite.status}`);
  console.log(`wrote the shell of ${writeRouteShells(join(root, 'dist'))} routes with their code named up front`);
  await buildFirstViews(join(root, 'dist'));
  console.log(`built the parts of first views the server fills in (dist/${FIRST_VIEWS_MODULE})`);
  const started = Date.now();
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(chromium)) {
    // Loaded only to build: `npm start` on a built client needs neither Chromium nor Playwright.
    const { prerender } = await import('./prerender.ts');
    const pages = await prerender(join(root, 'dist'));
    console.log(`prerendered ${pages} pages (${Date.now() - started} ms)`);
    // The radio's tracks as Ogg Opus files, encoded by the same Chromium (docs/decisions/0019).
    const t1 = Date.now();
    const { renderRadioTracks } = await import('./radio-tracks.ts');
    const tracks = await renderRadioTracks(join(root, 'dist'));
    console.log(`rendered ${tracks.length} radio tracks: ${(tracks.reduce((n, t) => n + t.bytes, 0) / 1024).toFixed(0)} KiB (${Date.now() - t1} ms)`);
  } else {
    // `npm start` on a fresh machine needs nothing but Node: without Chromium the pages paint from the app alone.
    console.log(`no Chromium at ${chromium}: public pages are not prerendered (install it, or set CHROMIUM_PATH)`);
  }
  const t0 = Date.now();
  const sizes = compressDist(join(root, 'dist'));
  console.log(`compressed ${sizes.files} text files: ${(sizes.bytes / 1024).toFixed(0)} KiB, ${(sizes.brotli / 1024).toFixed(0)} KiB as brotli (${Date.now() - t0} ms)`);
}

/**
 * The first views' components as one module for Node (dist/ssr/first-views.js, which the
 * server does not serve). React stays an import of node_modules; styles are the app's business.
 */
export async function buildFirstViews(distDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: 'src/first-views/render.tsx',
      outDir: join(distDir, dirname(FIRST_VIEWS_MODULE)),
      emptyOutDir: true,
      target: 'node24',
      minify: false,
      rolldownOptions: { output: { entryFileNames: basename(FIRST_VIEWS_MODULE) } },
    },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildClient();
