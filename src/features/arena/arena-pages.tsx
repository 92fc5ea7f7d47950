import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MethodResult } from '../../contract/index.ts';
import { onlineText } from '../../core/online.ts';
import { formatCoins } from '../../core/money.ts';
import { socket } from '../../net/index.ts';
import { buttonClass } from '../../ui/button.tsx';
import { BattleIcon, CaseIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { BattleCard, boxLookup, lobbyQueryOptions, useLobbyLive, type Battle } from '../battles/on-demand.ts';
import { casesQueryOptions } from '../cases/on-demand.ts';
import { useAccount, useLogged } from '../session/index.ts';
import { useMyGames } from '../battles/index.ts';
import { arenaStatsKey, arenaStatsQueryOptions } from './queries.ts';

/** The arena's figures follow LOBBY: ARENA_STATISTICS replaces them, LOBBY_ONLINE the counts (docs/decisions/0050). */
function useStatisticsLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const offs = [
      socket.on('ARENA_STATISTICS', (stats) => queryClient.setQueryData(arenaStatsKey, stats)),
      socket.on('LOBBY_ONLINE', (counts) => queryClient.setQueryData(arenaStatsKey, (old: MethodResult<'arena.statistics'> | undefined) => (old ? { ...old, ...counts } : old))),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
}

/** /arena: the arena lobby, live: public battles, the player's own games and the arena's figures. */
export function ArenaPage() {
  const logged = useLogged();
  const account = useAccount();
  useLobbyLive(account.data?.user.hash ?? null);
  const lobby = useQuery(lobbyQueryOptions());
  const cases = useQuery(casesQueryOptions());
  const stats = useQuery(arenaStatsQueryOptions());
  useStatisticsLive();
  const unbox = useMyGames(logged, 'unbox');
  const boxes = boxLookup(lobby.data?.boxes, cases.data?.cases);
  const users = lobby.data?.users ?? [];
  const mine = (lobby.data?.personal ?? []).filter((game): game is Battle => game.type === 'battle');

  return (
    <PageFrame
      area="arena"
      icon={<BattleIcon />}
      eyebrow="Arena"
      title="Arena lobby"
      lead="Every game that is open right now: public battles waiting for players, your own battles and the unbox games you still have rolls in."
      actions={
        <>
          <PathLink to="/battle/create" className={buttonClass('primary')}>
            Create a battle
          </PathLink>
          <PathLink to="/cases" className={buttonClass('ghost')}>
            <CaseIcon /> Cases
          </PathLink>
        </>
      }
    >
      {stats.data && (
        <dl className="history-stats" aria-label="Arena statistics">
          <div>
            <dt>Online</dt>
            <dd title="Open connections; simulated players are counted apart">{onlineText(stats.data)}</dd>
          </div>
          <div>
            <dt>Games today</dt>
            <dd>{stats.data.today.games}</dd>
          </div>
          <div>
            <dt>Battles waiting / running</dt>
            <dd>
              {stats.data.games.waiting} / {stats.data.games.running}
            </dd>
          </div>
          <div>
            <dt>Biggest pot</dt>
            <dd>{stats.data.top_pot ? formatCoins(stats.data.top_pot.pot) : '–'}</dd>
          </div>
          <div>
            <dt>Biggest drop today</dt>
            <dd>
              {stats.data.today.biggest_drop ? (
                <PathLink to={stats.data.today.biggest_drop.game_path} title={`${stats.data.today.biggest_drop.item.name} by ${stats.data.today.biggest_drop.user.display_name}`}>
                  {formatCoins(stats.data.today.biggest_drop.value)}
                </PathLink>
              ) : (
                '–'
              )}
            </dd>
          </div>
        </dl>
      )}
      {logged && (mine.length > 0 || unbox.length > 0) && (
        <Panel title="Your games">
          <ul className="battle-list" aria-label="Your games">
            {mine.map((game) => (
              <li key={game.hash}>
                <BattleCard game={game} users={users} boxes={boxes} />
              </li>
            ))}
            {unbox.map((game) => (
              <li key={game.hash}>
                <PathLink to={game.path} className="battle-card battle-card-simple">
                  <span>Unbox game</span>
                  <span className="battle-card-status">{game.state}</span>
                </PathLink>
              </li>
            ))}
          </ul>
        </Panel>
      )}
      <Panel title="Public battles">
        <QueryView
          query={lobby}
          pending={<Skeleton variant="row" count={3} />}
          error={<EmptyState title="Oops! It looks like there's a data loading error.">The lobby did not load; it comes back by itself when the connection does.</EmptyState>}
          isEmpty={(data) => data.public.length === 0}
          empty={<EmptyState title="No public battles right now">Create one and call bots, or wait for players to join.</EmptyState>}
        >
          {(data) => (
            <ul className="battle-list" aria-label="Public battles">
              {data.public.map((game) => (
                <li key={game.hash}>
                  <BattleCard game={game} users={users} boxes={boxes} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Panel>
    </PageFrame>
  );
}
