/**
 * Split-or-steal in the chat (document 2): the strip of a running game with its join (the
 * same offline proof-of-work captcha as the rain), the picked players' (1 to 6) split/steal
 * buttons while battling (everyone else sees who has decided, as commitments), and the
 * result with every decision checked against the commitment published before it.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Rooms, type ChatUser, type MethodResult, type StealGame } from '../../contract/index.ts';
import { hashDecision } from '../../core/fair-ticket.ts';
import { formatCoins } from '../../core/money.ts';
import { STEAL_RESULT_TEXT } from '../../core/steal-roulette.ts';
import { rpc, RpcError, socket } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { pushNotice } from '../notifications/index.ts';
import { chatOpen } from './chat-state.ts';
import { StealRoulette } from './steal-roulette.tsx';
import { stealMarksOf, type StealMark } from './steal-marks.ts';
import { laterStealGame } from './steal-progress.ts';
import { clock, useCaptchaToken, useSecondsTo } from './rain-block.tsx';
import { isUpTo } from '../../ui/breakpoints.ts';

const stealKey = ['chat', 'steal'] as const;
type StealState = MethodResult<'chat-steal.get'>;

/** The running game, read; a read never takes the game back behind what the socket has shown (steal-progress.ts). */
const stealQuery = queryOptions({
  queryKey: stealKey,
  queryFn: async ({ signal, client }): Promise<StealState> => {
    const read = await rpc.call('chat-steal.get', { version: 2, batch: 'CHAT_STEAL' }, { signal });
    return { ...read, game: laterStealGame(client.getQueryData<StealState>(stealKey)?.game, read.game) };
  },
});

/** Document 2 section 8: steal get, join and decision errors show a notice with code and message. */
const failed = (error: unknown) =>
  pushNotice({ type: 'error', title: 'Split or steal', message: error instanceof RpcError ? `${error.code}: ${error.message}` : String(error) });

function useSteal() {
  const queryClient = useQueryClient();
  const query = useQuery(stealQuery);
  // The game whose frames arrived while this chat was open: only its result is worth showing.
  const [live, setLive] = useState<string | null>(null);
  useEffect(() => {
    const leave = socket.subscribe(Rooms.chat);
    const put = ({ game, users }: { game: StealGame; users?: ChatUser[] }) => {
      setLive(game.hash);
      const old = queryClient.getQueryData<StealState>(stealKey);
      const same = old?.game?.hash === game.hash;
      queryClient.setQueryData<StealState>(stealKey, {
        game,
        // A new game clears the joined flag and the seat; an update of the same game keeps them.
        joined: same ? old.joined : false,
        seat: same ? old.seat : null,
        users: { ...(same ? old.users : {}), ...Object.fromEntries((users ?? []).map((u) => [u.hash, u])) },
      });
      // An anonymous game's frames name nobody: a player who joined asks whether they were picked.
      if (same && old.joined && game.anonymous && game.players.length > 0 && old.seat === null && game.status !== 'closed') void queryClient.invalidateQueries({ queryKey: stealKey });
    };
    const offs = [socket.on('CHAT_STEAL_CREATED', put), socket.on('CHAT_STEAL_UPDATED', put), socket.on('CHAT_STEAL_ROLL', put)];
    return () => {
      for (const off of offs) off();
      leave();
    };
  }, [queryClient]);
  return { query, live };
}

function JoinStealModal({ game, me, onClose }: { game: StealGame; me: ChatUser; onClose(): void }) {
  const queryClient = useQueryClient();
  const token = useCaptchaToken(game.captcha, me.hash);
  const join = useMutation({
    mutationFn: (t: string) => rpc.call('chat-steal.join', { game_hash: game.hash, token: t }),
    onSuccess: ({ participants }) => {
      queryClient.setQueryData<StealState>(stealKey, (old) => (old?.game ? { ...old, joined: true, game: { ...old.game, participants } } : old));
      onClose();
    },
    onError: failed,
  });
  return (
    <Modal title="Join split or steal" width={459} onClose={onClose}>
      <p className="muted">
        {winnersText(game.winners)} drawn from everyone who joins. Each chooses, in secret, to split {formatCoins(game.reward)} coins or to steal them: if all split, they
        share it; if exactly one steals, they take it all; if two or more steal, nobody gets anything.
      </p>
      <p className="muted">{token === null ? 'Checking you are human (this runs on your device)…' : 'Check passed.'}</p>
      <div className="modal-actions">
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="primary" disabled={token === null || join.isPending} onClick={() => token && join.mutate(token)}>
          {token === null ? 'Solving…' : 'Join'}
        </Button>
      </div>
    </Modal>
  );
}

const winnersText = (n: number) => (n === 1 ? 'One player is' : `${n} players are`);

/**
 * The marks of the messages of a battling game's players (steal-marks.ts), from the steal
 * block's query; the viewer's seat is the answer's, or found by their hash in an open game.
 */
export function useStealMarks(myHash: string | null): ReadonlyMap<string, StealMark> {
  const query = useQuery(stealQuery);
  const game = query.data?.game;
  const found = game && myHash ? game.players.findIndex((p) => p.hash === myHash) : -1;
  const seat = query.data?.seat ?? (found === -1 ? null : found);
  return useMemo(() => stealMarksOf(game, seat), [game, seat]);
}

/**
 * Whether the player's chat input is the giveaway notice (document 2 section 2: "You’re in the
 * giveaway"): they joined the anonymous game that is battling now. Reads the steal block's query.
 */
