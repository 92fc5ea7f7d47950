import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Booster } from '../../contract/index.ts';
import { boosterTimerTone, formatBoosterDuration, formatCountdown } from '../../core/boosters.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useNow } from '../../ui/use-now.ts';
import { activateBooster, sortBoosters } from './queries.ts';

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

/** Activate, with its error shown where `onError` puts it; `onActivated` after success. */
function ActivateButton({ booster, onError, onActivated }: { booster: Booster; onError(message: string | null): void; onActivated?(): void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="primary"
      size="sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        onError(null);
        activateBooster(queryClient, booster.hash)
          .then(() => onActivated?.())
          .catch((e: unknown) => onError(e instanceof Error ? e.message : 'Could not activate'))
          .finally(() => setBusy(false));
      }}
    >
      Activate
    </Button>
  );
}

function Count({ booster }: { booster: Booster }) {
  if (booster.params.bonus_max === null) return null;
  return (
    <span className="booster-count">
      {booster.kind === 'deposit_bonus' ? `${boosterCoins(booster.params.bonus_left ?? 0)} of ${boosterCoins(booster.params.bonus_max)} coins left` : `${booster.params.bonus_left ?? 0} of ${booster.params.bonus_max} left`}
    </span>
  );
}

function Side({ booster, now, onError, onActivated }: { booster: Booster; now: number; onError(message: string | null): void; onActivated?(): void }) {
  return (
    <span className="booster-side">
      <Left booster={booster} now={now} />
      {!booster.active &&
        (booster.locked ? (
          <span className="booster-locked">{booster.level > 0 ? `Level ${booster.level}` : 'Locked'}</span>
        ) : (
          <ActivateButton booster={booster} onError={onError} onActivated={onActivated} />
        ))}
    </span>
  );
}

function Row({ booster, now, onDetails }: { booster: Booster; now: number; onDetails?(): void }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <li className="booster-row" data-kind={booster.kind} data-state={booster.active ? 'active' : booster.locked ? 'locked' : 'ready'}>
      <span className="booster-badge" aria-hidden>
        {figure(booster) || '★'}
      </span>
      <span className="booster-text">
        {onDetails ? (
          <button type="button" className="booster-name-button" onClick={onDetails} aria-haspopup="dialog">
            <strong>{booster.name}</strong>
          </button>
        ) : (
          <strong>{booster.name}</strong>
        )}
        <span className="booster-desc">{booster.params.description}</span>
        <Count booster={booster} />
        {error && (
          <span className="form-error" role="alert">
            {error}
          </span>
        )}
      </span>
      <Side booster={booster} now={now} onError={setError} />
    </li>
  );
}

/**
 * The booster detail modal (document 1 sections 2.2 and 4): what it gives, its count and
 * countdown; it closes when its countdown ends, when the booster is gone, and after Activate.
 */
function BoosterDetail({ booster, now, onClose }: { booster: Booster; now: number; onClose(): void }) {
  const [error, setError] = useState<string | null>(null);
  const shown = figure(booster);
  return (
    <Modal title={booster.name} width={489} onClose={onClose}>
      <div className="booster-detail" data-testid="booster-detail" data-state={booster.active ? 'active' : booster.locked ? 'locked' : 'ready'}>
        <span className="booster-badge" aria-hidden>
          {shown || '★'}
        </span>
        <p className="booster-desc">{booster.params.description}</p>
        <Count booster={booster} />
        {booster.active && booster.expires_at !== null && <span className="booster-detail-label">Ends in</span>}
        {!booster.active && booster.params.expires !== null && <span className="booster-detail-label">Runs for</span>}
        <Side booster={booster} now={now} onError={setError} onActivated={onClose} />
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}

/**
 * The player's boosters: running ones with their timers, ready ones with Activate or their
 * lock; with `details`, a booster's name opens its detail modal.
 */
export function BoosterList({ boosters, empty, details = false }: { boosters: readonly Booster[]; empty: string; details?: boolean }) {
  const now = useNow();
  const [open, setOpen] = useState<string | null>(null);
  const shown = sortBoosters(boosters).filter((b) => !(b.active && b.expires_at !== null && b.expires_at <= now));
  // Ended (countdown over or closed by the server): the booster leaves `shown`, and its detail with it.
  const detail = open === null ? undefined : shown.find((b) => b.hash === open);
  if (shown.length === 0) return <p className="boosters-empty">{empty}</p>;
  return (
    <>
      <ul className="booster-list">
        {shown.map((b) => (
          <Row key={b.hash} booster={b} now={now} onDetails={details ? () => setOpen(b.hash) : undefined} />
        ))}
      </ul>
      {detail && <BoosterDetail booster={detail} now={now} onClose={() => setOpen(null)} />}
    </>
  );
}
