/**
 * Open sockets per IP address (config socketsPerIp, docs/decisions/0048): one address once
 * opened a thousand signed-out sockets, each holding memory and receiving every broadcast of the
 * rooms it joined. Counted in this process: with several processes (REDIS_URL) each has its own
 * count, so an address may hold the limit on each.
 */
import type { ServerMessageData } from '../../src/contract/index.ts';

/** The close of a socket over its address's limit: 1008, policy violation, with this reason. */
export const TOO_MANY_SOCKETS = { code: 1008, reason: 'too many sockets from this address' } as const;

/** The SOCKET_ERROR frame sent just before that close. */
export const tooManySocketsFrame = (max: number): string =>
  JSON.stringify({ type: 'SOCKET_ERROR', data: { code: 'TOO_MANY_SOCKETS', message: `at most ${max} open sockets per address` } satisfies ServerMessageData<'SOCKET_ERROR'> });

/** Counts open sockets by address; `max` 0 counts nothing and refuses nothing. */
export function createAddressLimit(max: number) {
  const open = new Map<string, number>();
  return {
    /** Takes a place for a new socket of the address: false when it has none left. */
    take(address: string): boolean {
      if (max === 0) return true;
      const n = open.get(address) ?? 0;
      if (n >= max) return false;
      open.set(address, n + 1);
      return true;
    },
    /** Gives back the place of a socket that closed (once per `take` that answered true). */
    give(address: string): void {
      if (max === 0) return;
      const n = (open.get(address) ?? 1) - 1;
      if (n > 0) open.set(address, n);
      else open.delete(address);
    },
  };
}
