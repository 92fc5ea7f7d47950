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
  // The socket is the only source: the query never fetches, it only reads what useTransport wrote.
  return useQuery<ServerManifest>({ queryKey: manifestKey, queryFn: skipToken, staleTime: Infinity, initialData: readStoredManifest }).data;
}
