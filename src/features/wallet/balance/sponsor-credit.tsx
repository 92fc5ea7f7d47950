/**
 * A club member's sponsor credit on the wallet page (document 3 partnership-plus 'credit'):
 * claim what the sponsor offers, follow the wager challenge that makes it withdrawable, or
 * give back what is left of it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { rpc } from '../../../net/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Panel } from '../../../ui/page-frame.tsx';
import { sessionKeys } from '../../session/index.ts';
import { ChallengeLine } from './challenge-line.tsx';
import { creditQueryOptions, walletKeys } from '../queries.ts';
import { useFormatAmount } from './use-amount.ts';

/** The sponsor credit card; shown to club members only. */
export function SponsorCredit() {
  const queryClient = useQueryClient();
  const credit = useQuery(creditQueryOptions());
  const format = useFormatAmount();
  const [confirming, setConfirming] = useState(false);
  const settled = () => {
    for (const queryKey of [walletKeys.credit, sessionKeys.account, walletKeys.requirements, walletKeys.history]) void queryClient.invalidateQueries({ queryKey });
  };
  const claim = useMutation({ mutationFn: () => rpc.call('partnership-plus.claim-credit', { stamp: crypto.randomUUID() }), onSuccess: settled });
  const giveBack = useMutation({
    mutationFn: () => rpc.call('partnership-plus.remove-credit', { stamp: crypto.randomUUID() }),
    onSuccess: settled,
    onSettled: () => setConfirming(false),
  });
  if (!credit.data) return null;
  const { balance: offer, challenge } = credit.data;
  const running = challenge?.result === 'running';
  const busy = claim.isPending || giveBack.isPending;

  return (
    <Panel title="Sponsor credit" className="sponsor-credit">
      {running && challenge ? (
        <>
          <ChallengeLine challenge={challenge} />
          {/* Giving back ends the challenge and returns the sponsored coins: asked twice. */}
          <div className="sponsor-credit-actions">
            {confirming ? (
              <>
                <span>Return the sponsored coins and end the challenge?</span>
                <Button size="sm" variant="danger" disabled={busy} onClick={() => giveBack.mutate()}>
                  Give back
                </Button>
                <Button size="sm" disabled={busy} onClick={() => setConfirming(false)}>
                  Keep the credit
                </Button>
              </>
            ) : (
              <Button size="sm" disabled={busy} onClick={() => setConfirming(true)}>
                Give the credit back
              </Button>
            )}
          </div>
        </>
      ) : offer > 0 ? (
        <div className="sponsor-credit-offer">
          <p>
            Your sponsor offers <strong data-testid="credit-offer">{format(offer)}</strong> coins. They play like your own and become withdrawable once you meet the wager challenge.
          </p>
          <Button variant="primary" disabled={busy} onClick={() => claim.mutate()}>
            Claim credit
          </Button>
        </div>
      ) : (
        <>
          {challenge?.completed && <ChallengeLine challenge={challenge} />}
          <p className="muted">No sponsor credit on offer right now.</p>
        </>
      )}
    </Panel>
  );
}
