import { useRouterState } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { createStore } from '../../../ui/store.ts';
import { lazyPart } from '../../../ui/lazy-part.ts';

const VaultModal = lazyPart(() => import('./vault-modal.tsx'));

/** The path the vault was opened on, or null when closed. */
const openOn = createStore<string | null>(null);

/** Opens the vault modal (the header hint's and the wallet's Vault buttons). */
export function openVault(): void {
  openOn.set(window.location.pathname);
}

/**
 * The vault modal when open, loaded on first use. Spec: it closes when the route's path
 * changes (a link inside it, the browser's back button): it belongs to the path it opened on.
 */
export function VaultLayer() {
  const path = openOn.use();
  // Follows navigation so a changed path closes the modal.
  const here = useRouterState({ select: (state) => state.location.href });
  const stale = path !== null && Boolean(here) && path !== window.location.pathname;
  // Forgotten once left, so coming back to that path does not open it again.
  useEffect(() => {
    if (stale) openOn.set(null);
  }, [stale]);
  if (path === null || stale) return null;
  return (
    <Suspense fallback={null}>
      <VaultModal onClose={() => openOn.set(null)} />
    </Suspense>
  );
}
