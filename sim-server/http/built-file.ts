/**
 * What the server reads from the built app (page indexes, pages) is read once per build: a file
 * is read again only when its modification time changes, so a rebuild beside a running server
 * is picked up on the next request without a restart.
 */
import { statSync } from 'node:fs';

/** Reads a file through `read` once per modification (its time given, to tell builds apart); undefined while it does not exist. */
export function readOncePerBuild<T>(read: (path: string, mtimeMs: number) => T): (path: string) => T | undefined {
  const cache = new Map<string, { mtimeMs: number; value: T }>();
  return (path) => {
    const mtimeMs = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return undefined;
    const cached = cache.get(path);
    if (cached?.mtimeMs === mtimeMs) return cached.value;
    const value = read(path, mtimeMs);
    cache.set(path, { mtimeMs, value });
    return value;
  };
}
