import { useCallback, useEffect, useState } from 'react';
import { formatCoins } from '../../core/money.ts';
import { useBusyWhile } from '../../ui/activity.ts';
import { buttonClass } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/icons.tsx';
import { ShieldIcon } from '../../ui/page-icons.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { battleFairnessPath, type BattleDetail, type Player } from './queries.ts';

/** Document 1 section 9: the winner banner lasts 3000 ms. */
export const WINNER_BANNER_MS = 3_000;
/** The tiebreak roulette: how long it cycles through the tied seats before it stops on the winner. */
const TIEBREAK_MS = 2_400;
const TIEBREAK_STEP_MS = 120;
/** A result older than this when the page opens is shown without the tiebreak and the banner. */
const STALE_MS = 15_000;

const DECIDED_BY: Record<NonNullable<BattleDetail['game']['outcome']>['decided_by'], string> = {
  total: 'the highest total',
  terminal: 'the last round',
  kings: 'crowns',
  tiebreak: 'a tiebreak roll',
  tie: 'a tie, split',
  share: 'share: split equally',
  rob: 'the rob decision',
};

/** Names of seats. */
function seatNames(detail: BattleDetail, users: readonly Player[], seats: readonly number[]): string {
  return seats
    .map((seat) => {
      const hash = detail.game.users.find((entry) => entry.number === seat)?.hash;
      return users.find((user) => user.hash === hash)?.display_name ?? `Seat ${seat}`;
    })
    .join(' & ');
}

/** Cycles through the tied seats, then stops on the fair roll's pick (the roll itself is in the record). */
function TiebreakRoulette({ detail, users, onDone }: { detail: BattleDetail; users: readonly Player[]; onDone(): void }) {
  const tiebreak = detail.game.outcome!.tiebreak!;
  const [step, setStep] = useState(0);
  const [done, setDone] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setStep((n) => n + 1), TIEBREAK_STEP_MS);
    const stop = setTimeout(() => {
      clearInterval(timer);
      setDone(true);
      onDone();
    }, TIEBREAK_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(stop);
    };
  }, [onDone]);
  const lit = done ? tiebreak.winners : [tiebreak.players[step % tiebreak.players.length]!];
  return (
    <div className="tiebreak" role="status" aria-label="Tiebreak">
      <strong>Tiebreak</strong>
      <ul>
        {tiebreak.players.map((seat) => (
          <li key={seat} data-lit={lit.includes(seat) || undefined}>
            {seatNames(detail, users, [seat])}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The end of a battle: the tiebreak roulette when a tie was rolled, the winner banner for 3 s,
 * then the result with what each seat won and the way to the fairness replay.
 */
export function BattleResult({ detail, users, myHash, watched }: { detail: BattleDetail; users: readonly Player[]; myHash: string | null; watched: boolean }) {
  const { game } = detail;
  const outcome = game.outcome;
  // A battle that ended a while before the page opened shows its result without the show. One
  // the page watched run gets its show however late its reels stopped (a slow phone's are late).
  const [stage, setStage] = useState<'tiebreak' | 'banner' | 'done'>(() =>
    !watched && game.finished_at !== null && Date.now() - game.finished_at > STALE_MS ? 'done' : outcome?.tiebreak ? 'tiebreak' : 'banner',
  );
  const toBanner = useCallback(() => setStage('banner'), []);
  useBusyWhile(`battle-tiebreak:${game.hash}`, stage === 'tiebreak' && game.status === 'finished');
  useEffect(() => {
    if (stage !== 'banner') return;
    const timer = setTimeout(() => setStage('done'), WINNER_BANNER_MS);
    return () => clearTimeout(timer);
  }, [stage]);

  if (game.status === 'closed') {
    return (
      <Panel title="Battle closed">
        <p className="muted">{game.close_reason === 'creator_left' ? 'The creator closed the battle' : 'Nobody filled the battle in time'}; every seat was refunded.</p>
      </Panel>
    );
  }
  if (!outcome) return null;
  const winners = outcome.winners;
  const headline = winners.length === 0 ? 'The house takes the pot' : `${seatNames(detail, users, winners)} ${winners.length === 1 ? 'wins' : 'win'}!`;
  const mine = game.users.find((seat) => seat.hash === myHash);

  return (
    <>
      {stage === 'tiebreak' && <TiebreakRoulette detail={detail} users={users} onDone={toBanner} />}
      {stage === 'banner' && (
        <div className="winner-banner" role="status">
          <span className="winner-banner-title">{headline}</span>
          <span className="winner-banner-pot">
            Pot <CoinIcon width={18} height={18} /> {formatCoins(outcome.pot)}
          </span>
        </div>
      )}
      <Panel
        title="Result"
        className="battle-result"
        actions={
          <PathLink to={battleFairnessPath(game)} className={buttonClass('ghost', 'sm')}>
            <ShieldIcon /> Check fairness
          </PathLink>
        }
      >
        <p className="result-headline">{headline}</p>
        <p className="muted">
          Decided by {DECIDED_BY[outcome.decided_by]}. {outcome.payout.kind === 'drops' ? 'The winner takes every drop into their inventory.' : outcome.payout.kind === 'coins' ? 'The pot is paid in coins.' : 'Nobody is paid.'}
          {mine && mine.reward !== null ? ` You won ${formatCoins(mine.reward)} coins.` : ''}
        </p>
        <ul className="result-seats">
          {outcome.standings.map((standing) => (
            <li key={standing.seat} data-won={winners.includes(standing.seat) || undefined}>
              <span>{seatNames(detail, users, [standing.seat])}</span>
              <span>
                <CoinIcon width={14} height={14} /> {formatCoins(standing.total)}
                {standing.crowns > 0 ? ` · ${standing.crowns} crown${standing.crowns === 1 ? '' : 's'}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}
