import { badgeOf } from '../core/badges.ts';
import './name-badge.css';

/**
 * The badge a player chose to show beside their name (user info.badge, account.set-badge):
 * drawn the same in the chat, the hover card and the profile. A key this build does not know
 * (a newer server) shows nothing rather than a raw key.
 */
export function NameBadge({ badge, size = 'sm' }: { badge: string | null | undefined; size?: 'sm' | 'md' }) {
  const shown = badge ? badgeOf(badge) : undefined;
  if (!shown) return null;
  return (
    <span className={`name-badge name-badge-${size}`} data-rarity={shown.rarity} data-testid="name-badge" title={`${shown.title}: ${shown.how}`}>
      <span className="name-badge-mark" aria-hidden />
      <span className="name-badge-title">{shown.title}</span>
    </span>
  );
}
