import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { levelProgress } from '../../core/levels.ts';
import { formatCoins } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { RpcError } from '../../net/errors.ts';
import { Button } from '../../ui/button.tsx';
import { levelColour } from '../../ui/level-colour.ts';
import { EmptyState, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { sessionModal, useAccount, useLogged } from '../session/index.ts';

const rewardsKey = ['rewards', 'levels'] as const;
/** Locked levels shown after the reached ones. */
const AHEAD = 6;

/** The player's level and the reward of each level: claim what is reached. */
export function LevelRewards() {
  const logged = useLogged();
  const account = useAccount();
  const queryClient = useQueryClient();
  // Keyed by the experience the header knows: a level reached while the page is open shows its reward.
  const knownExp = account.data?.user_progress.exp ?? 0;
  const rewards = useQuery({ queryKey: [...rewardsKey, knownExp], queryFn: ({ signal }) => rpc.call('rewards.levels', {}, { signal }), enabled: logged, placeholderData: (previous) => previous });
  const claim = useMutation({
    mutationFn: (level: number) => rpc.call('rewards.claim', { level }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rewardsKey }),
  });
  if (!logged) {
    return (
      <EmptyState title="Sign in to collect level rewards" action={<Button variant="primary" onClick={() => sessionModal.set('login')}>Login</Button>}>
        Every level you reach pays coins once. Wager on cases and battles to level up.
      </EmptyState>
    );
  }
  if (rewards.isPending) return <Skeleton variant="row" count={4} />;
  if (rewards.isError) return <EmptyState title="Rewards did not load">Check your connection and try again.</EmptyState>;
  const exp = account.data?.user_progress.exp ?? rewards.data.exp;
  const progress = levelProgress(Math.max(exp, rewards.data.exp));
  const ready = rewards.data.rewards.filter((r) => r.reached && !r.claimed);
  const claimed = rewards.data.rewards.filter((r) => r.claimed).length;
  const shown = rewards.data.rewards.filter((r) => r.level <= progress.level + AHEAD && (!r.claimed || r.level > progress.level - 3));
  return (
    <div className="rewards-layout">
      <Panel title="Your progress" className="rewards-progress">
        <p className="rewards-level" style={{ color: levelColour(progress.level) }}>
          Level {progress.is_max ? 'MAX' : progress.level}
        </p>
        <span className="rewards-bar" aria-label={`Level progress ${progress.percent}%`}>
          <span style={{ width: `${progress.percent}%`, background: levelColour(progress.level) }} />
        </span>
        <p className="rewards-note">
          {progress.is_max ? 'The top level.' : `${(progress.level_exp_next - Math.max(exp, rewards.data.exp)).toLocaleString('en-US')} XP to level ${progress.level_next}`} · {claimed} rewards claimed
        </p>
        {ready.length > 0 && (
          <p className="rewards-ready" role="status">
            {ready.length} {ready.length === 1 ? 'reward' : 'rewards'} ready: {formatCoins(ready.reduce((sum, r) => sum + r.amount, 0))} coins
          </p>
        )}
      </Panel>
      <Panel title="Level rewards">
        <ol className="rewards-list" aria-label="Level rewards">
          {shown.map((r) => (
            <li key={r.level} className={`rewards-item${r.claimed ? ' is-claimed' : r.reached ? ' is-ready' : ' is-locked'}`}>
              <span className="rewards-item-level">Level {r.level}</span>
              <span className="rewards-item-amount">{formatCoins(r.amount)}</span>
              {r.claimed ? (
                <span className="rewards-item-state">Claimed</span>
              ) : r.reached ? (
                <Button size="sm" variant="primary" disabled={claim.isPending} onClick={() => claim.mutate(r.level)} aria-label={`Claim level ${r.level} reward`}>
                  Claim
                </Button>
              ) : (
                <span className="rewards-item-state">Locked</span>
              )}
            </li>
          ))}
        </ol>
        {claim.error instanceof RpcError && <p className="form-error">{claim.error.message}</p>}
      </Panel>
    </div>
  );
}
