import { skipToken, useQuery } from '@tanstack/react-query';
import type { Manifest, z } from '../../contract/index.ts';

/** The server manifest (feature switches, race timer, holiday style), pushed over the socket. */
export type ServerManifest = z.output<typeof Manifest>;

/** Cache key of the manifest; useTransport writes it on every #MANIFEST. */
export const manifestKey = ['manifest'] as const;

/** The latest manifest, or undefined until the socket has delivered one. */
export function useManifest(): ServerManifest | undefined {
  // The socket is the only source: the query never fetches, it only reads what useTransport wrote.
  return useQuery<ServerManifest>({ queryKey: manifestKey, queryFn: skipToken, staleTime: Infinity }).data;
}
