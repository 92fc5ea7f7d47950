import { useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useEffect } from 'react';
import { Rooms } from '../../contract/index.ts';
import { formatMultiplier } from '../../core/chicken-rules.ts';
import { formatCoins } from '../../core/money.ts';
import { socket } from '../../net/index.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { chickenKeys, chickenRecentQueryOptions, type ChickenGame } from './queries.ts';

type FeedEntry = { game: ChickenGame; user: { hash: string; name: string; display_name: string } };

const FEED_SIZE = 12;

/** What a finished game paid, as the lists show it. */
export function chickenResult(game: ChickenGame): string {
  if (game.status === 'running') return `step ${game.steps}`;
  return game.status === 'caught' ? `caught at step ${game.steps + 1}` : `${formatMultiplier(game.multiplier)}x · +${formatCoins(game.payout)}`;
}

/**
 * Everyone's finished games as they happen (the CHICKEN room), newest first. Memoized, as is
 * the player's list: the chicken page renders again at every press and hop, and their rows'
 * links are most of what such a render would cost.
 */
export const ChickenFeed = memo(function ChickenFeed() {
  const queryClient = useQueryClient();
  const recent = useQuery(chickenRecentQueryOptions());
  useEffect(() => {
    const leave = socket.subscribe(Rooms.chicken);
    const off = socket.on('CHICKEN_GAME', (entry) => {
      queryClient.setQueryData(chickenKeys.recent, (data: { games: FeedEntry[] } | undefined) =>
        data && !data.games.some((known) => known.game.hash === entry.game.hash) ? { games: [entry, ...data.games].slice(0, 20) } : data,
      );
    });
    return () => {
      off();
      leave();
    };
  }, [queryClient]);
  const games = recent.data?.games.slice(0, FEED_SIZE) ?? [];
  return (
    <Panel title="Live games">
      {games.length === 0 ? (
        <p className="games-empty">{recent.isPending ? 'Loading…' : 'No games yet. Be the first to cross.'}</p>
      ) : (
        <ul className="games-feed" data-testid="chicken-feed">
          {games.map(({ game, user }) => (
            <li key={game.hash} className={`games-feed-row games-${game.status === 'caught' ? 'loss' : 'win'}`}>
              <Avatar name={user.display_name} userHash={user.hash} size={28} />
              <span className="games-feed-name">{user.display_name}</span>
              <span className="games-feed-risk">{game.risk}</span>
              <span className="mono">{formatCoins(game.bet)}</span>
              <PathLink to={`/chicken/${game.hash}`} className="games-feed-result mono">
                {chickenResult(game)}
              </PathLink>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
});

/** The player's last rounds: at most 6 (document 2 section 9). */
export const ChickenHistory = memo(function ChickenHistory({ games }: { games: readonly ChickenGame[] }) {
  return (
    <Panel title="Your rounds">
      {games.length === 0 ? (
        <p className="games-empty">Your last six rounds show here.</p>
      ) : (
        <ol className="games-feed" data-testid="chicken-history">
          {games.map((game) => (
            <li key={game.hash} className={`games-feed-row games-${game.status === 'caught' ? 'loss' : game.status === 'running' ? 'open' : 'win'}`}>
              <PathLink to={`/chicken/${game.hash}`} className="mono">
                {game.hash}
              </PathLink>
              <span className="games-feed-risk">{game.risk}</span>
              <span className="mono">{formatCoins(game.bet)}</span>
              <span className="games-feed-result mono">{chickenResult(game)}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
});
