import type { ReactNode } from 'react';
import { formatCoins } from '../../core/money.ts';
import { ticketDigits } from '../../core/fair-ticket.ts';
import type { ReplayReport } from '../../core/replay.ts';
import { Panel } from '../../ui/page-frame.tsx';
import './replay-report.css';

/** What the table needs to name an item the record dropped. */
type ReplayItem = { readonly name: string; readonly price: number };

type Verdict = 'verified' | 'pending' | 'mismatch';

const VERDICT_LABEL: Record<Verdict, string> = {
  verified: 'Verified',
  pending: 'Not finished yet',
  mismatch: 'Does not match',
};

const digits = (ticket: number | null) => (ticket === null ? '—' : ticketDigits(ticket));

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function verdictOf(report: ReplayReport): Verdict {
  return !report.ok ? 'mismatch' : report.complete ? 'verified' : 'pending';
}

/** The verdict in one sentence; the lists below it say exactly what differs or waits. */
function summary(report: ReplayReport, verdict: Verdict): string {
  if (verdict === 'mismatch') return `${plural(report.mismatches.length, 'difference', 'differences')} found.`;
  if (verdict === 'pending') return 'Nothing differs so far; some tickets can be recomputed only later.';
  if (report.kind === 'unbox') return `Every one of ${report.drops.length} tickets was recomputed in your browser and matches.`;
  // Battles also replay the mode's rules: the winner is part of what was verified.
  const winners = report.outcome?.winners ?? [];
  const result = report.outcome ? `${winners.length === 1 ? 'seat' : 'seats'} ${winners.join(', ') || 'none'}` : 'no winner';
  return `Verified: all ${report.drops.length} tickets, the items they picked and the result (${result}) recompute exactly.`;
}

/**
 * The fairness worker's replay report (core/replay.ts) as players read it: the verdict ('Verified'
 * or every mismatch), then every ticket recorded against the one recomputed in the browser.
 * `children` is the page's own context (seeds, keys), shown between the two.
 */
export function ReplayReportView({
  report,
  items,
  seatName = String,
  children,
}: {
  report: ReplayReport;
  /** The record's items by hash, to name what each ticket dropped. */
  items: ReadonlyMap<string, ReplayItem>;
  seatName?: (seat: number) => string;
  children?: ReactNode;
}) {
  const verdict = verdictOf(report);
  return (
    <>
      <Panel title="Verdict" className="replay-verdict" actions={<span className={`verdict verdict-${verdict}`}>{VERDICT_LABEL[verdict]}</span>}>
        <div role="status">
          <p data-testid="replay-verdict">{summary(report, verdict)}</p>
          {report.mismatches.length > 0 && (
            <ul className="replay-list replay-mismatches" aria-label="Mismatches">
              {report.mismatches.map((mismatch, i) => (
                <li key={i}>{mismatch.message}</li>
              ))}
            </ul>
          )}
          {report.pending.length > 0 && (
            <ul className="replay-list" aria-label="Not checked yet">
              {report.pending.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          {report.notes.map((line) => (
            <p key={line} className="replay-note">
              {line}
            </p>
          ))}
        </div>
      </Panel>
      {children}
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
                  const item = items.get(drop.recordedItem);
                  return (
                    <tr key={`${drop.round}-${drop.seat}`} data-ok={drop.ok ?? undefined}>
                      <td>{drop.round}</td>
                      <td>{seatName(drop.seat)}</td>
                      <td>{drop.nonce}</td>
                      <td className="replay-digits">{digits(drop.recordedTicket)}</td>
                      <td className="replay-digits">{digits(drop.computedTicket)}</td>
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
