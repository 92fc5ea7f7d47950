import { useSyncExternalStore } from 'react';
import { socket, type SocketStatus } from '../../net/index.ts';

/** The socket's status, re-rendering on change. */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(
    (listener) => socket.onLocal('status', listener),
    () => socket.status(),
    () => 'connecting' as const,
  );
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it has a network. */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/** What the header and banner show: the browser's offline state wins over the socket's. */
export function useConnection(): SocketStatus {
  const online = useBrowserOnline();
  const status = useSocketStatus();
  return online ? status : 'offline';
}
