import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { manifestKey, storeManifest } from './manifest.ts';

/**
 * Runs the tab's socket: it connects at once, tries again as soon as the browser is back
 * online or the tab is shown, and asks for the manifest on every (re)connection. The socket
 * lives as long as the tab, so unmounting only removes the listeners (StrictMode's second
 * mount would otherwise close a socket that is still connecting).
 */
export function useTransport(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offOpen = socket.onLocal('open', () => socket.send({ type: 'manifest' }));
    const offManifest = socket.on('#MANIFEST', (manifest) => {
      queryClient.setQueryData(manifestKey, manifest);
      storeManifest(manifest);
    });
    const retry = () => socket.reconnectNow();
    const onVisible = () => {
      if (document.visibilityState === 'visible') retry();
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
