import { Link } from '@tanstack/react-router';
import { RANKS } from '../../core/levels.ts';
import { formatCount } from '../../core/money.ts';
import { GiftIcon } from '../../ui/icons.tsx';
import { PageFrame, Panel } from '../../ui/page-frame.tsx';
import { LevelRewards } from './level-rewards.tsx';
import { RANK_GROUP_COLOURS } from '../../ui/level-colour.ts';
import './rewards.css';


/** /rewards (?ranks=true for the rank table). */
export function RewardsPage({ ranks }: { ranks: boolean }) {
  return (
    <PageFrame
      area="rewards"
      icon={<GiftIcon />}
      eyebrow="Rewards"
      title={ranks ? 'Season ranks' : 'Rewards'}
      lead="Every coin you wager earns experience. Each level you reach gives a free case once (high levels add keys for more); the season ranks show how far you climbed this season."
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
                <span className="rank-exp">{formatCount(rank.exp)} XP</span>
              </li>
            ))}
          </ol>
        </Panel>
      ) : (
        <LevelRewards />
      )}
    </PageFrame>
  );
}
