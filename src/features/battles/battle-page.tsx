import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { memo, useCallback, useDeferredValue, useEffect, useRef, useState, type RefObject } from 'react';
import { Rooms } from '../../contract/index.ts';
import { formatCoins } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { useBusyWhile } from '../../ui/activity.ts';
import { Button } from '../../ui/button.tsx';
import { Skeleton } from '../../ui/page-frame.tsx';
import { reportApiError } from '../notifications/index.ts';
import { sessionModal, useAccount, useLogged } from '../session/index.ts';
import { BattleChat, reactionGlyph } from './battle-chat.tsx';
import { useBattleLive } from './live.ts';
import { BattleFrame, BattleStage, type Floating } from './battle-view.tsx';
import { battleQueryOptions, type BattleDetail } from './queries.ts';
import { useReelsScene } from './reels.tsx';
import { BattleResult } from './result.tsx';
import { RobPanel } from './rob-panel.tsx';
import { useRoundReveal } from './round-reveal.ts';
import './battles.css';

/** Reactions floating over the reels at once; older ones drop off. */
const MAX_FLOATING = 12;
/** How long a reaction floats, ms. */
const FLOAT_MS = 2_400;
/** Screen shake on a reaction flood, ms. */
const SHAKE_MS = 500;

/** /battle/{id}: seats, the reels of every round, the result, rob decisions, chat and reactions, live. */
export function BattlePage({ gameId }: { gameId: string }) {
  const navigate = useNavigate();
  const logged = useLogged();
  const account = useAccount();
  const myHash = account.data?.user.hash ?? null;
  const battle = useQuery(battleQueryOptions(gameId));
  // The battle as the page renders it. A live update (a seat taken, a round's drops, the result)
  // reaches the cache through the socket, and an update from a store renders at once, in one
  // task: on a slow phone that task was 100-240 ms as a round started or the result came, and a
  // tap waited it out (issue 31). Deferred, it renders as a transition that yields to a tap.
  const detail = useDeferredValue(battle.data);
  const [floating, setFloating] = useState<Floating[]>([]);
  const [shaking, setShaking] = useState(false);
  const nextFloat = useRef(0);

  useEffect(() => {
    if (battle.isError) reportApiError(battle.error, (to) => void navigate({ to }), 'page');
  }, [battle.isError, battle.error, navigate]);

  const onReaction = useCallback((reaction: { reaction: string }) => {
    const id = (nextFloat.current += 1);
    setFloating((list) => [...list.slice(-(MAX_FLOATING - 1)), { id, glyph: reactionGlyph(reaction.reaction), left: 8 + ((id * 37) % 84) }]);
    setTimeout(() => setFloating((list) => list.filter((entry) => entry.id !== id)), FLOAT_MS);
  }, []);
  const shake = useCallback(() => {
    setShaking(true);
    setTimeout(() => setShaking(false), SHAKE_MS);
  }, []);

  const room = detail ? Rooms.arenaGame(detail.game.personal ? detail.game.token : detail.game.hash) : null;
  useBattleLive(room, gameId, onReaction);

  return (
    <BattleFrame gameId={gameId} detail={detail} shaking={shaking}>
      {detail ? <BattleBody detail={detail} myHash={myHash} logged={logged} floating={floating} onFlood={shake} /> : <Skeleton variant="row" count={3} />}
    </BattleFrame>
  );
}

type BodyProps = { detail: BattleDetail; myHash: string | null; logged: boolean; floating: Floating[]; onFlood(): void };

// Memoised: the page re-renders at once with the battle it had (useDeferredValue), and only the
// deferred render that follows, with the new battle, goes through here.
const BattleBody = memo(function BattleBody({ detail, myHash, logged, floating, onFlood }: BodyProps) {
  const { game } = detail;
  const host = useRef<HTMLDivElement>(null);
  // A battle already over when its page opens has nothing left to spin: no PixiJS for it.
  const [spins] = useState(() => game.status !== 'finished' && game.status !== 'closed');
  const { reels, failed, artReady } = useReelsScene(host, game.seats, spins, detail.items.map((item) => item.image));
  // The reels' end reveals the round's drops and, after the last, the result: deferred as well.
  const reveal = useRoundReveal(detail, reels);
  const revealed = useDeferredValue(reveal.revealed);
  const spinning = useDeferredValue(reveal.spinning);
  // Until the result shows, reloads wait and the header holds back the payout (balance buffer).
  useBusyWhile(`battle:${game.hash}`, spinning !== null || game.status === 'process' || game.status === 'running' || game.status === 'rob');
  return <BattleBodyView detail={detail} myHash={myHash} logged={logged} floating={floating} onFlood={onFlood} host={host} spins={spins} failed={failed} artReady={artReady} revealed={revealed} spinning={spinning} />;
});

