import { useQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { CHICKEN_LEVELS, chickenMultiplier, formatMultiplier } from '../../core/chicken-rules.ts';
import { formatCoins } from '../../core/money.ts';
import { ChickenIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { chickenResult } from './chicken-feed.tsx';
import { chickenGameQueryOptions, type ChickenRecord } from './queries.ts';
import { useChickenScene } from './use-chicken-scene.ts';
import '../../ui/games.css';
import './chicken.css';

function GameRoad({ record }: { record: ChickenRecord }) {
  const host = useRef<HTMLDivElement>(null);
  const { game } = record;
  const { status } = useChickenScene(host, { risk: game.risk, position: game.steps + (game.status === 'caught' ? 1 : 0), caught: game.status === 'caught', hold: false });
  return <div ref={host} className="chicken-road" data-scene={status} />;
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
