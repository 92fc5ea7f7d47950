import { useSyncExternalStore } from 'react';
import { createLazyStore } from '../../ui/store.ts';

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
const logged = createLazyStore(readLogged);
let timer: ReturnType<typeof setInterval> | undefined;
let listening = 0;

/** Reads the cookie now; call right after this tab signs in or out instead of waiting a poll. */
export function checkLogged(): void {
  logged.set(readLogged());
}

function subscribe(listener: () => void): () => void {
  const off = logged.subscribe(listener);
  listening += 1;
  timer ??= setInterval(checkLogged, LOGGED_POLL_MS);
  return () => {
    off();
    listening -= 1;
    if (listening === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Whether the player is signed in, following other tabs within 100 ms. */
export function useLogged(): boolean {
  return useSyncExternalStore(subscribe, logged.get, () => false);
}
