import { skipToken, useQuery } from '@tanstack/react-query';
import type { Manifest, z } from '../../contract/index.ts';

/** The server manifest (feature switches, race timer, holiday style), pushed over the socket. */
export type ServerManifest = z.output<typeof Manifest>;

/** Cache key of the manifest; useTransport writes it on every #MANIFEST. */
export const manifestKey = ['manifest'] as const;

const STORED = 'manifest';

/**
 * The last manifest this browser saw, so that a reload (or an offline start) shows the menu
 * as it was instead of hiding the items the manifest switches on.
 */
export function readStoredManifest(): ServerManifest | undefined {
  try {
    const text = localStorage.getItem(STORED);
    const manifest = text ? (JSON.parse(text) as ServerManifest) : undefined;
    return manifest?.stats?.ctc && typeof manifest.ts === 'number' ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the latest manifest for the next visit. */
export function storeManifest(manifest: ServerManifest): void {
  try {
    localStorage.setItem(STORED, JSON.stringify(manifest));
  } catch {
    // No storage: the next visit waits for the socket.
  }
}

/** The latest manifest, or undefined until the socket (or a previous visit) has delivered one. */
export function useManifest(): ServerManifest | undefined {
  return useManifestPart(whole);
}

const whole = (manifest: ServerManifest) => manifest;

/**
 * What `select` makes of the latest manifest, undefined until there is one. The component
 * renders again only when that changes: every push brings a new time and new counts, and a
 * whole manifest read by the home page and by every amount on it had the first push after a
 * start render the page again, at once and in one piece (a store's update is never a
 * transition). `select` should be a function made once, not in the component.
 */
export function useManifestPart<T>(select: (manifest: ServerManifest) => T): T | undefined {
  // The socket is the only source: the query never fetches, it only reads what useTransport wrote.
  return useQuery<ServerManifest, Error, T>({ queryKey: manifestKey, queryFn: skipToken, staleTime: Infinity, initialData: readStoredManifest, select }).data;
}
