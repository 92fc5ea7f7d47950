import { Link } from '@tanstack/react-router';
import { RANKS } from '../../core/levels.ts';
import { buttonClass } from '../../ui/button.tsx';
import { FlagIcon, GiftIcon } from '../../ui/icons.tsx';
import { TrophyIcon } from '../../ui/page-icons.tsx';
import { PageFrame, Panel, PlannedParts } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { RANK_GROUP_COLOURS } from '../../ui/level-colour.ts';
import { useManifest } from '../connection/index.ts';
import { RaceCountdown } from '../shell/index.ts';
import './rewards.css';


/** /rewards (?ranks=true for the rank table). */
export function RewardsPage({ ranks }: { ranks: boolean }) {
  return (
    <PageFrame
      area="rewards"
      icon={<GiftIcon />}
      eyebrow="Rewards"
      title={ranks ? 'Season ranks' : 'Rewards'}
      lead="Play to earn experience, climb the season ranks and collect free cases, keys and cards on the way."
      actions={
        <nav className="page-tabs" aria-label="Rewards">
          <Link to="/rewards" search={{}} className="page-tab" activeOptions={{ includeSearch: true }}>
            Rewards
          </Link>
          <Link to="/rewards" search={{ ranks: true }} className="page-tab" activeOptions={{ includeSearch: true }}>
            Ranks
          </Link>
        </nav>
      }
    >
      {ranks ? (
        <Panel title="The 20 ranks of a season">
          <p>Season experience moves you through four groups of five steps. The thresholds are shares of the season’s 100,000 experience.</p>
          <ol className="rank-table">
            {RANKS.map((rank) => (
              <li key={rank.rank} style={{ color: RANK_GROUP_COLOURS[rank.group] }}>
                <span className="rank-name">{rank.name}</span>
                <span className="rank-exp">{rank.exp.toLocaleString('en-US')} XP</span>
              </li>
            ))}
          </ol>
        </Panel>
      ) : (
        <PlannedParts
          parts={[
            { title: 'Daily cases', text: 'A free case for every level band you reach, opened once a day.', look: 'cards' },
            { title: 'Community keys', text: 'Keys you collect from events and rain, and the cases they open.', look: 'stats' },
            { title: 'Promo codes', text: 'Enter a code from a partner or an event for a bonus.', look: 'rows' },
            { title: 'Your progress', text: 'Level, experience to the next one and the rank of the season.', look: 'stats' },
          ]}
        />
      )}
    </PageFrame>
  );
}

/** /event/race and /event/race/{period}: the race leaderboard. */
export function RacePage({ period }: { period?: string }) {
  const manifest = useManifest();
  const endsIn = manifest?.stats.events.leaderboard.ends_in_time ?? null;
  return (
    <PageFrame
      area="race"
      icon={<FlagIcon />}
      eyebrow="Race+"
      title={period ? `Race ${period}` : 'Race+'}
      lead="Wager in cases and battles during the race to climb the leaderboard. The top places share the prize pool when the timer runs out."
      actions={
        manifest && endsIn !== null && !period ? (
          <div className="race-timer">
            <span>Ends in</span>
            <RaceCountdown endsAt={manifest.ts + endsIn * 1000} />
          </div>
        ) : (
          <PathLink to="/event/race" className={buttonClass('ghost')}>
            <TrophyIcon /> Current race
          </PathLink>
        )
      }
    >
      <PlannedParts
        parts={[
          { title: 'Leaderboard', text: 'Players ranked by what they wagered in this race, with the prize of each place.', look: 'rows' },
          { title: 'Your place', text: 'Where you stand, and what it takes to reach the next prize.', look: 'stats' },
        ]}
      />
    </PageFrame>
  );
}
