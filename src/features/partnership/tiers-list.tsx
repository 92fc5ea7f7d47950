/** The partner tiers of the /partnership/tiers modal (docs/decisions/0028), with the partner's own level marked. */
import { useQuery } from '@tanstack/react-query';
import { formatCoins } from '../../core/money.ts';
import { tiersQueryOptions } from './queries.ts';

export default function TiersList() {
  const tiers = useQuery(tiersQueryOptions());
  if (!tiers.data) return <p className="partner-muted">{tiers.isError ? 'The tiers could not be loaded.' : 'Loading…'}</p>;
  const { level, wagered } = tiers.data;
  return (
    <>
      {level !== null && wagered !== null && (
        <p className="tiers-you">
          You are level {level}: your referrals wagered {formatCoins(wagered)}.
        </p>
      )}
      <ol className="tiers-list" aria-label="Partner tiers">
        {tiers.data.tiers.map((tier) => (
          <li key={tier.level} aria-current={tier.level === level ? 'true' : undefined}>
            <span className="tier-level">{tier.level}</span>
            <strong>{tier.name}</strong>
            <span className="partner-muted">{tier.min_wagered === 0 ? 'Every partner' : `Referrals wagered ${formatCoins(tier.min_wagered)}`}</span>
            <span className="partner-muted">{tier.earning_percent}% of referrals' deposits</span>
            <span className="partner-muted">Deals up to {formatCoins(tier.deal_cap)}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
