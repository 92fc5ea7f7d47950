import { useSyncExternalStore } from 'react';
import { createLazyStore } from '../../ui/store.ts';

/** Spec: a sign-in or sign-out in another tab is noticed by polling every 100 ms. */
export const LOGGED_POLL_MS = 100;

// The server sets a readable `logged=1` beside its HttpOnly token cookies (docs/design.md section
// 4); it carries no secret, it only tells scripts whether a session exists.
const LOGGED_COOKIE = { name: 'logged', value: '1' } as const;
const LOGGED = new RegExp(`(?:^|;\\s*)${LOGGED_COOKIE.name}=${LOGGED_COOKIE.value}(?:;|$)`);

/** Whether this browser holds a session, by the readable cookie. */
export function readLogged(): boolean {
  return typeof document !== 'undefined' && LOGGED.test(document.cookie);
}

// Read at first use, not while this module is evaluated (src/app/boot.ts says why).
const logged = createLazyStore(readLogged);
let unwatch: (() => void) | undefined;
let listening = 0;

/** Reads the cookie now; call right after this tab signs in or out instead of waiting a poll. */
export function checkLogged(): void {
  logged.set(readLogged());
}

/** The part of the Cookie Store API's change event read here (not in every TypeScript DOM library). */
type CookieChange = Event & { changed?: readonly { name?: string; value?: string }[]; deleted?: readonly { name?: string }[] };

function onCookieChange(event: Event): void {
  const { changed = [], deleted = [] } = event as CookieChange;
  if (deleted.some((cookie) => cookie.name === LOGGED_COOKIE.name)) logged.set(false);
  const set = changed.find((cookie) => cookie.name === LOGGED_COOKIE.name);
  if (set) logged.set(set.value === LOGGED_COOKIE.value);
}

/**
 * Follows the cookie. Where the browser tells of cookie changes (the Cookie Store API, in a
 * secure context) its events say it at once and the poll is not needed: each `document.cookie`
 * read is a synchronous call to the browser's network process, and on a busy phone the spec's
 * ten a second were up to 20 ms of main thread each (issue 31). Elsewhere the spec's poll.
 */
function watch(): () => void {
  const cookies = (globalThis as { cookieStore?: EventTarget }).cookieStore;
  if (typeof cookies?.addEventListener !== 'function') {
    const timer = setInterval(checkLogged, LOGGED_POLL_MS);
    return () => clearInterval(timer);
  }
  cookies.addEventListener('change', onCookieChange);
  // A change between the first read and this subscription has no event of its own.
  checkLogged();
  return () => cookies.removeEventListener('change', onCookieChange);
}

function subscribe(listener: () => void): () => void {
  const off = logged.subscribe(listener);
  listening += 1;
  unwatch ??= watch();
  return () => {
    off();
    listening -= 1;
    if (listening === 0) {
      unwatch?.();
      unwatch = undefined;
    }
  };
}

/** Whether the player is signed in, following other tabs within 100 ms. */
export function useLogged(): boolean {
  return useSyncExternalStore(subscribe, logged.get, () => false);
}
