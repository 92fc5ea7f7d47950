/** sessionStorage: when the page was last reloaded for its code. */
const RELOADED_AT = 'code_reload_at';

/**
 * Loads the document again for code it could not fetch. A browser may keep a module it failed
 * to fetch for the life of the document (Chromium 150 did, for every import whose graph holds
 * it; 156 asks the network again), and the router keeps a failed page's error: then only a new
 * document asks the network (or the service worker) again.
 */
export function reloadForCode(): void {
  try {
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  } catch {
    // Storage refused: the reload still happens.
  }
  location.reload();
}

/** Whether the page was reloaded for its code in the last 30 s: a chunk really missing must not reload it for ever. */
export function reloadedLately(): boolean {
  try {
    return Date.now() - Number(sessionStorage.getItem(RELOADED_AT) ?? 0) < 30_000;
  } catch {
    return true;
  }
}
