import type { ReactNode } from 'react';
import type { Box, z } from '../../contract/index.ts';
import { expandHash } from '../../core/hash-id.ts';
import { formatCoins } from '../../core/money.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { CoinIcon } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { optionLabels, seatsLabel, STATUS_TEXT } from './battle-text.ts';
import { battlePath, type Battle, type Player } from './queries.ts';
import './battles.css';

/** The cases of a battle in round order, each once with its count ('x5'). */
export function schemeCases(game: Pick<Battle, 'scheme'>): { hash: string; count: number }[] {
  const parts = game.scheme.split('-');
  const cases: { hash: string; count: number }[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) cases.push({ hash: parts[i]!, count: Number(parts[i + 1]) });
  return cases;
}

/** Case art by short or full hash. */
export type BoxLookup = (hash: string) => z.output<typeof Box> | undefined;

/** Builds a lookup over case lists (the lobby's, the catalogue's), by full and short hash. */
export function boxLookup(...lists: (readonly z.output<typeof Box>[] | undefined)[]): BoxLookup {
  const byHash = new Map<string, z.output<typeof Box>>();
  for (const list of lists) for (const box of list ?? []) byHash.set(box.hash, box);
  return (hash) => byHash.get(hash) ?? byHash.get(expandHash(hash) ?? hash);
}

/** The round strip of a battle: each case's art with how many rounds of it. */
export function CaseStrip({ game, boxes }: { game: Pick<Battle, 'scheme'>; boxes: BoxLookup }) {
  return (
    <ul className="case-strip" aria-label="Cases">
      {schemeCases(game).map(({ hash, count }, i) => {
        const box = boxes(hash);
        return (
          <li key={`${hash}-${i}`} title={box ? `${box.name}, ${count} round${count === 1 ? '' : 's'}` : hash}>
            {box ? <img src={box.image} alt={box.name} width={56} height={42} loading="lazy" /> : <span className="case-strip-missing">{hash}</span>}
            {count > 1 && <span className="case-strip-count">x{count}</span>}
          </li>
        );
      })}
    </ul>
  );
}

/** The seats of a battle as avatars, empty seats dashed. */
export function SeatDots({ game, users }: { game: Battle; users: readonly Player[] }) {
  const byHash = new Map(users.map((user) => [user.hash, user]));
  return (
    <ul className="seat-dots" aria-label={`${game.members} of ${game.seats} seats taken`}>
      {Array.from({ length: game.seats }, (_, i) => {
        const seat = game.users.find((entry) => entry.number === i + 1);
        const user = seat ? byHash.get(seat.hash) : undefined;
        return <li key={i}>{seat ? <Avatar name={user?.display_name ?? '?'} userHash={seat.hash} src={user?.info.avatar} size={30} /> : <span className="seat-empty" aria-hidden />}</li>;
      })}
    </ul>
  );
}

/** One battle in a list: cases, seats, mode, price, status and an action. */
export function BattleCard({ game, users, boxes, action }: { game: Battle; users: readonly Player[]; boxes: BoxLookup; action?: ReactNode }) {
  const labels = optionLabels(game.options);
  return (
    <article className="battle-card" data-status={game.status}>
      <CaseStrip game={game} boxes={boxes} />
      <div className="battle-card-info">
        <PathLink to={battlePath(game)} className="battle-card-title">
          {game.rounds} round{game.rounds === 1 ? '' : 's'} · {seatsLabel(game)}
        </PathLink>
        <span className="battle-card-status">{STATUS_TEXT[game.status]}{game.status === 'running' ? ` · round ${game.round} of ${game.rounds}` : ''}</span>
        {labels.length > 0 && (
          <ul className="chip-list" aria-label="Options">
            {labels.map((label) => (
              <li key={label} className="chip">
                {label}
              </li>
            ))}
          </ul>
        )}
      </div>
      <SeatDots game={game} users={users} />
      <div className="battle-card-end">
        <span className="battle-price" aria-label={`Seat price ${formatCoins(game.price)} coins`}>
          <CoinIcon />
          {formatCoins(game.price)}
        </span>
        {action ?? (
          <PathLink to={battlePath(game)} className="btn btn-ghost btn-sm">
            Open
          </PathLink>
        )}
      </div>
    </article>
  );
}
