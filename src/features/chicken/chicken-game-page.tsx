import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CHICKEN_LEVELS, chickenLadder, chickenMultiplier, formatMultiplier } from '../../core/chicken-rules.ts';
import { formatCoins } from '../../core/money.ts';
import { ChickenIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { chickenResult } from './chicken-feed.tsx';
import { chickenGameQueryOptions, type ChickenRecord } from './queries.ts';
import { ChickenRoadView } from './chicken-road-view.tsx';
import '../../ui/games.css';
import './chicken.css';

/** The game's road where it stopped: nothing moves on this page, so it is drawn in HTML and PixiJS is not loaded. */
function GameRoad({ record }: { record: ChickenRecord }) {
  const { game } = record;
  return (
    <div className="chicken-road" data-testid="chicken-road">
      <ChickenRoadView multipliers={chickenLadder(game.risk).map((m) => formatMultiplier(m))} position={game.steps + (game.status === 'caught' ? 1 : 0)} caught={game.status === 'caught'} />
    </div>
  );
}

/** /chicken/{id}: one game, step by step, with where it stopped and what it paid. */
export function ChickenGamePage({ gameId }: { gameId: string }) {
  const record = useQuery(chickenGameQueryOptions(gameId));
  const frame = (children: ReactNode) => (
    <PageFrame area="chicken" icon={<ChickenIcon />} eyebrow="Catch the Chicken" title={`Game ${gameId}`} lead="A chicken game step by step: the lanes it crossed, where it stopped and what it paid.">
      {children}
    </PageFrame>
  );
  if (record.isPending) return frame(<Skeleton count={4} variant="row" />);
  if (record.isError) return frame(<EmptyState title="Game not found.">No chicken game has this id.</EmptyState>);
  const { game, steps, user } = record.data;
  const level = CHICKEN_LEVELS[game.risk];
  return frame(
    <>
      <GameRoad record={record.data} />
      <Panel title="Result" actions={<PathLink to={`/provably-fair/chicken/${game.hash}`}>Check fairness</PathLink>}>
        <dl className="games-facts" data-testid="chicken-result">
          <div>
            <dt>Player</dt>
            <dd>{user.display_name}</dd>
          </div>
          <div>
            <dt>Bet</dt>
            <dd className="mono">{formatCoins(game.bet)}</dd>
          </div>
          <div>
            <dt>Risk</dt>
            <dd>
              {game.risk.charAt(0).toUpperCase() + game.risk.slice(1)} (max damage {game.max_damage})
            </dd>
          </div>
          <div>
            <dt>Result</dt>
            <dd className="mono">{chickenResult(game)}</dd>
          </div>
        </dl>
        {game.status === 'running' && (
          <p>
            This game is still open. <PathLink to="/chicken">Continue it</PathLink> if it is yours.
          </p>
        )}
      </Panel>
      <Panel title="Steps">
        {steps.length === 0 ? (
          <p className="games-empty">No step taken yet.</p>
        ) : (
          <table className="games-table">
            <thead>
              <tr>
                <th scope="col">Step</th>
                <th scope="col">Nonce</th>
                <th scope="col">Damage</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.step} className={step.caught ? 'games-loss' : undefined}>
                  <td className="mono">{step.step}</td>
                  <td className="mono">{step.nonce}</td>
                  <td className="mono">
                    {step.ticket} / {level.maxDamage}
                  </td>
                  <td>{step.caught ? 'caught' : `safe · ${formatMultiplier(chickenMultiplier(game.risk, step.step))}x`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </>,
  );
}
