import { Suspense, useEffect } from 'react';
import { socket } from '../../net/index.ts';
import { pushNotice } from '../../ui/notice-store.ts';
import { createStore } from '../../ui/store.ts';
import { lazyPart } from '../../ui/lazy-part.ts';

/** The support email the footer and the support chat show. */
export const SUPPORT_EMAIL = 'support@skinfans.local';
/** The marketing email of the footer. */
export const MARKETING_EMAIL = 'marketing@skinfans.local';

/** A page the player was on: where /support sends them back. */
export interface VisitedLocation {
  pathname: string;
  search: Record<string, unknown>;
}

let last: VisitedLocation | null = null;

/** Remembers the page now shown (the root calls it on every navigation). */
export function rememberLocation(location: VisitedLocation): void {
  if (location.pathname !== '/support') last = location;
}

/** The page before the one being opened, or null on the first page of a visit. */
export function previousLocation(): VisitedLocation | null {
  return last;
}

/** Whether the support chat is open. */
export const supportOpen = createStore(false);

/** A link's address is /support, with or without a language prefix. */
const SUPPORT_PATH = /^(\/[a-z]{2})?\/support\/?$/;

/**
 * A plain click on any link to /support (the header's top menu, the footer, a page's text)
 * opens the chat where the player is, and the address never changes. Through the route the
 * page would be in the history twice (/support's entry replaced by the page it returns to), so
 * Back would seem to do nothing. The route stays for an address typed, shared or reloaded.
 * Runs in the capture phase on the document, ahead of the router's link handler on the root.
 */
function openFromLink(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin || link.target || !SUPPORT_PATH.test(link.pathname)) return;
  event.preventDefault();
  event.stopPropagation();
  supportOpen.set(true);
}

const SupportChat = lazyPart(() => import('../support/on-demand.ts').then((m) => ({ default: m.SupportChat })));
const close = () => supportOpen.set(false);

/**
 * The support chat that /support opens over the page the player came from (docs/decisions/0054);
 * its code loads only then. While it is closed, an answer from support is told as a notice.
 */
export function SupportModal() {
  const open = supportOpen.use();
  useEffect(() => {
    document.addEventListener('click', openFromLink, true);
    return () => document.removeEventListener('click', openFromLink, true);
  }, []);
  useEffect(
    () =>
      socket.on('SUPPORT_MESSAGE', ({ message }) => {
        if (message.from === 'agent' && !supportOpen.get()) pushNotice({ type: 'system', title: 'Support answered', message: message.text.length > 140 ? `${message.text.slice(0, 139)}…` : message.text });
      }),
    [],
  );
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SupportChat onClose={close} email={SUPPORT_EMAIL} />
    </Suspense>
  );
}
