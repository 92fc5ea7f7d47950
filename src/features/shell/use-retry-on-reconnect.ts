import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useArenaReachable } from '../connection/index.ts';

/**
 * Loads the current page again when the arena answers after the page was shown as
 * "You are offline". Route code is cached as it is used, not on install, so a page never
 * opened before fails to load its code while offline; the lazy component keeps that error
 * (the router's match still says success) until the router loads the page again. Only a page
 * the offline notice stood in for is reloaded: a brief 'no' under a page that was shown (a
 * cancelled call during a navigation) must not reload it, which would fetch its data again
 * and could act on an answer meant for the page being left.
 */
export function useRetryOnReconnect(offlineShown: boolean): void {
  const router = useRouter();
  const reachable = useArenaReachable();
  // Set while the offline notice stands in for the page, cleared at the first answer after it.
  const wasDown = useRef(false);
  useEffect(() => {
    if (offlineShown) wasDown.current = true;
    if (reachable !== 'yes' || !wasDown.current) return;
    wasDown.current = false;
    void router.invalidate();
  }, [offlineShown, reachable, router]);
}
