/**
 * When the manifest is asked for again and when a newer version is offered (document 2
 * 'Manifest' and section 9: refresh window 600 s, version staleness 600000 ms). Pure rules;
 * use-transport.ts applies them.
 */

/** A manifest older than this is asked for again when the page becomes active. */
export const MANIFEST_REFRESH_MS = 600_000;
/** The stored version is checked against the server's once it is older than this. */
export const VERSION_STALE_MS = 600_000;

/** Whether to ask for the manifest now: it is older than the window and no request is in flight. */
export function shouldRefreshManifest(now: number, receivedAt: number | null, inFlight: number): boolean {
  return receivedAt !== null && now - receivedAt > MANIFEST_REFRESH_MS && inFlight === 0;
}

/** The client version this browser runs, and when that was last checked. */
export interface StoredVersion {
  client: string;
  stamp: number;
}

/** Orders dotted versions by their numbers ('5.10' after '5.9'); a missing part counts as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0);
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/**
 * What a manifest's version means: the first one seen is only stored; a stored one younger
 * than the staleness is left alone; an older one is offered an update when the server's is
 * higher, else re-stamped. The new version is stored when the player takes the update.
 */
export function checkVersion(stored: StoredVersion | null, server: string, now: number): { store: StoredVersion | null; offer: boolean } {
  if (!stored) return { store: { client: server, stamp: now }, offer: false };
  if (now - stored.stamp <= VERSION_STALE_MS) return { store: null, offer: false };
  if (compareVersions(server, stored.client) > 0) return { store: null, offer: true };
  return { store: { client: stored.client, stamp: now }, offer: false };
}
