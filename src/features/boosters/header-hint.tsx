import { useQuery } from '@tanstack/react-query';
import { formatCountdown, boosterTimerTone } from '../../core/boosters.ts';
import { depositBonusPercent } from '../../core/money.ts';
import { PathLink } from '../../ui/path-link.tsx';
import { Popover } from '../../ui/popover.tsx';
import { RocketIcon } from '../../ui/page-icons.tsx';
import { useNow } from '../../ui/use-now.ts';
import { BoosterList } from './booster-list.tsx';
import { boostersQueryOptions, countsDown, useBoosterSync } from './queries.ts';
import './boosters.css';

/**
 * The header's booster hint (document 1 section 2.2): a rocket with the time left on the
 * booster that ends first, and the boosters panel (with the history link) under it. Loaded
 * after the first page, only for a signed-in player.
 */
function BoosterHeaderHint() {
  useBoosterSync();
  const { data } = useQuery(boostersQueryOptions());
  const boosters = Object.values(data?.boosters ?? {});
  const now = useNow(countsDown(boosters));
  const ending = boosters
    .filter((b) => b.active && b.expires_at !== null && b.expires_at > now)
    .toSorted((a, b) => a.expires_at! - b.expires_at!)[0];
  const ready = boosters.filter((b) => !b.active && !b.locked).length;
  const left = ending ? ending.expires_at! - now : null;
  return (
    <Popover
      className="header-boosters"
      label={ending ? `Boosters: ${ending.name} ends in ${formatCountdown(left!)}` : 'Boosters'}
      title="Boosters"
      badge={ready > 0 ? ready : null}
      trigger={
        <span className="booster-trigger">
          <RocketIcon />
          {left !== null && (
            <span className="booster-trigger-timer" data-tone={boosterTimerTone(left)} data-testid="booster-hint-timer">
              {formatCountdown(left)}
            </span>
          )}
        </span>
      }
    >
      <div className="booster-panel">
        <BoosterList boosters={boosters} empty="No boosters yet: cards, events and the Battle Pass give them." />
        <p className="booster-panel-links">
          <PathLink to="/inventory/boosters/history">History</PathLink>
          <PathLink to="/event/boosters">All boosters</PathLink>
        </p>
      </div>
    </Popover>
  );
}

/** The deposit button's badge while a Deposit Bonus runs: (multiplier - 1) x 100 percent. */
function DepositBonusBadge() {
  const { data } = useQuery(boostersQueryOptions());
  const bonuses = Object.values(data?.boosters ?? {}).filter((b) => b.kind === 'deposit_bonus');
  const now = useNow(countsDown(bonuses));
  const running = bonuses.find((b) => b.active && (b.expires_at === null || b.expires_at > now));
  if (!running) return null;
  const percent = depositBonusPercent(running.params.multiplier);
  return (
    <span className="deposit-bonus-badge" data-testid="deposit-bonus-badge">
      +{percent}%
    </span>
  );
}

/** The header's booster parts: `hint` beside the settings, `badge` on the Deposit button. */
export function BoosterHeaderPart({ part }: { part: 'hint' | 'badge' }) {
  return part === 'hint' ? <BoosterHeaderHint /> : <DepositBonusBadge />;
}
