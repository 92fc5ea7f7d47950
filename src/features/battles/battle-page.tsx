import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type CSSProperties } from 'react';
import { Rooms } from '../../contract/index.ts';
import { formatCoins } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { useBusyWhile } from '../../ui/activity.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { BattleIcon, CoinIcon } from '../../ui/icons.tsx';
import { ShieldIcon } from '../../ui/page-icons.tsx';
import { ItemCard } from '../../ui/item-card.tsx';
import { PageFrame, Skeleton } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { reportApiError } from '../notifications/index.ts';
import { sessionModal, useAccount, useLogged } from '../session/index.ts';
import { BattleChat, reactionGlyph } from './battle-chat.tsx';
import { optionLabels, seatsLabel, STATUS_TEXT } from './battle-text.ts';
import { useBattleLive } from './live.ts';
import { battleQueryOptions, shortHash, type BattleDetail, type Player } from './queries.ts';
import { useReelsScene } from './reels.tsx';
import { BattleResult } from './result.tsx';
import { RobPanel } from './rob-panel.tsx';
import { useRoundReveal } from './round-reveal.ts';
import { patternProps } from '../../ui/pattern.ts';
import './battles.css';

/** Reactions floating over the reels at once; older ones drop off. */
const MAX_FLOATING = 12;
/** How long a reaction floats, ms. */
const FLOAT_MS = 2_400;
/** Screen shake on a reaction flood, ms. */
const SHAKE_MS = 500;

type Floating = { id: number; glyph: string; left: number };

/** /battle/{id}: seats, the reels of every round, the result, rob decisions, chat and reactions, live. */
export function BattlePage({ gameId }: { gameId: string }) {
  const navigate = useNavigate();
  const logged = useLogged();
  const account = useAccount();
  const myHash = account.data?.user.hash ?? null;
  const battle = useQuery(battleQueryOptions(gameId));
  const detail = battle.data;
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

  const title = detail ? `Battle ${detail.game.personal ? 'private' : shortHash(detail.game.hash)}` : `Battle ${gameId.length === 32 ? 'private' : gameId}`;
  return (
    <div className={shaking ? 'shake' : undefined}>
      <PageFrame
        area="battles"
        icon={<BattleIcon />}
        eyebrow={detail ? STATUS_TEXT[detail.game.status] : 'Battle'}
        title={title}
        lead={detail ? <BattleLead detail={detail} /> : 'Loading the battle…'}
        actions={
          detail?.game.status === 'finished' ? (
            <PathLink to={`/provably-fair/battles/${gameId}`} className={buttonClass('ghost')}>
              <ShieldIcon /> Check fairness
            </PathLink>
          ) : undefined
        }
      >
        {detail ? <BattleBody detail={detail} myHash={myHash} logged={logged} floating={floating} onFlood={shake} /> : <Skeleton variant="row" count={3} />}
      </PageFrame>
    </div>
  );
}

function BattleLead({ detail }: { detail: BattleDetail }) {
  const { game } = detail;
  const labels = optionLabels(game.options);
  return (
    <>
      {game.rounds} round{game.rounds === 1 ? '' : 's'} · {seatsLabel(game)} · seat{' '}
      <span className="lead-price">
        <CoinIcon width={14} height={14} /> {formatCoins(game.price)}
      </span>
      {labels.length > 0 ? ` · ${labels.join(', ')}` : ' · Standard'} · {detail.online} watching
    </>
  );
}

