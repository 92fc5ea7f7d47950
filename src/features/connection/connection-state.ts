import { useSyncExternalStore } from 'react';
import { rpc, socket, type SocketStatus } from '../../net/index.ts';

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

/** Whether the browser believes it has a network (false is sure; true only maybe). */
export function useBrowserOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/** Whether the last API request reached the arena (null: none made yet). */
export function useApiReachable(): boolean | null {
  return useSyncExternalStore(
    (listener) => rpc.on('reachable', listener),
    () => rpc.reachable(),
    () => null,
  );
}

/** What the header and banner show: the browser's offline state wins over the socket's. */
export function useConnection(): SocketStatus {
  const online = useBrowserOnline();
  const status = useSocketStatus();
  return online ? status : 'offline';
}

/**
 * Whether the arena answers, as far as this tab can tell: 'yes' once the socket is live or
 * an API request got the arena's answer, 'no' when the browser is offline, the last request
 * found no server, or the socket is down with no request to say otherwise, 'unknown' before
 * either has tried. navigator.onLine alone is no proof: it reads true behind a dead network
 * (and under Chromium's emulated offline). A blocked socket with working requests is 'yes'.
 */
export function useArenaReachable(): 'yes' | 'no' | 'unknown' {
  const online = useBrowserOnline();
  const status = useSocketStatus();
  const api = useApiReachable();
  if (!online || api === false) return status === 'live' ? 'yes' : 'no';
  if (status === 'live' || api === true) return 'yes';
  return status === 'offline' ? 'no' : 'unknown';
}
