/**
 * A past split-or-steal game's public record, replayed in the browser (document 2's game,
 * docs/decisions/0016 and 0032): from the sorted participants and the beacon block, the same
 * src/core functions the server used recompute the picks and the 30-unit roulette strip; every
 * revealed decision is hashed with its salt against the commitment published while the game
 * ran; and the payout is recomputed from the decisions.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StealGame } from '../../contract/index.ts';
import { hashDecision } from '../../core/fair-ticket.ts';
import { formatCoins } from '../../core/money.ts';
import { STEAL_RESULT_TEXT, STEAL_ROULETTE, stealPayout, stealPicks, stealStrip } from '../../core/steal-roulette.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { stealRecordQueryOptions } from './queries.ts';
import './rain-fairness.css';

interface Check {
  ok: boolean;
  lines: { ok: boolean; text: string }[];
}

/** Every check the record allows, each with what it compared. */
export function replaySteal(game: StealGame): Check {
  const roulette = game.roulette;
  if (!roulette || !game.beacon) return { ok: false, lines: [{ ok: false, text: 'The game was not drawn: there is nothing to recompute.' }] };
  const lines: Check['lines'] = [];
  const picks = stealPicks(game.beacon, game.hash, roulette.participants, game.winners);
  const samePicks = picks.length === game.players.length && picks.every((h, i) => game.players[i]?.hash === h);
  lines.push({ ok: samePicks, text: samePicks ? `The ${picks.length} picks recompute from the beacon, in order.` : 'Mismatch: the picks do not recompute from the beacon.' });
  const strip = stealStrip(game.beacon, game.hash, roulette.participants, picks[0]!);
  const sameStrip = strip.index === roulette.index && strip.units.length === roulette.units.length && strip.units.every((h, i) => roulette.units[i] === h);
  lines.push({
    ok: sameStrip,
    text: sameStrip ? `The ${STEAL_ROULETTE.units}-unit roulette strip recomputes and stops on unit ${strip.index + 1}, the first pick.` : 'Mismatch: the roulette strip does not recompute.',
  });
  for (const [i, p] of game.players.entries()) {
    if (p.decision && p.salt) {
      const same = hashDecision(p.decision, p.salt) === p.decision_hashed;
      lines.push({ ok: same, text: same ? `Pick ${i + 1}'s ${p.decision} matches its commitment.` : `Mismatch: pick ${i + 1}'s ${p.decision} does not match its commitment.` });
    } else lines.push({ ok: p.decision_hashed === null, text: p.decision_hashed === null ? `Pick ${i + 1} made no decision (counted as split).` : `Mismatch: pick ${i + 1} committed but revealed nothing.` });
  }
  const payout = stealPayout(game.reward, game.players.map((p) => p.decision));
  const samePayout = payout.result === game.result && payout.rewards.every((r, i) => game.players[i]?.reward === r);
  lines.push({ ok: samePayout, text: samePayout ? `The payout recomputes: ${STEAL_RESULT_TEXT[payout.result]}` : 'Mismatch: the payout does not follow from the decisions.' });
  return { ok: lines.every((l) => l.ok), lines };
}

export function StealFairnessPage({ hash }: { hash: string }) {
  const query = useQuery(stealRecordQueryOptions(hash));
  const [check, setCheck] = useState<Check | null>(null);
  const game = query.data?.game ?? null;
  const users = query.data?.users ?? {};
  const nameOf = (h: string) => users[h]?.display_name ?? h;
  return (
    <PageFrame area="fairness" eyebrow="Provably fair" title={`Split or steal ${hash}`} lead="A finished split-or-steal game: who joined, the beacon block that drew it, the roulette, and each decision against the commitment published before it, recomputed here.">
      {query.isPending && <Skeleton count={3} variant="row" />}
      {(query.isError || (query.data && !game)) && <EmptyState title="Game not found.">No split-or-steal game has this id.</EmptyState>}
      {game && game.status !== 'closed' && <EmptyState title="This game is still running.">Its decisions are revealed when it closes; come back then.</EmptyState>}
      {game && game.status === 'closed' && (
        <Panel title="The record">
          <dl className="rain-record">
            <dt>Reward</dt>
            <dd>
              <span className="chat-amount">{formatCoins(game.reward)}</span> coins, {game.winners} {game.winners === 1 ? 'winner' : 'winners'}, {game.participants} joined
            </dd>
            <dt>Result</dt>
            <dd>{game.result ? STEAL_RESULT_TEXT[game.result] : '—'}</dd>
            {game.roulette && (
              <>
                <dt>Participants (sorted by id)</dt>
                <dd>
                  <code>{game.roulette.participants.join(',')}</code>
                </dd>
              </>
            )}
            {game.beacon && (
              <>
                <dt>Beacon block (the first after joining closed)</dt>
                <dd>
                  <code>{game.beacon}</code>
                </dd>
              </>
            )}
            {game.roulette && (
              <>
                <dt>Roulette strip ({game.roulette.units.length} units, stops on unit {game.roulette.index + 1})</dt>
                <dd>
                  <code>{game.roulette.units.join(',')}</code>
                </dd>
              </>
            )}
          </dl>
          {game.players.length > 0 && (
            <table className="rain-record-rewards steal-record-players">
              <caption>Picked players</caption>
              <thead>
                <tr>
                  <th scope="col">Player</th>
                  <th scope="col">Commitment</th>
                  <th scope="col">Decision and salt</th>
                  <th scope="col">Reward</th>
                </tr>
              </thead>
              <tbody>
                {game.players.map((p, i) => (
                  // A closed game names every pick (an anonymous one too, once it closed).
                  <tr key={p.hash ?? i}>
                    <td data-label="Player">{p.hash === null ? `Pick ${i + 1}` : nameOf(p.hash)}</td>
                    <td data-label="Commitment">
                      <code>{p.decision_hashed ?? 'none'}</code>
                    </td>
                    <td data-label="Decision and salt">{p.decision ? <code>{`${p.decision}-${p.salt}`}</code> : 'no decision (split)'}</td>
                    <td data-label="Reward" className="chat-amount">
                      {formatCoins(p.reward)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="muted">
            Pick i (from 0) is participant number ticket(beacon, game id, i, n) of those not yet picked; strip unit i is ticket(beacon, game id, 100 + i, n), and the unit at
            ticket(beacon, game id, 99, 30) is the first pick, where ticket = (first 7 hex of HMAC-SHA256(beacon, id + &quot;-&quot; + nonce) mod n) + 1. A commitment is
            SHA-256(decision-salt).
          </p>
          {game.beacon && (
            <Button variant="primary" onClick={() => setCheck(replaySteal(game))}>
              Recompute here
            </Button>
          )}
          {check && (
            <div role="status" className="steal-record-check" data-ok={check.ok}>
              <p>{check.ok ? 'Recomputed in your browser: everything matches.' : 'Mismatch: this record does not recompute.'}</p>
              <ul>
                {check.lines.map((line) => (
                  <li key={line.text} data-ok={line.ok}>
                    {line.ok ? '✓' : '✗'} {line.text}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Panel>
      )}
    </PageFrame>
  );
}
