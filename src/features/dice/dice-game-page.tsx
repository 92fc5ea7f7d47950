import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatMultiplier } from '../../core/chicken-rules.ts';
import { formatHundredths } from '../../core/dice-rules.ts';
import { formatCoins } from '../../core/money.ts';
import { DiceIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { diceRollQueryOptions, type DiceRoll } from './queries.ts';
import { DiceTrackView } from './dice-track-view.tsx';
import '../../ui/games.css';
import './dice.css';

/** The roll on the bar: nothing moves on this page, so it is drawn in HTML and PixiJS is not loaded. */
function RollBar({ roll }: { roll: DiceRoll }) {
  return (
    <div className="dice-bar" data-testid="dice-bar">
      <DiceTrackView side={roll.side} target={roll.target} value={roll.roll} win={roll.win} />
    </div>
  );
}

/** /dice/{id}: one roll by hash or token. */
export function DiceGamePage({ gameId }: { gameId: string }) {
  const record = useQuery(diceRollQueryOptions(gameId));
  const frame = (children: ReactNode) => (
    <PageFrame area="dice" icon={<DiceIcon />} eyebrow="Dice" title={`Roll ${gameId.slice(0, 12)}`} lead="One dice roll: the target, the side, the number rolled and what it paid.">
      {children}
    </PageFrame>
  );
  if (record.isPending) return frame(<Skeleton count={3} variant="row" />);
  if (record.isError) return frame(<EmptyState title="Roll not found.">No dice roll has this id.</EmptyState>);
  const { roll, user } = record.data;
  return frame(
    <>
      <RollBar roll={roll} />
      <Panel title="Result" actions={<PathLink to={`/provably-fair/dice/${roll.token}`}>Check fairness</PathLink>}>
        <dl className="games-facts" data-testid="dice-facts">
          <div>
            <dt>Player</dt>
            <dd>{user.display_name}</dd>
          </div>
          <div>
            <dt>Roll</dt>
            <dd className={`mono ${roll.win ? 'games-won' : 'games-lost'}`}>{formatHundredths(roll.roll)}</dd>
          </div>
          <div>
            <dt>Target</dt>
            <dd className="mono">
              {roll.side} {formatHundredths(roll.target)}
            </dd>
          </div>
          <div>
            <dt>Chance</dt>
            <dd className="mono">{formatHundredths(roll.chance)}%</dd>
          </div>
          <div>
            <dt>Multiplier</dt>
            <dd className="mono">{formatMultiplier(roll.multiplier, 4)}x</dd>
          </div>
          <div>
            <dt>Bet</dt>
            <dd className="mono">{formatCoins(roll.bet)}</dd>
          </div>
          <div>
            <dt>Paid</dt>
            <dd className="mono">{formatCoins(roll.payout)}</dd>
          </div>
        </dl>
      </Panel>
    </>,
  );
}
