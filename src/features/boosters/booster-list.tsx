import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booster } from '../../contract/index.ts';
import { boosterTimerTone, formatBoosterDuration, formatCountdown } from '../../core/boosters.ts';
import { Button } from '../../ui/button.tsx';
import { activateBooster, sortBoosters, useNow } from './queries.ts';

/** Coins from cents for booster numbers: in k from 1000 coins (document 1 section 9). */
export function boosterCoins(cents: number): string {
  const coins = cents / 100;
  return coins >= 1000 ? `${(coins / 1000).toFixed(coins % 1000 === 0 ? 0 : 1)}k` : coins.toFixed(2).replace(/\.00$/, '');
}

/** What a booster gives, in a few words: x2, +10%, 1 use, up to 20 coins. */
function figure(b: Booster): string {
  if (b.kind === 'deposit_bonus') return `+${Math.round((b.params.multiplier - 1) * 100)}%`;
  if (b.kind === 'xp_multiplier' || b.kind === 'rain_boost') return `x${b.params.multiplier}`;
  if (b.kind === 'battle_refund') return b.params.max_price === null ? 'Refund' : `≤ ${boosterCoins(b.params.max_price)}`;
  return '';
}

function Left({ booster, now }: { booster: Booster; now: number }) {
  if (booster.active && booster.expires_at !== null) {
    const left = booster.expires_at - now;
    return (
      <span className="booster-timer" data-tone={boosterTimerTone(left)} aria-label={`${formatBoosterDuration(left)} left`}>
        {formatCountdown(left)}
      </span>
    );
  }
  if (!booster.active && booster.params.expires !== null) return <span className="booster-duration">{formatBoosterDuration(booster.params.expires)}</span>;
  return null;
}

function Row({ booster, now }: { booster: Booster; now: number }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const counted = booster.params.bonus_max !== null;
  return (
    <li className="booster-row" data-kind={booster.kind} data-state={booster.active ? 'active' : booster.locked ? 'locked' : 'ready'}>
      <span className="booster-badge" aria-hidden>
        {figure(booster) || '★'}
      </span>
      <span className="booster-text">
        <strong>{booster.name}</strong>
        <span className="booster-desc">{booster.params.description}</span>
        {counted && (
          <span className="booster-count">
            {booster.kind === 'deposit_bonus' ? `${boosterCoins(booster.params.bonus_left ?? 0)} of ${boosterCoins(booster.params.bonus_max!)} coins left` : `${booster.params.bonus_left ?? 0} of ${booster.params.bonus_max} left`}
          </span>
        )}
        {error && (
          <span className="form-error" role="alert">
            {error}
          </span>
        )}
      </span>
      <span className="booster-side">
        <Left booster={booster} now={now} />
        {!booster.active &&
          (booster.locked ? (
            <span className="booster-locked">{booster.level > 0 ? `Level ${booster.level}` : 'Locked'}</span>
          ) : (
            <Button
              variant="primary"
              size="sm"
              disabled={busy}
              onClick={() => {
                setBusy(true);
                setError(null);
                activateBooster(queryClient, booster.hash)
                  .catch((e: unknown) => setError(e instanceof Error ? e.message : 'Could not activate'))
                  .finally(() => setBusy(false));
              }}
            >
              Activate
            </Button>
          ))}
      </span>
    </li>
  );
}

/** The player's boosters: running ones with their timers, ready ones with Activate or their lock. */
export function BoosterList({ boosters, empty }: { boosters: readonly Booster[]; empty: string }) {
  const now = useNow();
  const shown = sortBoosters(boosters).filter((b) => !(b.active && b.expires_at !== null && b.expires_at <= now));
  if (shown.length === 0) return <p className="boosters-empty">{empty}</p>;
  return (
    <ul className="booster-list">
      {shown.map((b) => (
        <Row key={b.hash} booster={b} now={now} />
      ))}
    </ul>
  );
}
