import { Suspense, lazy } from 'react';
import { whenQuiet } from '../../ui/activity.ts';
import { untilLoaded } from '../../ui/until-loaded.ts';
import { lazyPart } from '../../ui/lazy-part.ts';

// Parts of the shell that the first paint does not need: each loads on its own once asked for.
const FooterPart = lazyPart(() => import('./footer.tsx'));
// Fetched once the page has loaded, no game animates and the main thread has had a quiet moment:
// the worker it registers downloads the precache, which must not compete with the first page on
// a slow link, nor a game's frames on a slow phone.
const UpdatePromptPart = lazy(() => whenQuiet().then(() => untilLoaded(() => import('./update-prompt.tsx'))));
const InstallCardPart = lazyPart(() => import('./install-card.tsx'));
const OfflinePagePart = lazyPart(() => import('./offline-page.tsx'));
const CookieBannerPart = lazyPart(() => import('./cookie-banner.tsx'));
const NotFoundPart = lazyPart(() => import('./not-found.tsx'));

/** The footer, loaded once the first page has entered (document 1 section 2.2). */
export function Footer() {
  return (
    <Suspense fallback={null}>
      <FooterPart />
    </Suspense>
  );
}

/** The new-version offer. The service worker registers with it, once the page is loaded and idle. */
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

/** The not-found page, loaded when an address matches nothing: no part of any other first page. */
export function NotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundPart />
    </Suspense>
  );
}
