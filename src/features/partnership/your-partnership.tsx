/**
 * The player's own side of the programme on /partnership: their code and invite link, what
 * their referrals wagered and earned them, the claim, and the referrals list.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { formatCoins } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { Button } from '../../ui/button.tsx';
import { CopyButton } from '../../ui/copy-button.tsx';
import { EntryTime, PagedTable } from '../../ui/paged-table.tsx';
import { Panel } from '../../ui/page-frame.tsx';
import { sessionModal, useLogged } from '../session/index.ts';
import { RacesList } from './partner-races.tsx';
import { partnershipKeys, referralsQueryOptions } from './queries.ts';

/** Referrals needed before earnings can be claimed (document 3 section 9). */
const CASHOUT_MIN_REFERRALS = 20;

export function YourPartnership() {
  const logged = useLogged();
  if (!logged) {
    return (
      <Panel title="Your code">
        <p className="partner-muted">Sign in to get your code and invite link, and to follow what your referrals earn you.</p>
        <Button variant="primary" onClick={() => sessionModal.set('login')}>
          Sign in
        </Button>
      </Panel>
    );
  }
  return <PartnerFigures />;
}

function PartnerFigures() {
  const queryClient = useQueryClient();
  const referrals = useInfiniteQuery(referralsQueryOptions());
  const claim = useMutation({
    mutationFn: () => rpc.call('partnership-plus.claim-earn', { stamp: crypto.randomUUID() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnershipKeys.referrals }),
  });

  const pages = referrals.data?.pages ?? [];
  const first = pages[0];
  if (referrals.isPending) return <Panel title="Your code"><p className="partner-muted">Loading…</p></Panel>;
  if (!first) return <Panel title="Your code"><p className="partner-muted">Your figures could not be loaded.</p></Panel>;
  const { code, earnings } = first;
  const link = `${location.origin}/r/${code}`;
  const rows = pages.flatMap((page) => page.referrals);
  const missing = Math.max(0, CASHOUT_MIN_REFERRALS - earnings.referrals);

  return (
    <>
      <Panel title="Your code">
        <div className="partner-code">
          <div>
            <span className="partner-label">Code</span>
            <strong className="partner-code-value">{code}</strong>
          </div>
          <div className="partner-link">
            <span className="partner-label">Invite link</span>
            <code>{link}</code>
            <CopyButton text={link} label="Copy link" />
          </div>
        </div>
        <dl className="partner-figures">
          <div><dt>Link visits</dt><dd>{earnings.visits}</dd></div>
          <div><dt>Referrals</dt><dd>{earnings.referrals}</dd></div>
          <div><dt>Their wagers</dt><dd>{formatCoins(earnings.wagered)}</dd></div>
          <div><dt>Their deposits</dt><dd>{formatCoins(earnings.deposited)}</dd></div>
          <div><dt>Your share of deposits</dt><dd>{earnings.share_percent}%</dd></div>
          <div><dt>Earned</dt><dd>{formatCoins(earnings.accrued)}</dd></div>
          <div><dt>Claimed</dt><dd>{formatCoins(earnings.claimed)}</dd></div>
          <div><dt>To claim</dt><dd className="partner-available">{formatCoins(earnings.available)}</dd></div>
        </dl>
        <div className="partner-claim">
          <Button variant="deposit" disabled={!earnings.can_claim || claim.isPending} onClick={() => claim.mutate()}>
            {claim.isPending ? 'Claiming…' : `Claim ${formatCoins(earnings.available)}`}
          </Button>
          <p className="partner-muted" role="status">
            {claim.isSuccess
              ? `${formatCoins(claim.data.amount)} went to your wallet.`
              : missing > 0
                ? `Cash-out opens at ${CASHOUT_MIN_REFERRALS} referrals: ${missing} to go.`
                : earnings.available === 0
                  ? 'Nothing to claim yet: you earn a share of every deposit your referrals make.'
                  : 'Your earnings go to your wallet at once.'}
          </p>
        </div>
      </Panel>
      <RacesList hideWhenEmpty />
      <Panel title="Your referrals">
        {rows.length === 0 ? (
          <p className="partner-muted">Nobody has used your code yet. Share your link: players who sign up with it get a deposit bonus.</p>
        ) : (
          <PagedTable columns={['Player', 'Since', 'Wagered', 'Deposited', 'Earned you']} pager={referrals}>
            {rows.map((row) => (
              <tr key={row.hash}>
                <td>{row.anonymous ? <span className="partner-muted">Hidden player</span> : row.display_name}</td>
                <td><EntryTime at={row.joined_at * 1000} /></td>
                <td>{formatCoins(row.wagered)}</td>
                <td>{formatCoins(row.deposited)}</td>
                <td className="amount-in">{formatCoins(row.earned)}</td>
              </tr>
            ))}
          </PagedTable>
        )}
      </Panel>
    </>
  );
}
