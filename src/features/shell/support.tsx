import { Suspense } from 'react';
import { createStore } from '../../ui/store.ts';
import { lazyPart } from '../../ui/lazy-part.ts';

/** The support email the footer and the support window show. */
export const SUPPORT_EMAIL = 'support@skinfans.local';
/** The marketing email of the footer. */
export const MARKETING_EMAIL = 'marketing@skinfans.local';

/** A page the player was on: where /support sends them back. */
export interface VisitedLocation {
  pathname: string;
  search: Record<string, unknown>;
}

let last: VisitedLocation | null = null;

/** Remembers the page now shown (the root calls it on every navigation). */
export function rememberLocation(location: VisitedLocation): void {
  if (location.pathname !== '/support') last = location;
}

/** The page before the one being opened, or null on the first page of a visit. */
export function previousLocation(): VisitedLocation | null {
  return last;
}

/** Whether the support window is open. */
export const supportOpen = createStore(false);

const SupportWindow = lazyPart(() => import('./support-window.tsx'));

/** The support window that /support opens over the page the player came from; its code loads only then. */
export function SupportModal() {
  if (!supportOpen.use()) return null;
  return (
    <Suspense fallback={null}>
      <SupportWindow />
    </Suspense>
  );
}
