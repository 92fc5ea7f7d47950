import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { ReplayReport } from '../../core/replay.ts';
import { ReplayReportView, useReplayed } from '../fairness/on-demand.ts';
import { buttonClass } from '../../ui/button.tsx';
import { ShieldIcon } from '../../ui/page-icons.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { reportApiError } from '../notifications/index.ts';
import { battlePath, battleRecordQueryOptions, shortHash, type BattleDetail } from './queries.ts';
import './battles.css';

/** Replays the whole battle in the fairness worker (workers/): tickets, items, rules, winner. */
async function replayBattle(detail: BattleDetail): Promise<ReplayReport> {
  // The worker client loads with this page only: hashing never runs on the main thread.
  const { replayGame } = await import('../../../workers/fairness-client.ts');
  return replayGame(detail);
}

/** One line of the battle's public keys. */
function SeedRow({ label, value }: { label: string; value: string | number | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <code>{value ?? 'not yet'}</code>
      </dd>
    </div>
  );
}

/**
 * /provably-fair/battles/{id}: a battle's fairness. The fairness worker replays the public record
 * (every ticket from the beacon, the server seed and the nonce; every item from its range table;
 * the mode's rules and the winner) and says 'Verified' or exactly what does not match.
 */
export function BattleFairnessPage({ gameRef }: { gameRef: string }) {
  const navigate = useNavigate();
  const battle = useQuery(battleRecordQueryOptions(gameRef));
  const detail = battle.data;
  const replay = useReplayed(['battle', gameRef], battle, replayBattle);
  useEffect(() => {
    if (battle.isError) reportApiError(battle.error, (to) => void navigate({ to }), 'page');
  }, [battle.isError, battle.error, navigate]);

  const items = new Map((detail?.items ?? []).map((item) => [item.hash, item]));
  const seatName = (seat: number) => {
    const hash = detail?.game.users.find((entry) => entry.number === seat)?.hash;
    return detail?.users.find((user) => user.hash === hash)?.display_name ?? `Seat ${seat}`;
  };
  // The battle's own context: the public keys and client seeds every ticket was made from.
  const keys = detail && (
    <Panel title="Keys">
      <dl className="seed-list">
        <SeedRow label="Server seed (hashed)" value={detail.game.seed.server_seed_hashed} />
        <SeedRow label="Server seed" value={detail.game.seed.server_seed} />
        <SeedRow label="Beacon block" value={detail.game.seed.beacon} />
        <SeedRow label="Block number" value={detail.game.seed.block_number} />
      </dl>
      <ul className="client-seeds" aria-label="Client seeds">
        {detail.game.users.map((seat) => (
          <li key={seat.number}>
            {seatName(seat.number)}: <code>{seat.client_seed ?? 'bot'}</code>
          </li>
        ))}
      </ul>
    </Panel>
  );

  return (
    <PageFrame
      area="fairness"
      icon={<ShieldIcon />}
      eyebrow="Provably fair"
      title={`Battle ${detail ? (detail.game.personal ? 'private' : shortHash(detail.game.hash)) : gameRef.length === 32 ? 'private' : gameRef}`}
      lead="Every drop of a battle comes from a ticket: HMAC-SHA256 keyed by the beacon block, over the battle's server seed and the nonce (round - 1) x seats + seat. Your browser replays the whole battle from its public record."
      actions={
        detail ? (
          <PathLink to={battlePath(detail.game)} className={buttonClass('ghost')}>
            Back to the battle
          </PathLink>
        ) : undefined
      }
    >
      {!detail ? (
        <Skeleton variant="row" count={3} />
      ) : replay.report ? (
        <ReplayReportView report={replay.report} items={items} seatName={seatName}>
          {keys}
        </ReplayReportView>
      ) : (
        <>
          <Panel title="Verdict">
            {replay.replayError ? (
              <EmptyState title="The replay could not run">{replay.replayError.message}</EmptyState>
            ) : (
              <p className="muted" role="status">
                Replaying {detail.drops.length} drops…
              </p>
            )}
          </Panel>
          {keys}
        </>
      )}
    </PageFrame>
  );
}
