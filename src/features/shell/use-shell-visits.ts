import { useLocation, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { markSeen } from './offline.ts';
import { rememberLocation } from './support.tsx';

/**
 * Follows the pages the player visits: /support's way back, the pages seen online (the
 * offline page covers the others), and whether the first page has entered (the footer and
 * the mobile menu come after it, document 1 section 2.2).
 */
export function useShellVisits(): boolean {
  const location = useLocation();
  const settled = useRouterState({ select: (state) => state.status === 'idle' && !state.isLoading });
  const [entered, setEntered] = useState(false);
  // Latches: once the first page is in, the footer and the menu stay.
  if (settled && !entered) setEntered(true);

  useEffect(() => {
    if (!settled) return;
    rememberLocation({ pathname: location.pathname, search: location.search as Record<string, unknown> });
    if (navigator.onLine) markSeen(location.pathname);
  }, [settled, location.pathname, location.search]);

  return entered;
}
