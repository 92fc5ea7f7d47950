import { useEffect } from 'react';
import { createStore } from '../../ui/store.ts';
import { useLogged } from './logged-cookie.ts';
import { sessionModal } from './session-actions.ts';

/** Spec: the login reminder comes every 180 s while logged out and the tab has focus. */
export const LOGIN_REMINDER_MS = 180_000;

/** Whether the reminder card is on screen. */
export const loginReminder = createStore(false);

/** Nothing else asks for the player's attention: no modal (login form included) is open. */
const calm = () => sessionModal.get() === null && !document.querySelector('[role="dialog"], [role="alertdialog"]');

/**
 * Shows the login reminder every 180 s while the visitor is logged out and the tab has focus
 * (document 1 sections 4 'Session' and 9). It never covers a modal, and signing in hides it.
 * Mounted once by the root route.
 */
export function useLoginReminder(): void {
  const logged = useLogged();
  useEffect(() => {
    if (logged) {
      loginReminder.set(false);
      return;
    }
    const timer = setInterval(() => {
      if (document.hasFocus() && calm()) loginReminder.set(true);
    }, LOGIN_REMINDER_MS);
    return () => clearInterval(timer);
  }, [logged]);
}
