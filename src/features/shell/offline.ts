/** Pages opened on this device while online: offline, the others show the offline page. */
const SEEN_KEY = 'seen_paths';
const SEEN_MAX = 300;

function readSeen(): string[] {
  try {
    const list = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((path): path is string => typeof path === 'string') : [];
  } catch {
    return [];
  }
}

let seen = new Set(readSeen());

/** Notes a page as opened on this device while online (its code and data were fetched). */
export function markSeen(pathname: string): void {
  if (seen.has(pathname)) return;
  seen.add(pathname);
  const list = [...seen].slice(-SEEN_MAX);
  seen = new Set(list);
  try {
    localStorage.setItem(SEEN_KEY, JSON.stringify(list));
  } catch {
    // No storage: offline, every page counts as new.
  }
}

/** Whether a page was opened on this device before. */
export function wasSeen(pathname: string): boolean {
  return seen.has(pathname);
}
