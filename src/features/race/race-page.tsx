import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { FEATURED_RACE, RACE_PERIODS, periodAt, type RacePeriod } from '../../core/race-periods.ts';
import { formatCoins, formatCount } from '../../core/money.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { dayMonthUtc } from '../../ui/date-format.ts';
import { CoinIcon, FlagIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { levelColour } from '../../ui/level-colour.ts';
import { NameBadge } from '../../ui/name-badge.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import { UserName } from '../profile/index.ts';
import { useAccount } from '../session/index.ts';
import { RaceCountdown } from '../shell/index.ts';
import { RACE_REFRESH_MS, raceQueryOptions } from './queries.ts';
import './race.css';

const TITLE: Record<RacePeriod, string> = { daily: 'Daily race', weekly: 'Weekly race', monthly: 'Monthly race' };
const TAB: Record<RacePeriod, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly' };

function Leaderboard({ period, start }: { period: RacePeriod; start?: number }) {
  const board = useQuery({ ...raceQueryOptions(period, start), refetchInterval: start === undefined ? RACE_REFRESH_MS : false });
  const account = useAccount();
  const myHash = account.data?.user.hash;
  return (
    <QueryView
      query={board}
      pending={<Skeleton variant="row" count={6} />}
      error={<EmptyState title="The leaderboard did not load">Check your connection; it retries by itself.</EmptyState>}
    >
      {(data) => (
        <>
          {data.leaders.length === 0 ? (
            start === undefined ? (
              <EmptyState title="Nobody has wagered yet">The first wager of this period takes first place.</EmptyState>
            ) : (
              <EmptyState title="Nobody raced">No wagers in this period, so no prizes.</EmptyState>
            )
          ) : (
            <ol className="race-board" aria-label={`${TITLE[period]} leaderboard`}>
              {data.leaders.map((row) => (
                <li key={row.user.hash} className={`race-row${row.place <= 3 ? ` race-top race-top-${row.place}` : ''}${row.user.hash === myHash ? ' race-mine' : ''}`}>
                  <span className="race-place">{row.place}</span>
                  <span className="race-avatar" style={{ boxShadow: `0 0 0 2px ${levelColour(row.user.level)}` }}>
                    <Avatar name={row.user.display_name} userHash={row.user.hash} src={row.user.info.avatar} size={32} />
                  </span>
                  <span className="race-who">
                    <span className="race-name">
                      <Suspense fallback={<span className="user-link">{row.user.display_name}</span>}>
                        <UserName user={row.user} />
                      </Suspense>
                      <NameBadge badge={row.user.info.badge} />
                    </span>
                    <span className="race-level">Level {row.user.level}</span>
                  </span>
                  <span className="race-wagered">
                    <CoinIcon /> {formatCoins(row.wagered)}
                  </span>
                  <span className="race-prize">{row.prize > 0 ? `+${formatCoins(row.prize)}` : '—'}</span>
                </li>
              ))}
            </ol>
          )}
          {data.players > 0 && (
            <p className="race-foot">
              {formatCount(data.players)} {data.players === 1 ? 'player' : 'players'} · {data.paid ? 'prizes paid' : data.ends_in > 0 ? 'prizes paid when the timer ends' : 'prizes being paid'}
            </p>
          )}
          {data.me && (
            <p className="race-me">
              Your place: <strong>#{data.me.place}</strong> with {formatCoins(data.me.wagered)} wagered
              {data.me.prize > 0 ? ` · ${formatCoins(data.me.prize)} if it holds` : ''}
            </p>
          )}
        </>
      )}
    </QueryView>
  );
}

function Prizes({ period }: { period: RacePeriod }) {
  const board = useQuery(raceQueryOptions(period));
  if (!board.data) return null;
  return (
    <Panel title={`Prize pool ${formatCoins(board.data.pool)}`}>
      <ol className="race-prizes">
        {board.data.prizes.map((prize, i) => (
          <li key={i}>
            <span>#{i + 1}</span>
            <strong>{formatCoins(prize)}</strong>
          </li>
        ))}
      </ol>
      <p className="race-rule">Every coin you wager in the period (cases, battle seats, chicken and dice) is a point; refunded seats are taken back. Equal totals: who got there first ranks higher.</p>
    </Panel>
  );
}

/** /event/race and /event/race/{period}: the wager race leaderboards. */
export function RacePage({ period = FEATURED_RACE }: { period?: RacePeriod }) {
  const board = useQuery(raceQueryOptions(period));
  const current = board.data ? { start: board.data.start, end: board.data.end } : null;
  return (
    <PageFrame
      area="race"
      icon={<FlagIcon />}
      eyebrow="Race+"
      title={TITLE[period]}
      lead="Wager on cases, battles, chicken or dice to climb the board. When the timer runs out the top ten share the house's prize pool."
      actions={
        board.data && (
          // The countdown is the app's: a prerendered copy's would be the build's (scripts/prerender.ts drops data-live-only).
          <div className="race-timer" data-live-only>
            <span>Ends in</span>
            <RaceCountdown endsAt={board.data.endsAt} />
          </div>
        )
      }
    >
      <nav className="page-tabs race-tabs" aria-label="Race periods">
        {RACE_PERIODS.map((p) => (
          <Link key={p} to="/event/race/$period" params={{ period: p }} className="page-tab" aria-current={p === period ? 'page' : undefined}>
            {TAB[p]}
          </Link>
        ))}
      </nav>
      <div className="race-layout">
        <Panel title={current ? `${dayMonthUtc(current.start)} – ${dayMonthUtc(current.end - 1)}` : 'This period'}>
          <Leaderboard period={period} />
        </Panel>
        <div className="race-side">
          <Prizes period={period} />
          {current && (
            <Panel title="Last period">
              <Leaderboard period={period} start={periodAt(period, current.start - 1).start} />
            </Panel>
          )}
        </div>
      </div>
    </PageFrame>
  );
}
