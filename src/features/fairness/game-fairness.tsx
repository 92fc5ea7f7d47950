import { useQuery } from '@tanstack/react-query';
import { formatCoins } from '../../core/money.ts';
import type { ReplayReport } from '../../core/replay.ts';
import { rpc } from '../../net/index.ts';
import { EmptyState, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { replayGame } from '../../../workers/fairness-client.ts';

const ticket = (value: number | null) => (value === null ? '—' : String(value).padStart(5, '0'));

/**
 * The fairness record of one game (arena.game by hash, or token for a personal game), replayed
 * in the fairness worker: every ticket recomputed from the seeds, checked against the item and
 * range it dropped, and for battles the winner the rules give.
 */
export function GameFairness({ hash }: { hash: string }) {
  const game = useQuery({
    queryKey: ['fairness', 'game', hash],
    queryFn: async ({ signal }) => {
      const record = await rpc.call('arena.game', { hash }, { signal });
      const report: ReplayReport = await replayGame(record);
      return { record, report };
    },
    retry: false,
  });
  if (game.isPending) return <Skeleton count={4} variant="row" />;
  if (game.isError) return <EmptyState title="Game not found.">No game has this hash. Personal games are found by their 32-character token.</EmptyState>;
  const { record, report } = game.data;
  const names = new Map(record.items.map((item) => [item.hash, item]));
  const seed = record.game.type === 'battle' ? record.game.seed : null;
  return (
    <>
      <Panel title="Verdict">
        <p className={report.ok ? 'verify-verdict verify-ok' : 'verify-verdict verify-bad'} role="status" data-testid="replay-verdict">
          {report.ok
            ? report.complete
              ? `Every one of ${report.drops.length} tickets was recomputed in your browser and matches.`
              : 'Nothing differs so far; some tickets can be recomputed only later.'
            : `${report.mismatches.length} ${report.mismatches.length === 1 ? 'difference' : 'differences'} found.`}
        </p>
        {report.mismatches.length > 0 && (
          <ul className="replay-notes">
            {report.mismatches.map((mismatch, i) => (
              <li key={i}>{mismatch.message}</li>
            ))}
          </ul>
        )}
        {report.pending.length > 0 && (
          <ul className="replay-notes">
            {report.pending.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </Panel>
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
      <Panel title="Tickets">
        {report.drops.length === 0 ? (
          <p>No drops yet.</p>
        ) : (
          <div className="replay-table-wrap">
            <table className="replay-table">
              <thead>
                <tr>
                  <th scope="col">Round</th>
                  <th scope="col">Seat</th>
                  <th scope="col">Nonce</th>
                  <th scope="col">Ticket</th>
                  <th scope="col">Recomputed</th>
                  <th scope="col">Item</th>
                  <th scope="col">Check</th>
                </tr>
              </thead>
              <tbody>
                {report.drops.map((drop) => {
                  const item = names.get(drop.recordedItem);
                  return (
                    <tr key={`${drop.round}-${drop.seat}`}>
                      <td>{drop.round}</td>
                      <td>{drop.seat}</td>
                      <td>{drop.nonce}</td>
                      <td className="mono">{ticket(drop.recordedTicket)}</td>
                      <td className="mono">{ticket(drop.computedTicket)}</td>
                      <td>{item ? `${item.name} (${formatCoins(item.price)})` : drop.recordedItem}</td>
                      <td>{drop.ok === null ? 'pending' : drop.ok ? 'ok' : 'differs'}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </>
  );
}