type BodyViewProps = BodyProps & { host: RefObject<HTMLDivElement | null>; spins: boolean; failed: boolean; artReady: boolean; revealed: number; spinning: number | null };

const BattleBodyView = memo(function BattleBodyView({ detail, myHash, logged, floating, onFlood, host, spins, failed, artReady, revealed, spinning }: BodyViewProps) {
  const { game } = detail;
  const users = detail.users;
  const me = game.users.find((seat) => seat.hash === myHash) ?? null;
  const creator = me?.creator ?? false;
  const allShown = revealed >= game.rounds;
  const seatControls = Array.from({ length: game.seats }, (_, i) => i + 1).map((number) => {
    const seat = game.users.find((entry) => entry.number === number);
    if (!seat) return <EmptySeat key={number} detail={detail} seat={number} logged={logged} seated={me !== null} />;
    const kickable = creator && game.personal && game.status === 'waiting' && !seat.creator && !seat.bot;
    return kickable ? <KickButton key={number} token={game.token} userHash={seat.hash} name={users.find((user) => user.hash === seat.hash)?.display_name ?? 'player'} /> : null;
  });

  return (
    <>
      <BattleStage
        detail={detail}
        revealed={revealed}
        spinning={spinning}
        spins={spins}
        failed={failed}
        artReady={artReady}
        host={host}
        floating={floating}
        seatControls={seatControls}
      />
      <BattleActions detail={detail} me={me} logged={logged} />
      {game.status === 'rob' && allShown && <RobPanel detail={detail} users={users} myHash={myHash} />}
      {allShown && (game.status === 'finished' || game.status === 'closed') && <BattleResult detail={detail} users={users} myHash={myHash} watched={spins} />}
      <BattleChat detail={detail} users={users} logged={logged} myHash={myHash} onFlood={onFlood} />
    </>
  );
});

/** An empty seat of a waiting battle: take it (paying the seat), or sign in first. */
function EmptySeat({ detail, seat, logged, seated }: { detail: BattleDetail; seat: number; logged: boolean; seated: boolean }) {
  const navigate = useNavigate();
  const join = useMutation({
    mutationFn: () => rpc.call('arena-battle.join', { token: detail.game.token, options: { seat } }),
    onSuccess: (answer) => void navigate({ to: answer.path as '/' }),
  });
  if (detail.game.status !== 'waiting' || seated) return <span className="seat-open">Seat {seat} open</span>;
  return (
    <>
      <span className="seat-open">Seat {seat} open</span>
      <Button variant="primary" size="sm" disabled={join.isPending} onClick={() => (logged ? join.mutate(undefined) : sessionModal.set('login'))}>
        Join for {formatCoins(detail.game.price)}
      </Button>
    </>
  );
}

function KickButton({ token, userHash, name }: { token: string; userHash: string; name: string }) {
  const kick = useMutation({ mutationFn: () => rpc.call('arena-battle.kick', { game_token: token, user_hash: userHash }) });
  return (
    <Button size="sm" variant="danger" disabled={kick.isPending} onClick={() => kick.mutate()} aria-label={`Remove ${name} from the battle`}>
      Remove
    </Button>
  );
}

/** The waiting battle's commands: call bots (creator), sponsor a seat, leave (the creator's leave closes it). */
function BattleActions({ detail, me, logged }: { detail: BattleDetail; me: BattleDetail['game']['users'][number] | null; logged: boolean }) {
  const { game } = detail;
  const bots = useMutation({ mutationFn: () => rpc.call('arena-battle.callBots', { hash: game.hash }) });
  const leave = useMutation({ mutationFn: () => rpc.call('arena-battle.leave', { token: game.token }) });
  const sponsor = useMutation({ mutationFn: () => rpc.call('arena-battle.sponsor', { token: game.token, seats: 1 }) });
  if (game.status !== 'waiting') return null;
  const free = game.seats - game.members - game.sponsor.seats;
  return (
    <div className="battle-actions">
      {me?.creator && (
        <Button variant="primary" disabled={bots.isPending} onClick={() => bots.mutate()}>
          Call bots
        </Button>
      )}
      {logged && free > 0 && (
        <Button disabled={sponsor.isPending} onClick={() => sponsor.mutate(undefined)}>
          Sponsor a seat ({formatCoins(game.price)})
        </Button>
      )}
      {game.sponsor.seats > 0 && <span className="muted">{game.sponsor.seats} sponsored seat{game.sponsor.seats === 1 ? '' : 's'}: joining costs nothing</span>}
      {me && (
        <Button variant="ghost" disabled={leave.isPending} onClick={() => leave.mutate()}>
          {me.creator ? 'Close battle' : 'Leave'}
        </Button>
      )}
    </div>
  );
}
