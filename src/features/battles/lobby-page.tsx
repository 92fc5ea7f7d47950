import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { rpc } from '../../net/index.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { BattleIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import { ClockIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { casesQueryOptions } from '../cases/on-demand.ts';
import { sessionModal, useAccount, useLogged } from '../session/index.ts';
import { BattleCard, boxLookup } from './battle-card.tsx';
import { useLobbyLive } from './live.ts';
import { lobbyQueryOptions, type Battle } from './queries.ts';
import './battles.css';

/** The lobby's filters: which stage, which mode, the dearest seat shown. */
type StageFilter = 'open' | 'playing' | 'all';
type ModeFilter = 'any' | 'solo' | 'team';

const STAGES: { value: StageFilter; label: string }[] = [
  { value: 'open', label: 'Open seats' },
  { value: 'playing', label: 'In play' },
  { value: 'all', label: 'All' },
];

function matches(game: Battle, stage: StageFilter, mode: ModeFilter): boolean {
  if (stage === 'open' && game.status !== 'waiting') return false;
  if (stage === 'playing' && game.status === 'waiting') return false;
  return mode === 'any' || game.mode === mode;
}

/** /battles: public battles live from the LOBBY room, the player's own battles, filters. */
export function BattlesPage() {
  const logged = useLogged();
  const account = useAccount();
  const myHash = account.data?.user.hash ?? null;
  const lobby = useQuery(lobbyQueryOptions());
  const cases = useQuery(casesQueryOptions());
  const navigate = useNavigate();
  const [stage, setStage] = useState<StageFilter>('all');
  const [mode, setMode] = useState<ModeFilter>('any');
  useLobbyLive(myHash);

  const join = useMutation({
    mutationFn: (token: string) => rpc.call('arena-battle.join', { token }),
    onSuccess: (answer) => void navigate({ to: answer.path as '/' }),
  });

  const boxes = boxLookup(lobby.data?.boxes, cases.data?.cases);
  const users = lobby.data?.users ?? [];
  const mine = (lobby.data?.personal ?? []).filter((game): game is Battle => game.type === 'battle');
  const shown = (lobby.data?.public ?? []).filter((game) => matches(game, stage, mode));

  const joinButton = (game: Battle) => {
    if (game.status !== 'waiting' || (myHash !== null && game.user_hashes.includes(myHash))) return undefined;
    return (
      <Button
        variant="primary"
        size="sm"
        disabled={join.isPending}
        onClick={() => (logged ? join.mutate(game.token) : sessionModal.set('login'))}
      >
        Join
      </Button>
    );
  };

  return (
    <PageFrame
      area="battles"
      icon={<BattleIcon />}
      eyebrow="Battles"
      title="Case battles"
      lead="Two to five seats open the same cases round by round. The best haul takes every drop; other modes change who wins."
      actions={
        <>
          <PathLink to="/battle/create" className={buttonClass('primary')}>
            Create a battle
          </PathLink>
          <PathLink to="/battles/history" className={buttonClass('ghost')}>
            <ClockIcon /> History
          </PathLink>
        </>
      }
    >
      {logged && (
        <Panel title={`My battles${mine.length ? ` (${mine.length})` : ''}`}>
          {lobby.isPending ? (
            <Skeleton variant="row" count={1} />
          ) : mine.length === 0 ? (
            <p className="muted">You are not in a battle right now. Create one, or take a seat below.</p>
          ) : (
            <ul className="battle-list" aria-label="My battles">
              {mine.map((game) => (
                <li key={game.hash}>
                  <BattleCard game={game} users={users} boxes={boxes} />
                </li>
              ))}
            </ul>
          )}
        </Panel>
      )}

      <Panel
        title="Battles"
        actions={
          <div className="lobby-filters" role="group" aria-label="Filters">
            <div className="segmented" role="radiogroup" aria-label="Stage">
              {STAGES.map((option) => (
                <button key={option.value} type="button" role="radio" aria-checked={stage === option.value} onClick={() => setStage(option.value)}>
                  {option.label}
                </button>
              ))}
            </div>
            <label className="lobby-mode">
              <span className="visually-hidden">Mode</span>
              <select className="field-input" value={mode} onChange={(event) => setMode(event.target.value as ModeFilter)}>
                <option value="any">Any mode</option>
                <option value="solo">Solo</option>
                <option value="team">2 vs 2</option>
              </select>
            </label>
          </div>
        }
      >
        <QueryView
          query={lobby}
          pending={<Skeleton variant="row" count={4} />}
          error={<EmptyState title="Oops! It looks like there's a data loading error.">The lobby did not load; it comes back by itself when the connection does.</EmptyState>}
          isEmpty={() => shown.length === 0}
          empty={
            <EmptyState
              title="No battles here right now"
              action={
                <PathLink to="/battle/create" className={buttonClass('primary')}>
                  Create a battle
                </PathLink>
              }
            >
              Start one: pick the cases, the seats and the mode, then call bots or wait for players.
            </EmptyState>
          }
        >
          {() => (
            <ul className="battle-list" aria-label="Public battles">
              {shown.map((game) => (
                <li key={game.hash}>
                  <BattleCard game={game} users={users} boxes={boxes} action={joinButton(game)} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </Panel>
    </PageFrame>
  );
}
