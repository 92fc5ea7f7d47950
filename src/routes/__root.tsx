import type { QueryClient } from '@tanstack/react-query';
import { HeadContent, Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { ConnectionBanner, RateLimitScreen, useRateLimitWatch, useTransport } from '../features/connection/index.ts';
import { LoginModal, LogoutModal, useSessionSync } from '../features/session/index.ts';
import { CookieBanner, Footer, Header, NotFound, UpdatePrompt } from '../features/shell/index.ts';
import { useLiveBalance } from '../features/wallet/index.ts';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  head: () => ({
    meta: [
      { title: 'SkinFans Arena: CS2 cases, battles and games' },
      { name: 'description', content: 'Open CS2 cases, play case battles, Chicken and Dice. Provably fair, installable, works offline.' },
    ],
  }),
  component: RootLayout,
  notFoundComponent: NotFound,
});

function RootLayout() {
  useTransport();
  useSessionSync();
  useLiveBalance();
  useRateLimitWatch();
  return (
    <div className="app">
      <HeadContent />
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Header />
      <ConnectionBanner />
      <main id="content" className="app-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <CookieBanner />
      <UpdatePrompt />
      <LoginModal />
      <LogoutModal />
      <RateLimitScreen />
    </div>
  );
}
