import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Every module the entry reaches by static imports: the code the first page needs. */
const firstPage = new Set<string>();

/**
 * Collects the first page's modules after the build graph is known, so that codeSplitting can
 * put them in one chunk. Left alone, Rolldown gives every module shared between the entry and
 * a lazy route its own common chunk: some twenty small files, whose separate gzip costs about
 * 8 KiB more than the same code in one file (measured with bench/client.ts).
 */
function firstPageGraph(): Plugin {
  return {
    name: 'arena:first-page-graph',
    apply: 'build',
    buildEnd() {
      firstPage.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const queue = [...entries];
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (firstPage.has(id)) continue;
        firstPage.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      // The entry modules stay in their own chunks; the group takes what they import.
      for (const id of entries) firstPage.delete(id);
    },
  };
}

/**
 * V8's explicit compile hint on the chunks every page runs at start: every function in them is
 * compiled while the file streams in, on a background thread, instead of one by one on the main
 * thread at its first call. The first page's chunks (React and React DOM; the router, the query
 * cache and the shell): on a phone's first load that lazy compiling was about a fifth of the
 * main thread's work. The transport's three (zod and the wire, the contract, the client), loaded
 * by the shell's first effect: building the contract's schemas and parsing the first answers
 * call most of zod, and its compiling was most of their one task (docs/decisions/0053). The hint
 * counts only as the file's first line, so it goes in after Vite has put its own preload helper
 * at the top, and the source map moves down a line with it. The file's name hashes its content
 * without the line, which is the same line in every build. A chunk renamed by the bundler fails
 * the build rather than silently losing its hint.
 */
