/**
 * A battle's page as it looks: the frame (status, title, lead, the fairness link) and the stage
 * (round, pot, seats, reels, drops). Props in, markup out, so that the server renders a finished
 * battle's into the page's HTML before the app has loaded (src/first-views/render.tsx); the
 * page (battle-page.tsx) adds what runs: the live room, the reels' scene, the round reveal, the
 * seats' buttons, the result and the chat.
 */
import type { CSSProperties, ReactNode, RefObject } from 'react';
import { formatCoins } from '../../core/money.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { BattleIcon, CoinIcon } from '../../ui/icons.tsx';
import { ItemCard } from '../../ui/item-card.tsx';
import { PageFrame } from '../../ui/page-frame.tsx';
import { ShieldIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { patternProps } from '../../ui/pattern.ts';
import { optionLabels, seatsLabel, STATUS_TEXT } from './battle-text.ts';
import { shortHash } from './paths.ts';
import type { BattleDetail, Player } from './queries.ts';
import './battles.css';

/** A reaction floating over the reels. */
export type Floating = { id: number; glyph: string; left: number };

/** The page around a battle, or around its placeholder while it loads. */
export function BattleFrame({ gameId, detail, shaking = false, children }: { gameId: string; detail: BattleDetail | undefined; shaking?: boolean; children: ReactNode }) {
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
        {children}
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

export interface BattleStageProps {
  detail: BattleDetail;
  /** Rounds shown: their drops count, and the last one's are on the reels. */
  revealed: number;
  /** The round whose reels spin now, if one does. */
  spinning: number | null;
  /** Whether the reels' scene draws this battle's rounds, and whether it failed to start. */
  spins: boolean;
  failed: boolean;
  /** Whether the scene has the battle's art on the GPU, so a round can start at once (data-art). */
  artReady?: boolean;
  /** Where the reels' scene draws. */
  host?: RefObject<HTMLDivElement | null>;
  floating: readonly Floating[];
  /** Each seat's buttons, by seat number less one: joining an empty seat, removing a player from one. */
  seatControls?: readonly ReactNode[];
}

/** The round and pot, the seats with their totals, the reels and each seat's drops so far. */
export function BattleStage({ detail, revealed, spinning, spins, failed, artReady = false, host, floating, seatControls }: BattleStageProps) {
  const { game } = detail;
  const users = detail.users;
  const userOf = (hash: string): Player | undefined => users.find((user) => user.hash === hash);
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
                    {seatControls?.[i]}
                  </>
                ) : (
                  (seatControls?.[i] ?? <span className="seat-open">Seat {i + 1} open</span>)
                )}
              </li>
            );
          })}
        </ol>

        <div className="reel-host" ref={host} data-failed={failed || undefined} data-art={artReady ? 'ready' : undefined}>
          {/* The reels' columns: drawn here, under the scene's transparent canvas, once, not in every frame of it. */}
          <div className="reel-columns" aria-hidden>
            {Array.from({ length: game.seats }, (_, i) => (
              <span key={i} />
            ))}
          </div>
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
    </>
  );
}
