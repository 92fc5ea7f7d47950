import { useQuery } from '@tanstack/react-query';
import type { ReplayReport } from '../../core/replay.ts';
import { gameRecordQueryOptions } from './queries.ts';
import { useReplayed } from './replayed.ts';
import { EmptyState, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { ReplayReportView } from './replay-report.tsx';
import { replayGame } from '../../../workers/fairness-client.ts';

/**
 * The fairness record of one game (arena.game by hash, or token for a personal game), replayed
 * in the fairness worker: every ticket recomputed from the seeds, checked against the item and
 * range it dropped, and for battles the winner the rules give.
 */
export function GameFairness({ hash }: { hash: string }) {
  const game = useReplayed(['game', hash], useQuery(gameRecordQueryOptions(hash)), (record): Promise<ReplayReport> => replayGame(record));
  if (game.pending) return <Skeleton count={4} variant="row" />;
  if (game.failed || !game.record || !game.report) return <EmptyState title="Game not found.">No game has this hash. Personal games are found by their 32-character token.</EmptyState>;
  const { record, report } = game;
  const names = new Map(record.items.map((item) => [item.hash, item]));
  const seed = record.game.type === 'battle' ? record.game.seed : null;
  return (
    <ReplayReportView report={report} items={names}>
      {seed && (
        <Panel title="Seeds">
          <dl className="seed-list">
            <div className="seed-row">
              <dt>Server seed (hashed)</dt>
              <dd className="mono">{seed.server_seed_hashed}</dd>
            </div>
            <div className="seed-row">
              <dt>Server seed</dt>
              <dd className="mono">{seed.server_seed ?? 'revealed when the battle ends'}</dd>
            </div>
            <div className="seed-row">
              <dt>Beacon block</dt>
              <dd className="mono">{seed.beacon ? `${seed.block_number ?? ''} · ${seed.beacon}` : 'drawn after the last seat is filled'}</dd>
            </div>
          </dl>
        </Panel>
      )}
    </ReplayReportView>
  );
}
