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

/** Where `npm run dev` finds the sim-server (`npm start` listens there). */
const SIM_SERVER = process.env.SIM_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    firstPageGraph(),
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
        // The shell, every route's code and the sound sprite: any page opens offline once installed.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt,wav}'],
        navigateFallback: '/index.html',
        // The API, the sim's login provider and the socket always go to the network.
        navigateFallbackDenylist: [/^\/api\//, /^\/ws$/],
        cleanupOutdatedCaches: true,
        // Item and case art (generated SVGs with a version in the URL) is kept once seen, so
        // seen case pages and the inventory show their pictures offline. API data is not
        // cached here: it lives in IndexedDB (src/storage/offline-cache.ts).
        runtimeCaching: [
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
    // A lazy chunk's styles must load with it, but its shared scripts are fetched by its own
    // imports anyway: listing them for preloading put some 120 hashed names (about 2 KiB
    // gzipped) in the first page's script. Pages are precached by the service worker, so
    // the extra round trip shows only on a first visit's first navigation.
    modulePreload: { resolveDependencies: (_file, deps) => deps.filter((dep) => dep.endsWith('.css')) },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'app', test: (id: string) => firstPage.has(id) }] },
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
