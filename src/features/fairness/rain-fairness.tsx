/**
 * A past rain's public record, recomputed in the browser (document 3's verification, for
 * the chat rain of document 2): the sorted participants against their published SHA-256,
 * and every reward from the beacon block with src/core/rain.ts, the server's own rule.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCoins } from '../../core/money.ts';
import { participantsHash, rainShares } from '../../core/rain.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { rainRecordQueryOptions } from './queries.ts';
import './rain-fairness.css';

export function RainFairnessPage({ hash }: { hash: string }) {
  const query = useQuery(rainRecordQueryOptions(hash));
  const [check, setCheck] = useState<{ ok: boolean; text: string } | null>(null);
  const rain = query.data?.rain ?? null;
  const users = query.data?.users ?? {};
  const recompute = () => {
    if (!rain?.participants_list || !rain.beacon) return;
    const listOk = participantsHash(rain.participants_list) === rain.participants_hash;
    const mine = rainShares(rain.amount, rain.participants_list, rain.beacon.id);
    const same = rain.rewards.length === mine.size && rain.rewards.every((r) => mine.get(r.user_hash) === r.reward);
    const total = [...mine.values()].reduce((a, b) => a + b, 0);
    setCheck(
      listOk && same
        ? { ok: true, text: `Recomputed in your browser: the participants match their hash and all ${mine.size} rewards (${formatCoins(total)} coins) match.` }
        : { ok: false, text: listOk ? 'Mismatch: the rewards do not recompute from this beacon.' : 'Mismatch: the participants do not match their published hash.' },
    );
  };
  return (
    <PageFrame area="fairness" eyebrow="Provably fair" title={`Rain ${hash}`} lead="A finished chat rain: who was in it, the beacon block that drew it, and every reward, recomputed here.">
      {query.isPending && <Skeleton count={3} variant="row" />}
      {(query.isError || (query.data && !rain)) && <EmptyState title="Rain not found.">No finished rain has this id.</EmptyState>}
      {rain && (
        <Panel title="The record">
          <dl className="rain-record">
            <dt>Pot</dt>
            <dd>
              <span className="chat-amount">{formatCoins(rain.amount)}</span> coins to {rain.participants} players
            </dd>
            <dt>Participants (sorted by id)</dt>
            <dd>
              <code>{rain.participants_list?.join(',')}</code>
            </dd>
            <dt>SHA-256 of that list, published at the close</dt>
            <dd>
              <code>{rain.participants_hash}</code>
            </dd>
            <dt>Beacon block (the first after the close)</dt>
            <dd>
              #{rain.beacon?.number} <code>{rain.beacon?.id}</code>
            </dd>
          </dl>
          <p className="muted">
            The pot is cut into min(100, pot) shares, the last taking the remainder; share s (from 0) goes to participant number ticket(beacon, participants hash, s, n),
            where ticket = (first 7 hex of HMAC-SHA256(beacon, hash + &quot;-&quot; + s) mod n) + 1.
          </p>
          <table className="rain-record-rewards">
            <caption>Rewards</caption>
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Reward</th>
              </tr>
            </thead>
            <tbody>
              {rain.rewards.map((r) => (
                <tr key={r.user_hash}>
                  <td>{users[r.user_hash]?.display_name ?? r.user_hash}</td>
                  <td className="chat-amount">{formatCoins(r.reward)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button variant="primary" onClick={recompute}>
            Recompute here
          </Button>
          {check && (
            <p role="status" data-ok={check.ok}>
              {check.text}
            </p>
          )}
        </Panel>
      )}
    </PageFrame>
  );
}
