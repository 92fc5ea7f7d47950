import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { manifestKey, storeManifest } from './manifest.ts';
import { shouldRefreshManifest } from './manifest-freshness.ts';
import { usePageActive } from './page-active.ts';
import { noteServerVersion } from './version-check.ts';

/**
 * Runs the tab's socket: it connects at once, tries again as soon as the browser is back
 * online or the tab is shown, and asks for the manifest on every (re)connection and when the
 * page becomes active with a manifest older than 600 s and no request in flight. The socket
 * lives as long as the tab, so unmounting only removes the listeners (StrictMode's second
 * mount would otherwise close a socket that is still connecting).
 */
export function useTransport(): void {
  const queryClient = useQueryClient();
  usePageActive();
  useEffect(() => {
    let receivedAt: number | null = null;
    const offOpen = socket.onLocal('open', () => socket.send({ type: 'manifest' }));
    const offManifest = socket.on('#MANIFEST', (manifest) => {
      receivedAt = Date.now();
      queryClient.setQueryData(manifestKey, manifest);
      storeManifest(manifest);
      noteServerVersion(manifest.stats.version.client);
    });
    const retry = () => socket.reconnectNow();
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      retry();
      if (shouldRefreshManifest(Date.now(), receivedAt, queryClient.isFetching() + queryClient.isMutating())) socket.send({ type: 'manifest' });
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', onVisible);
    socket.start();
    return () => {
      offOpen();
      offManifest();
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [queryClient]);
}