function compileHint(...chunkNames: string[]): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad';
  return {
    name: 'arena:compile-hint',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const missing = new Set(chunkNames);
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !chunkNames.includes(file.name)) continue;
          missing.delete(file.name);
          file.code = `${HINT}\n${file.code}`;
          const map = bundle[`${file.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
        if (missing.size > 0) this.error(`compile hint: no chunk named ${[...missing].join(', ')} (renamed by the bundler?)`);
      },
    },
  };
}

/**
 * Modules the first page reaches only through a package's index, which lazy pages use and the
 * first page does not: the walk above follows every re-export of an index, so the query
 * library's mutation, infinite and suspense hooks and their observers (0.8 KiB gzipped) sat in
 * the first page's chunk. Left out of the group, the bundler puts them with the pages that use
 * them; a first page that comes to use one only gets it in a chunk of its own.
 */
const LAZY_PAGES_ONLY = /\/node_modules\/@tanstack\/(react-query\/build\/modern\/use(Mutation|InfiniteQuery|SuspenseQuery|SuspenseInfiniteQuery)|query-core\/build\/modern\/(mutation|infiniteQuery)Observer)\.js$/;

/** Built files (paths under dist/) the service worker fetches on install; filled by firstVisitFiles. */
const firstVisit = new Set<string>();

/**
 * Lazy modules of the shell itself that must be on the device before the network goes: the
 * transport (every page's data), the pages shown offline or on a failed load, and the parts
 * the shell mounts on every page. Route pages are left out: they are cached as they are used.
 */
const SHELL_LAZY = /\/node_modules\/react-dom\/client\.js$|\/src\/(net\/transport\.ts|features\/notifications\/toast-list\.tsx|features\/shell\/(route-error|offline-page|update-prompt|footer|cookie-banner|mobile-menu-sheet|mobile-settings|not-found)\.tsx)$|\/src\/routes\/index\.tsx\?/;

/**
 * Collects what a first visit's precache holds (vite-plugin-pwa's manifestTransforms reads it):
 * the entry and what it imports, the shell's lazy parts above, the home page's chunks, and the
 * CSS of all of those. It was every file of the build (190 entries, 1.66 MB), fetched while
 * the first page itself was still loading on a slow link.
 */
function firstVisitFiles(): Plugin {
  return {
    name: 'arena:first-visit-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      firstVisit.clear();
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []));
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // By the modules a chunk holds, not its facade: a module both imported and lazily loaded
      // (the offline page) sits in a shared chunk without one, and the route error page is
      // loaded through shell/on-demand.ts.
      const queue = chunks.filter((chunk) => chunk.isEntry || chunk.moduleIds.some((id) => SHELL_LAZY.test(id))).map((chunk) => chunk.fileName);
      while (queue.length > 0) {
        const name = queue.pop()!;
        if (firstVisit.has(name)) continue;
        firstVisit.add(name);
        const chunk = byName.get(name);
        if (!chunk) continue;
        queue.push(...chunk.imports);
        for (const css of chunk.viteMetadata?.importedCss ?? []) firstVisit.add(css);
      }
    },
  };
}

/** Where `npm run dev` finds the sim-server (`npm start` listens there). */
const SIM_SERVER = process.env.SIM_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    firstPageGraph(),
    firstVisitFiles(),
    compileHint('app', 'react-dom', 'wire', 'contract', 'transport'),
    // The router plugin must run before React's: it rewrites route files into lazy chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader rides with its component: both use the page's queries, and neither
      // belongs in the first page's bundle.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
      routesDirectory: './src/routes',
      generatedRouteTree: './src/app/route-tree.gen.ts',
    }),
    react(),
    VitePWA({
      // A new version is offered, never forced: a forced reload would cut a battle or a spin in half.
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'favicon-32.png', 'apple-touch-icon.png', 'robots.txt'],
      manifest: {
        name: 'SkinFans Arena',
        short_name: 'SkinFans',
        description: 'Open CS2 cases, play case battles, Chicken and Dice. Provably fair.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0d0f14',
        background_color: '#0d0f14',
        categories: ['games', 'entertainment'],
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The first visit fetches only the shell and the home page (firstVisitFiles); the rest
        // of the build is cached as it is used (runtimeCaching below), so a page seen once
        // opens offline as before.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt}'],
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || firstVisit.has(entry.url)),
            warnings: [],
          }),
        ],
        navigateFallback: '/index.html',
        // The API, the sim's login provider and the socket always go to the network.
        navigateFallbackDenylist: [/^\/api\//, /^\/ws$/],
        cleanupOutdatedCaches: true,
        // Item and case art (generated SVGs with a version in the URL) is kept once seen, so
        // seen case pages and the inventory show their pictures offline. API data is not
        // cached here: it lives in IndexedDB (src/storage/offline-cache.ts).
        runtimeCaching: [
          {
            // Hashed build files never change: one copy, kept until outdated builds push it out.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'build-assets',
              expiration: { maxEntries: 600, maxAgeSeconds: 60 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // The sound sprite and other unhashed public files: served from the cache, refreshed behind.
            urlPattern: ({ url, sameOrigin, request }) => sameOrigin && !url.pathname.startsWith('/api/') && request.mode !== 'navigate' && /\.(wav|png|svg|txt)$/.test(url.pathname),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'public-files', cacheableResponse: { statuses: [200] } },
          },
          {
            urlPattern: /\/api\/art\//,
            handler: 'CacheFirst',
            options: {
              cacheName: 'item-art',
              expiration: { maxEntries: 2000, maxAgeSeconds: 60 * 24 * 3600 },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
    }),
  ],
  build: {
    outDir: 'dist',
    target: 'es2023',
    sourcemap: true,
    // dist/.vite/manifest.json: which files each route needs (scripts/route-shells.ts).
    manifest: true,
    // A lazy chunk's styles must load with it, but its shared scripts are fetched by its own
    // imports anyway: listing them for preloading put some 120 hashed names (about 2 KiB
    // gzipped) in the first page's script. Pages are precached by the service worker, so
    // the extra round trip shows only on a first visit's first navigation.
    // Every browser the build targets preloads modules itself: Vite's polyfill for those that do
    // not was 0.3 KiB of the first page's script.
    modulePreload: { polyfill: false, resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What main.tsx runs first, in a script of its own: it reads the version cookie as it
            // is evaluated, which costs a re-parse of the script under an inspector (boot.ts).
            { name: 'boot', test: /\/src\/(app\/(boot|locale)|storage\/(state-version|db-name))\.ts$/, priority: 3 },
            // React DOM's client and its scheduler, which main.tsx imports on its own (its comment
            // says why); React, which they need, comes into this chunk with them.
            { name: 'react-dom', test: /\/node_modules\/(react-dom|scheduler)\//, priority: 2 },
            { name: 'app', test: (id: string) => firstPage.has(id) && !LAZY_PAGES_ONLY.test(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: SIM_SERVER, changeOrigin: false },
      '/ws': { target: SIM_SERVER, ws: true },
    },
  },
  preview: { port: 4173 },
});