function BattleBody({ detail, myHash, logged, floating, onFlood }: { detail: BattleDetail; myHash: string | null; logged: boolean; floating: Floating[]; onFlood(): void }) {
  const { game } = detail;
  const host = useRef<HTMLDivElement>(null);
  // A battle already over when its page opens has nothing left to spin: no PixiJS for it.
  const [spins] = useState(() => game.status !== 'finished' && game.status !== 'closed');
  const { reels, failed } = useReelsScene(host, game.seats, spins, detail.items.map((item) => item.image));
  const { revealed, spinning } = useRoundReveal(detail, reels);
  // Until the result shows, reloads wait and the header holds back the payout (balance buffer).
  useBusyWhile(`battle:${game.hash}`, spinning !== null || game.status === 'process' || game.status === 'running' || game.status === 'rob');
  const users = detail.users;
  const userOf = (hash: string): Player | undefined => users.find((user) => user.hash === hash);
  const me = game.users.find((seat) => seat.hash === myHash) ?? null;
  const creator = me?.creator ?? false;
  const allShown = revealed >= game.rounds;

  const totals = new Map<number, number>();
  for (const drop of detail.drops) if (drop.round <= revealed) totals.set(drop.seat, (totals.get(drop.seat) ?? 0) + drop.value);
  const items = new Map(detail.items.map((item) => [item.hash, item]));
  const lastDrops = detail.drops.filter((drop) => drop.round === revealed);

  return (
    <>
      <div className="round-bar" aria-live="polite">
        <span className="round-counter">
          {game.status === 'waiting' || game.status === 'process'
            ? `${game.members} of ${game.seats} seats taken`
            : `Round ${Math.min(spinning ?? revealed, game.rounds)} of ${game.rounds}`}
        </span>
        <span className="pot">
          Pot <CoinIcon width={14} height={14} /> {formatCoins([...totals.values()].reduce((a, b) => a + b, 0))}
        </span>
      </div>

      <div className="battle-stage" style={{ '--seats': game.seats } as CSSProperties}>
        <ol className="seat-row" aria-label="Seats">
          {Array.from({ length: game.seats }, (_, i) => {
            const seat = game.users.find((entry) => entry.number === i + 1);
            const user = seat ? userOf(seat.hash) : undefined;
            const won = allShown && game.status === 'finished' && (game.outcome?.winners.includes(i + 1) ?? false);
            return (
              <li key={i} className="seat" data-won={won || undefined} data-team={game.mode === 'team' ? (i < 2 ? 1 : 2) : undefined} {...(won ? {} : patternProps(user?.info.pattern))}>
                {seat ? (
                  <>
                    <Avatar name={user?.display_name ?? '?'} userHash={seat.hash} src={user?.info.avatar} size={40} />
                    <span className="seat-name">
                      {user?.display_name ?? 'Player'}
                      {seat.bot && <span className="chip">Bot</span>}
                    </span>
                    <span className="seat-total" aria-label={`Seat ${i + 1} total`}>
                      <CoinIcon width={14} height={14} /> {formatCoins(totals.get(i + 1) ?? 0)}
                    </span>
                    {creator && game.personal && game.status === 'waiting' && !seat.creator && !seat.bot && <KickButton token={game.token} userHash={seat.hash} name={user?.display_name ?? 'player'} />}
                  </>
                ) : (
                  <EmptySeat detail={detail} seat={i + 1} logged={logged} seated={me !== null} />
                )}
              </li>
            );
          })}
        </ol>

        <div className="reel-host" ref={host} data-failed={failed || undefined}>
          {(failed || !spins || game.status === 'waiting' || game.status === 'process') && (
            <div className="reel-fallback" aria-hidden>
              {Array.from({ length: game.seats }, (_, i) => {
                const drop = lastDrops.find((entry) => entry.seat === i + 1);
                const item = drop ? items.get(drop.item_hash) : undefined;
                return (
                  <div key={i} className="reel-cell" data-spinning={(spinning !== null && failed) || undefined}>
                    {item && spinning === null ? <img src={item.image} alt="" width={120} height={90} /> : game.status === 'waiting' ? 'Waiting' : game.status === 'process' ? 'Starting…' : ''}
                  </div>
                );
              })}
            </div>
          )}
          <div className="reaction-float" aria-hidden>
            {floating.map((entry) => (
              <span key={entry.id} style={{ left: `${entry.left}%` }}>
                {entry.glyph}
              </span>
            ))}
          </div>
        </div>

        {revealed > 0 && (
          <ol className="drop-columns" aria-label="Drops">
            {Array.from({ length: game.seats }, (_, i) => (
              <li key={i}>
                <ol className="drop-list" aria-label={`Seat ${i + 1} drops`}>
                  {detail.drops
                    .filter((drop) => drop.seat === i + 1 && drop.round <= revealed)
                    .toSorted((a, b) => b.round - a.round)
                    .map((drop, index) => {
                      const item = items.get(drop.item_hash);
                      return item ? (
                        <li key={drop.hash}>
                          <ItemCard name={item.name} image={item.image} color={item.color} price={drop.value} note={`Round ${drop.round}`} first={index === 0} />
                        </li>
                      ) : null;
                    })}
                </ol>
              </li>
            ))}
          </ol>
        )}
      </div>

      <BattleActions detail={detail} me={me} logged={logged} />
      {game.status === 'rob' && allShown && <RobPanel detail={detail} users={users} myHash={myHash} />}
      {allShown && (game.status === 'finished' || game.status === 'closed') && <BattleResult detail={detail} users={users} myHash={myHash} watched={spins} />}
      <BattleChat detail={detail} users={users} logged={logged} myHash={myHash} onFlood={onFlood} />
    </>
  );
}

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
