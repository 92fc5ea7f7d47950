/**
 * Saved-state version (document 1 section 9): the client's saved state is version 2; a browser
 * that holds another version has its storage and cookies cleared before anything reads them.
 * The version cookie lasts a year.
 */
import { DB_NAME } from './db-name.ts';

/** The saved-state version this client writes. */
export const STATE_VERSION = '2';
const VERSION_COOKIE = 'version';
const VERSION_KEY = 'state_version';
const YEAR_S = 365 * 86_400;

function readCookie(name: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(document.cookie);
  return match ? decodeURIComponent(match[1] ?? '') : null;
}

/** The version a browser's saved state claims, if any. */
export function savedVersion(): string | null {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(VERSION_KEY);
  } catch {
    stored = null;
  }
  return readCookie(VERSION_COOKIE) ?? stored;
}

/** Whether state saved under `saved` must be cleared. */
export function isVersionMismatch(saved: string | null): boolean {
  return saved !== null && saved !== STATE_VERSION;
}

function clearReadableCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; max-age=0; path=/`;
  }
}

/**
 * Runs before the app reads anything saved. Answers true when it cleared an old version's
 * state (the caller then signs the session out on the server too, whose cookies scripts
 * cannot reach).
 */
export function checkStateVersion(): boolean {
  const mismatch = isVersionMismatch(savedVersion());
  if (mismatch) {
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      // Nothing stored that could be cleared.
    }
    clearReadableCookies();
    try {
      indexedDB.deleteDatabase(DB_NAME);
    } catch {
      // No IndexedDB: nothing to delete.
    }
  }
  document.cookie = `${VERSION_COOKIE}=${STATE_VERSION}; max-age=${YEAR_S}; path=/; samesite=lax`;
  try {
    localStorage.setItem(VERSION_KEY, STATE_VERSION);
  } catch {
    // Private mode: the cookie alone carries the version.
  }
  return mismatch;
}
