import { Link } from '@tanstack/react-router';
import { RANKS } from '../../core/levels.ts';
import { GiftIcon } from '../../ui/icons.tsx';
import { PageFrame, Panel, PlannedParts } from '../../ui/page-frame.tsx';
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
