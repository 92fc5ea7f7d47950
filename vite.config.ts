import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** Where `npm run dev` finds the sim-server (`npm start` listens there). */
const SIM_SERVER = process.env.SIM_SERVER ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    // The router plugin must run before React's: it rewrites route files into lazy chunks.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
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
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,txt}'],
        navigateFallback: '/index.html',
        // The API, the sim's login provider and the socket always go to the network.
        navigateFallbackDenylist: [/^\/api\//, /^\/ws$/],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: { outDir: 'dist', target: 'es2023', sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: SIM_SERVER, changeOrigin: false },
      '/ws': { target: SIM_SERVER, ws: true },
    },
  },
  preview: { port: 4173 },
});
