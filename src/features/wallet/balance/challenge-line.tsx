import type { SponsorChallenge } from './header-balance.tsx';
import { useFormatAmount } from './use-amount.ts';

/** A sponsor challenge's progress: what to wager, how far along, or that it is done. */
export function ChallengeLine({ challenge }: { challenge: SponsorChallenge }) {
  const format = useFormatAmount();
  const { wagers } = challenge.conditions;
  if (challenge.completed) return <p className="hint-challenge">Challenge completed: the sponsored coins are yours.</p>;
  return (
    <div className="hint-challenge">
      <p className="hint-challenge-title">{wagers.title}</p>
      <progress max={1} value={challenge.fraction} aria-label={`Challenge: ${wagers.title}`} />
      <p className="hint-challenge-figures">
        <span>
          {format(wagers.value)} / {format(wagers.goal)}
        </span>
        <span>{Math.floor(challenge.fraction * 100)}%</span>
      </p>
      <small>Sponsored coins can be played now and withdrawn once the challenge is done.</small>
    </div>
  );
}
