import { useNavigate } from '@tanstack/react-router';
import { PlannedParts } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { RouteModal } from '../../ui/route-modal.tsx';
import type { ReactNode } from 'react';
import './boosters.css';

const KINDS = [
  ['XP Multiplier', 'More experience from every wager for a while.'],
  ['Rain Boost', 'A bigger share of the chat rain.'],
  ['Deposit Bonus', 'Extra coins on your next deposits.'],
  ['Battle Refund', 'Part of a lost battle back.'],
  ['Auto-Join', 'Joins rains for you.'],
  ['Auto-Claim', 'Claims your rewards for you.'],
  ['Free Access', 'Opens a paid event for free.'],
] as const;

/** /event/boosters: the boosters modal over the page it opened from (the home page on a direct visit). */
export function BoostersModalPage({ behind }: { behind: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RouteModal title="Boosters" width={489} behind={behind} onClose={() => void navigate({ to: '/' })}>
      <p className="boosters-lead">Boosters are timed or counted bonuses from cards, events and the Battle Pass.</p>
      <ul className="booster-kinds">
        {KINDS.map(([name, text]) => (
          <li key={name}>
            <strong>{name}</strong>
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <PlannedParts parts={[{ title: 'Your boosters', text: 'Active boosters with their time or uses left, ready to activate.', look: 'rows' }]} />
      <p className="boosters-links">
        <PathLink to="/event/race">Race+</PathLink> · <PathLink to="/event/stream-party">Stream party</PathLink> · <PathLink to="/inventory/boosters/history">History</PathLink>
      </p>
    </RouteModal>
  );
}
