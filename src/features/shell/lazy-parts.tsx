import { Suspense, lazy } from 'react';

// Parts of the shell that the first paint does not need: each loads on its own once asked for.
const FooterPart = lazy(() => import('./footer.tsx'));
const UpdatePromptPart = lazy(() => import('./update-prompt.tsx'));
const InstallCardPart = lazy(() => import('./install-card.tsx'));
const OfflinePagePart = lazy(() => import('./offline-page.tsx'));
const CookieBannerPart = lazy(() => import('./cookie-banner.tsx'));

/** The footer, loaded once the first page has entered (document 1 section 2.2). */
export function Footer() {
  return (
    <Suspense fallback={null}>
      <FooterPart />
    </Suspense>
  );
}

/** The new-version offer; the service worker registers with it, after the first page. */
export function UpdatePrompt() {
  return (
    <Suspense fallback={null}>
      <UpdatePromptPart />
    </Suspense>
  );
}

/** The install offer's card, loaded when the browser says the app can be installed. */
export function InstallCard(props: { onDone(install: boolean): void }) {
  return (
    <Suspense fallback={null}>
      <InstallCardPart {...props} />
    </Suspense>
  );
}

/** The offline page of pages never opened on this device. */
export function OfflinePage() {
  return (
    <Suspense fallback={null}>
      <OfflinePagePart />
    </Suspense>
  );
}

/** The cookie notice, loaded once the first page has entered (it waits a second after that anyway). */
export function CookieBanner() {
  return (
    <Suspense fallback={null}>
      <CookieBannerPart />
    </Suspense>
  );
}
