import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useArenaReachable } from '../connection/index.ts';

/**
 * Loads the current page again when the arena answers after being out of reach. Route code
 * is cached as it is used, not on install, so a page never opened before fails to load its
 * code while offline; the lazy component keeps that error (the router's match still says
 * success) until the router loads the page again. Only the way back from unreachable to
 * reachable reloads, so a page the server refuses is not asked for again and again; the
 * data comes from react-query's cache when it is fresh.
 */
export function useRetryOnReconnect(): void {
  const router = useRouter();
  const reachable = useArenaReachable();
  // Set while the arena is out of reach, cleared at the first answer after it.
  const wasDown = useRef(false);
  useEffect(() => {
    if (reachable === 'no') wasDown.current = true;
    if (reachable !== 'yes' || !wasDown.current) return;
    wasDown.current = false;
    void router.invalidate();
  }, [reachable, router]);
}
