/**
 * Notes above the wallet pages (the store's wallet_alerts): deposits on the way, declined
 * deposits waiting for a refund address, 2FA missing for withdrawals. A closed note stays
 * closed (wallet_alerts_closed), by its stable id.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CloseIcon } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { alertsQueryOptions } from './queries.ts';

const CLOSED_KEY = 'wallet_alerts_closed';

function readClosed(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(CLOSED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** The open alerts, newest first. */
export function WalletAlerts() {
  const alerts = useQuery(alertsQueryOptions());
  const [closed, setClosed] = useState(readClosed);
  const open = (alerts.data?.alerts ?? []).filter((alert) => !closed.includes(alert.id));
  if (open.length === 0) return null;
  const close = (id: string) => {
    const next = [...closed, id].slice(-50);
    setClosed(next);
    try {
      localStorage.setItem(CLOSED_KEY, JSON.stringify(next));
    } catch {
      // Closed for this visit only.
    }
  };
  return (
    <ul className="wallet-alerts" aria-label="Wallet notes" data-personal>
      {open.map((alert) => (
        <li key={alert.id} className="wallet-alert" data-type={alert.type}>
          <span>{alert.text}</span>
          {alert.type === 'secure_required' && <PathLink to="/account/verify">Set up 2FA</PathLink>}
          {alert.type !== 'secure_required' && alert.currency && <PathLink to={`/wallet/${alert.currency.toLowerCase()}`}>Open</PathLink>}
          <button type="button" className="wallet-alert-close" aria-label="Close note" onClick={() => close(alert.id)}>
            <CloseIcon width={16} height={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
