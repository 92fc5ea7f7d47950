import { useSyncExternalStore } from 'react';

/** Spec: a sign-in or sign-out in another tab is noticed by polling every 100 ms. */
export const LOGGED_POLL_MS = 100;

// The server sets a readable `logged=1` beside its HttpOnly token cookies (docs/design.md section
// 4); it carries no secret, it only tells scripts whether a session exists.
const LOGGED = /(?:^|;\s*)logged=1(?:;|$)/;

/** Whether this browser holds a session, by the readable cookie. */
export function readLogged(): boolean {
  return typeof document !== 'undefined' && LOGGED.test(document.cookie);
}

// Read at first use, not while this module is evaluated (src/app/boot.ts says why).
let current: boolean | undefined;
const snapshot = (): boolean => (current ??= readLogged());
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

/** Reads the cookie now; call right after this tab signs in or out instead of waiting a poll. */
export function checkLogged(): void {
  const next = readLogged();
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= setInterval(checkLogged, LOGGED_POLL_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Whether the player is signed in, following other tabs within 100 ms. */
export function useLogged(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