export function useInGiveaway(): boolean {
  const query = useQuery(stealQuery);
  const game = query.data?.game;
  return Boolean(game && game.anonymous && game.status === 'battling' && query.data?.joined);
}


/** The split-or-steal strip under the rain's. */
export function StealBlock({ me }: { me: ChatUser | null }) {
  const { query, live } = useSteal();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState(false);
  const [hiddenHash, setHiddenHash] = useState<string | null>(null);
  const [mine, setMine] = useState<{ game: string; decision: 'split' | 'steal' } | null>(null);
  const game = query.data?.game ?? null;
  const seconds = useSecondsTo(game?.status === 'battling' ? (game.states.end_at ?? 0) : (game?.states.roll_at ?? 0));
  const decide = useMutation({
    mutationFn: (decision: 'split' | 'steal') => rpc.call('chat-steal.decision', { game_hash: game!.hash, decision }),
    onSuccess: (_answer, decision) => {
      setMine({ game: game!.hash, decision });
      void queryClient.invalidateQueries({ queryKey: stealKey });
    },
    onError: failed,
  });
  // A game that closed before this chat opened is history, not news.
  if (!game || game.hash === hiddenHash || (game.status === 'closed' && live !== game.hash)) return null;
  const users = query.data?.users ?? {};
  const seat = query.data?.seat ?? null;
  // An anonymous game hides its picks until it closes: they read as Pick 1, Pick 2..., one's own as You.
  const nameOf = (hash: string | null, index: number) => (hash !== null ? (users[hash]?.display_name ?? 'A player') : index === seat ? 'You' : `Pick ${index + 1}`);
  const player = seat !== null ? game.players[seat] : me ? game.players.find((p) => p.hash === me.hash) : undefined;
  return (
    <div className="rain-block steal-block" role="region" aria-label="Split or steal" data-status={game.status}>
      <div className="rain-line">
        <span className="rain-title">Split or steal</span>
        {game.anonymous && (
          <span className="steal-anonymous" title="Who was picked stays hidden until the game ends">
            Anonymous
          </span>
        )}
        <span>
          <span className="chat-amount">{formatCoins(game.reward)}</span> coins
        </span>
        <span className="muted">{game.participants} joined</span>
        {(game.status === 'waiting' || game.status === 'battling') && <span className="muted">{clock(seconds)}</span>}
        <button type="button" className="chat-action" aria-label="Hide split or steal" onClick={() => setHiddenHash(game.hash)}>
          ✕
        </button>
      </div>
      {game.status === 'waiting' &&
        (query.data?.joined ? <p className="rain-joined">You are in the draw</p> : me ? <Button size="sm" variant="primary" onClick={() => setDialog(true)}>Join split or steal</Button> : null)}
      {/* The strip stays, settled on the first pick, through the battle: where it stopped is part of the record. */}
      {(game.status === 'rolling' || game.status === 'battling') && game.roulette && <StealRoulette key={game.hash} roulette={game.roulette} users={users} />}
      {game.status === 'rolling' && !game.roulette && (
        <p className="muted">
          Drawing {game.winners === 1 ? 'the winner' : `${game.winners} winners`} from the beacon{game.anonymous ? ' in secret: the picks are revealed when the game ends' : ''}…
        </p>
      )}
      {(game.status === 'battling' || game.status === 'closed') && game.players.length > 0 && (
        <ul className="steal-players" aria-label="Picked players">
          {game.players.map((p, index) => (
            <li key={p.hash ?? index} data-decided={p.decision_hashed !== null}>
              <strong>{nameOf(p.hash, index)}</strong>{' '}
              {game.status === 'closed' ? (
                <span>
                  {p.decision ?? 'no decision (split)'}
                  {p.decision && p.salt ? (hashDecision(p.decision, p.salt) === p.decision_hashed ? ' · matches its commitment' : ' · does NOT match its commitment') : ''}
                  {p.reward > 0 ? ` · +${formatCoins(p.reward)}` : ''}
                </span>
              ) : (
                <span className="muted" title={p.decision_hashed ?? undefined}>
                  {p.decision_hashed ? `decided (${p.decision_hashed.slice(0, 10)}…)` : 'deciding…'}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {game.status === 'battling' &&
        player &&
        (mine?.game === game.hash || player.decision_hashed !== null ? (
          <p className="rain-joined">You chose {mine?.game === game.hash ? mine.decision : 'your move'}; it is revealed at the end.</p>
        ) : (
          <div className="steal-actions" role="group" aria-label="Your decision">
            <Button size="sm" variant="primary" disabled={decide.isPending} onClick={() => decide.mutate('split')}>
              Split
            </Button>
            <Button size="sm" variant="danger" disabled={decide.isPending} onClick={() => decide.mutate('steal')}>
              Steal
            </Button>
          </div>
        ))}
      {game.status === 'closed' && game.result && <p className="steal-result">{STEAL_RESULT_TEXT[game.result]}</p>}
      {game.status === 'closed' && game.beacon && (
        <p className="muted">
          <PathLink to={`/provably-fair/steal/${game.hash}`} onClick={() => isUpTo('mobile') && chatOpen.set(false)}>
            Replay and verify this game
          </PathLink>{' '}
          (its public record, recomputed in your browser).
        </p>
      )}
      {dialog && me && game.status === 'waiting' && <JoinStealModal game={game} me={me} onClose={() => setDialog(false)} />}
    </div>
  );
}
