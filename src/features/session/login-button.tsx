import { useLocation } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { HoldButton } from '../../ui/hold-button.tsx';
import { SteamIcon } from '../../ui/icons.tsx';
import { sessionModal } from './session-actions.ts';
import './session.css';

/** The sim's stand-in for the external game-platform login; it redirects back to callbackUrl. */
export function providerLoginUrl(callbackPath: string): string {
  return `/api/connect/provider?callbackUrl=${encodeURIComponent(callbackPath)}`;
}

/**
 * 'Login via steam' ('Login' on phones): goes to the login provider and back to this page.
 * Shift-click, or a 600 ms touch-hold, opens the username and password form instead.
 */
export function LoginButton() {
  const location = useLocation();
  const openForm = () => sessionModal.set('login');
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.shiftKey) return openForm();
    window.location.assign(providerLoginUrl(`${location.pathname}${location.searchStr}`));
  };
  return (
    <HoldButton variant="steam" className="login-button" onClick={onClick} onHold={openForm}>
      <SteamIcon />
      <span className="login-label-desktop">Login via steam</span>
      <span className="login-label-mobile">Login</span>
    </HoldButton>
  );
}
