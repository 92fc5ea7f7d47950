import { buttonClass } from '../../ui/button.tsx';
import { useBusyWhile } from '../../ui/activity.ts';
import { CaseIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame } from '../../ui/page-frame.tsx';
import { TicketIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { caseTitleFromSlug } from './case-title.ts';
import { UnboxControls, UnboxDrops, UnboxStage } from './unbox-parts.tsx';
import { useUnboxPlay } from './unbox-play.ts';
import './cases.css';

/** /case/{key}/{token}: a personal unbox game. Each roll asks the server for the drop, then the roulette spins to it. */
export function UnboxGamePage({ caseKey, token }: { caseKey: string; token: string }) {
  const { box, game, detail, pool, host, scale, roulette, stage, landed, rollOnce } = useUnboxPlay(caseKey, token);
  const name = box.data?.box.name ?? caseTitleFromSlug(caseKey);
  const itemsByHash = new Map([...(detail?.items ?? []), ...(pool ?? [])].map((item) => [item.hash, item]));
  const left = detail ? detail.game.rounds - detail.game.round : 0;
  const spinning = stage === 'rolling' || stage === 'spinning';
  useBusyWhile(`unbox:${token}`, spinning);
  const path = `/case/${caseKey}/${token}`;
  // Newest first; a drop still spinning shows only once the roulette has landed on it.
  const spinningDrop = spinning && landed === null ? detail?.drops.at(-1)?.hash : undefined;
  const shownDrops = (detail?.drops ?? []).toReversed().flatMap((drop) => {
    const item = itemsByHash.get(drop.item_hash);
    return item && drop.hash !== spinningDrop ? [{ drop, item }] : [];
  });

  return (
    <PageFrame
      area="cases"
      icon={<CaseIcon />}
      eyebrow="Unbox"
      title={name}
      lead="Your personal unbox game: the rolls you bought spin here one by one, and every drop goes to your inventory."
      actions={
        <>
          <PathLink to={`/case/${caseKey}`} className={buttonClass('ghost')}>
            Back to the case
          </PathLink>
          <PathLink to={`${path}/verify`} className={buttonClass('ghost')}>
            <TicketIcon /> Verify
          </PathLink>
        </>
      }
    >
      {game.isError ? (
        <EmptyState title="Game not found.">This unbox game does not exist or belongs to someone else.</EmptyState>
      ) : (
        <>
          <UnboxStage host={host} scale={scale} stage={stage} rouletteStatus={roulette.status} landed={landed} spinning={spinning} left={left} />
          <UnboxControls caseKey={caseKey} detail={detail} left={left} spinning={spinning} stage={stage} ready={pool !== undefined} onSpin={() => void rollOnce()} onSkip={() => roulette.skip()} />
          <UnboxDrops path={path} shownDrops={shownDrops} />
        </>
      )}
    </PageFrame>
  );
}
