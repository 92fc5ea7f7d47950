import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import { HeadContent, Outlet, createRootRouteWithContext, useLocation } from '@tanstack/react-router';
import { useBoxDeprecations } from '../features/cases/index.ts';
import { ChatDock } from '../features/chat/index.ts';
import { ConnectionBanner, MaintenanceScreen, RateLimitScreen, useArenaReachable, useMaintenance, useTransport } from '../features/connection/index.ts';
import { Toasts, useLiveNotices } from '../features/notifications/index.ts';
import { SessionModals, useCheckin, useLoginReminder, usePrompts, useSessionSync } from '../features/session/index.ts';
import { usePerformanceMode } from '../features/settings/index.ts';
import {
  CookieBanner,
  Footer,
  Header,
  InstallPrompt,
  MobileMenu,
  NotFound,
  OfflinePage,
  SupportModal,
  UpdatePrompt,
  pageHead,
  useRetryOnReconnect,
  useShellVisits,
  wasSeen,
} from '../features/shell/index.ts';
import { useLiveBalance } from '../features/wallet/index.ts';
import { lazyPart } from '../ui/lazy-part.ts';
import { createStore } from '../ui/store.ts';

// The stream party widget and its channel load after the first page (it stays within its budget).
const PartyLobby = lazyPart(() => import('../features/party/on-demand.ts').then((m) => ({ default: m.PartyLobby })));

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  // The defaults under every page's own tags; the canonical address is each page's own.
  head: () => ({ meta: pageHead({ title: 'SkinFans Arena', description: 'Open CS2 cases, play case battles, Chicken and Dice. Provably fair, installable, works offline.', path: '/' }).meta }),
  component: RootLayout,
  notFoundComponent: NotFound,
});

/** Whether the first page has entered (useShellVisits); the footer, the mobile menu and the cookie notice come after it. */
const enteredStore = createStore(false);

/**
 * The shell around every page. The hooks that only listen and act (transport, session, live
 * notices, the probes...) live in ShellEffects, and the page's own area in PageArea, so that a
 * change of their state re-renders them alone: on a phone's first page each re-render of the
 * whole shell (header, menus, every page part) was a long task of its own (docs/decisions/0053).
 */
function RootLayout() {
  return (
    <div className="app">
      <HeadContent />
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Header />
      <ConnectionBanner />
      <PageArea />
      <Entered>
        <Footer />
        <MobileMenu />
      </Entered>
      <ChatDock />
      <Entered>
        <Suspense fallback={null}>
          <PartyLobby />
        </Suspense>
        <CookieBanner />
      </Entered>
      <Toasts />
      <UpdatePrompt />
      <InstallPrompt />
      <SessionModals />
      <SupportModal />
      <RateLimitScreen />
      <MaintenanceScreen />
      {/* Last, so its effects run after the rest of the shell's, as they did in the layout itself. */}
      <ShellEffects />
    </div>
  );
}

/**
 * Its children once the first page has entered; the layout around them does not render again
 * then. Deferred: the footer, the menu and the banner mount in a render React may interrupt,
 * not in the one task a store's change renders in (a long task on a phone's first page).
 */
function Entered({ children }: { children: ReactNode }) {
  return useDeferredValue(enteredStore.use()) ? children : null;
}

/** The shell's listeners; renders nothing. */
function ShellEffects() {
  useTransport();
  useSessionSync();
  usePrompts();
  useCheckin();
  useLoginReminder();
  useLiveBalance();
  useLiveNotices();
  useMaintenance();
  useBoxDeprecations();
  usePerformanceMode();
  // Latches: once the first page is in, the footer and the menu stay.
  const entered = useShellVisits();
  useEffect(() => {
    if (entered) enteredStore.set(true);
  }, [entered]);
  return null;
}

/** The page, or the offline page for one never seen while the arena does not answer. */
function PageArea() {
  const { pathname } = useLocation();
  // Offline means the arena does not answer (connection-state.ts), not navigator.onLine alone.
  const offlineUnseen = useArenaReachable() === 'no' && !wasSeen(pathname);
  useRetryOnReconnect(offlineUnseen);
  // The page the visit lands on is not faded in: a prerendered copy of it is already on screen
  // (it would blink out and back at the takeover), and a phone's largest paint is the copy's.
  // Every page after it fades in.
  const [landing] = useState(pathname);
  const [moved, setMoved] = useState(false);
  if (!moved && pathname !== landing) setMoved(true);
  // The same element every render: the page below re-renders for its own state and the
  // router's, not each time the connection's state re-renders this area (as the socket opens).
  const page = useMemo(() => <Outlet />, []);
  return (
    <main id="content" className="app-main" tabIndex={-1}>
      <div key={pathname} className={moved ? 'page-fade' : undefined}>
        {offlineUnseen ? <OfflinePage /> : page}
      </div>
    </main>
  );
}
