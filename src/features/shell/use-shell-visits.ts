import { useLocation, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useArenaReachable } from '../connection/index.ts';
import { markSeen } from './offline.ts';
import { rememberLocation } from './support.tsx';

/**
 * Follows the pages the player visits: /support's way back, the pages seen online (the
 * offline page covers the others), and whether the first page has entered (the footer and
 * the mobile menu come after it, document 1 section 2.2).
 *
 * A page counts as seen only once the arena answered while it was shown (a live socket or an
 * API answer). navigator.onLine is no proof: it reads true behind a dead network or a captive
 * portal, and Chromium's emulated offline keeps it true, so a page first opened from the
 * service worker's cache while offline was being marked seen and never said 'You are offline'.
 */
export function useShellVisits(): boolean {
  const location = useLocation();
  const settled = useRouterState({ select: (state) => state.status === 'idle' && !state.isLoading });
  const [entered, setEntered] = useState(false);
  const live = useArenaReachable() === 'yes';
  // Latches: once the first page is in, the footer and the menu stay.
  if (settled && !entered) setEntered(true);

  useEffect(() => {
    if (!settled) return;
    rememberLocation({ pathname: location.pathname, search: location.search as Record<string, unknown> });
  }, [settled, location.pathname, location.search]);

  useEffect(() => {
    if (settled && live) markSeen(location.pathname);
  }, [settled, live, location.pathname]);

  return entered;
}
