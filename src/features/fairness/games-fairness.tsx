import { useQuery } from '@tanstack/react-query';
import type { GameReplayReport } from '../../core/games-replay.ts';
import { chickenGameQueryOptions } from '../chicken/on-demand.ts';
import { diceRollQueryOptions } from '../dice/on-demand.ts';
import { ChickenIcon, DiceIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { replayChicken, replayDice } from '../../../workers/fairness-client.ts';
import { useReplayed } from './replayed.ts';
import './replay-report.css';

type Verdict = 'verified' | 'pending' | 'mismatch';

const VERDICT_LABEL: Record<Verdict, string> = { verified: 'Verified', pending: 'Seed still secret', mismatch: 'Does not match' };

/** The seeds a record used: one pair for a dice roll, one or more for a chicken game's steps. */
type SeedUse = { readonly client_seed: string; readonly server_seed_hashed: string; readonly server_seed: string | null };

function verdictOf(report: GameReplayReport): Verdict {
  return !report.ok ? 'mismatch' : report.complete ? 'verified' : 'pending';
}

/** A chicken game's or dice roll's replay: the verdict, the seeds, every ticket against the one recomputed in the worker. */
function GameReplay({ report, seeds, what }: { report: GameReplayReport; seeds: readonly SeedUse[]; what: string }) {
  const verdict = verdictOf(report);
  const pairs = [...new Map(seeds.map((seed) => [seed.server_seed_hashed, seed])).values()];
  const summary =
    verdict === 'mismatch'
      ? `${report.mismatches.length} ${report.mismatches.length === 1 ? 'difference' : 'differences'} found.`
      : verdict === 'pending'
        ? `Nothing differs so far. The server seed is still secret: rotate your seeds (Fairness, Seeds tab) to reveal it, then every ticket of this ${what} is recomputed here.`
        : `Every ticket of this ${what} was recomputed in your browser from the revealed seed, with the outcome and payout the rules give: it matches.`;
  return (
    <>
      <Panel title="Verdict" className="replay-verdict" actions={<span className={`verdict verdict-${verdict}`}>{VERDICT_LABEL[verdict]}</span>}>
        <div role="status">
          <p data-testid="replay-verdict">{summary}</p>
          {report.mismatches.length > 0 && (
            <ul className="replay-list replay-mismatches" aria-label="Mismatches">
              {report.mismatches.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      </Panel>
      <Panel title="Seeds">
        <dl className="seed-list">
          {pairs.map((pair) => (
            <div key={pair.server_seed_hashed} className="seed-group">
              <div className="seed-row">
                <dt>Client seed</dt>
                <dd className="mono">{pair.client_seed}</dd>
              </div>
              <div className="seed-row">
                <dt>Server seed (hashed)</dt>
                <dd className="mono">{pair.server_seed_hashed}</dd>
              </div>
              <div className="seed-row">
                <dt>Server seed</dt>
                <dd className="mono">{pair.server_seed ?? 'secret until the pair is rotated'}</dd>
              </div>
            </div>
          ))}
        </dl>
      </Panel>
      <Panel title="Tickets">
        {report.tickets.length === 0 ? (
          <p>No steps yet.</p>
        ) : (
          <div className="replay-table-wrap">
            <table className="replay-table">
              <thead>
                <tr>
                  <th scope="col">{what === 'roll' ? 'Roll' : 'Step'}</th>
                  <th scope="col">Nonce</th>
                  <th scope="col">Ticket</th>
                  <th scope="col">Recomputed</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {report.tickets.map((ticket) => (
                  <tr key={ticket.label} data-ok={ticket.computed === null ? undefined : ticket.computed === ticket.recorded}>
                    <td>{ticket.label}</td>
                    <td>{ticket.nonce}</td>
                    <td className="replay-digits">{ticket.recorded}</td>
                    <td className="replay-digits">{ticket.computed ?? '—'}</td>
                    <td>{ticket.outcome}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
    </>
  );
}

/** /provably-fair/chicken/{hash}: one chicken game replayed in the fairness worker. */
export function ChickenFairnessPage({ hash }: { hash: string }) {
  const replay = useReplayed(['chicken', hash], useQuery(chickenGameQueryOptions(hash)), (record) => replayChicken({ game: record.game, steps: record.steps }));
  return (
    <PageFrame area="fairness" icon={<ChickenIcon />} eyebrow="Provably fair" title={`Chicken game ${hash}`} lead="The tickets that decided each step of this chicken game, recomputed in your browser.">
      {replay.pending && <Skeleton count={4} variant="row" />}
      {replay.failed && <EmptyState title="Game not found.">No chicken game has this hash.</EmptyState>}
      {replay.record && replay.report && (
        <>
          <p>
            <PathLink to={`/chicken/${hash}`}>Open the game</PathLink> · {replay.record.game.risk} risk, max damage {replay.record.game.max_damage}
          </p>
          <GameReplay report={replay.report} seeds={replay.record.steps} what="game" />
        </>
      )}
    </PageFrame>
  );
}

/** /provably-fair/dice/{token}: one dice roll replayed in the fairness worker. */
export function DiceFairnessPage({ token }: { token: string }) {
  const replay = useReplayed(['dice', token], useQuery(diceRollQueryOptions(token)), (record) => replayDice(record.roll));
  return (
    <PageFrame area="fairness" icon={<DiceIcon />} eyebrow="Provably fair" title={`Dice roll ${token.slice(0, 12)}`} lead="The seeds, nonce and ticket of this dice roll, recomputed in your browser.">
      {replay.pending && <Skeleton count={3} variant="row" />}
      {replay.failed && <EmptyState title="Roll not found.">No dice roll has this token.</EmptyState>}
      {replay.record && replay.report && (
        <>
          <p>
            <PathLink to={`/dice/${replay.record.roll.hash}`}>Open the roll</PathLink>
          </p>
          <GameReplay report={replay.report} seeds={[replay.record.roll]} what="roll" />
        </>
      )}
    </PageFrame>
  );
}
