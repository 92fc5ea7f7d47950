import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { levelProgress } from '../../core/levels.ts';
import { formatCoins, formatCount } from '../../core/money.ts';
import { rpc } from '../../net/index.ts';
import { RpcError } from '../../net/errors.ts';
import { Button } from '../../ui/button.tsx';
import { levelColour } from '../../ui/level-colour.ts';
import { EmptyState, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { sessionModal, useAccount, useLogged } from '../session/index.ts';
import { levelRewardsKey, levelRewardsQueryOptions } from './queries.ts';

/** Locked levels shown after the reached ones. */
const AHEAD = 6;

/** The player's level and the reward of each level: claim what is reached. */
export function LevelRewards() {
  const logged = useLogged();
  const account = useAccount();
  const queryClient = useQueryClient();
  // Keyed by the experience the header knows: a level reached while the page is open shows its reward.
  const knownExp = account.data?.user_progress.exp ?? 0;
  const rewards = useQuery({ ...levelRewardsQueryOptions(knownExp), enabled: logged, placeholderData: (previous) => previous });
  const navigate = useNavigate();
  const claim = useMutation({
    mutationFn: (level: number) => rpc.call('rewards.claim', { level }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: levelRewardsKey }),
  });
  // A key opens its case at once: the one-case game it starts is rolled on the case's page.
  const openKey = useMutation({
    mutationFn: (key: string) => rpc.call('rewards.openKey', { key }),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: levelRewardsKey });
      void navigate({ href: answer.path });
    },
  });
  if (!logged) {
    return (
      <EmptyState title="Sign in to collect level rewards" action={<Button variant="primary" onClick={() => sessionModal.set('login')}>Login</Button>}>
        Every level you reach gives a free case once, and the high levels keys for more. Wager on any game to level up.
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
      <div className="rewards-side">
        <Panel title="Your progress" className="rewards-progress">
          <p className="rewards-level" style={{ color: levelColour(progress.level) }}>
            Level {progress.is_max ? 'MAX' : progress.level}
          </p>
          <span className="rewards-bar" aria-label={`Level progress ${progress.percent}%`}>
            <span style={{ width: `${progress.percent}%`, background: levelColour(progress.level) }} />
          </span>
          <p className="rewards-note">
            {progress.is_max ? 'The top level.' : `${formatCount(progress.level_exp_next - Math.max(exp, rewards.data.exp))} XP to level ${progress.level_next}`} · {claimed} rewards claimed
          </p>
          {ready.length > 0 && (
            <p className="rewards-ready" role="status">
              {ready.length} {ready.length === 1 ? 'free case' : 'free cases'} ready to claim
            </p>
          )}
          {claim.data && (
            <p className="rewards-claimed" role="status">
              {claim.data.card.name}: {claim.data.card.box?.name ?? 'a case'} is in your <Link to="/inventory">inventory</Link>
              {claim.data.keys ? ` with ${claim.data.keys.count} ${claim.data.keys.count === 1 ? 'key' : 'keys'}` : ''}.
            </p>
          )}
        </Panel>
        {rewards.data.keys.length > 0 && (
          <Panel title="Your keys" className="rewards-keys">
            <ul className="rewards-key-list" aria-label="Your keys">
              {rewards.data.keys.map((key) => (
                <li key={key.id} className="rewards-key">
                  {key.box && <img src={key.box.image} alt="" width={56} height={56} loading="lazy" />}
                  <span className="rewards-key-name">{key.box?.name ?? key.id}</span>
                  <span className="rewards-key-count">
                    {key.count} {key.count === 1 ? 'key' : 'keys'}
                  </span>
                  {key.box && (
                    <Button size="sm" variant="primary" disabled={openKey.isPending} onClick={() => openKey.mutate(key.id)} aria-label={`Open ${key.box.name} with a key`}>
                      Open
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {openKey.error instanceof RpcError && <p className="form-error">{openKey.error.message}</p>}
          </Panel>
        )}
      </div>
      <Panel title="Level rewards">
        <ol className="rewards-list" aria-label="Level rewards">
          {shown.map((r) => (
            <li key={r.level} className={`rewards-item${r.claimed ? ' is-claimed' : r.reached ? ' is-ready' : ' is-locked'}`}>
              <span className="rewards-item-level">Level {r.level}</span>
              {r.case && <img className="rewards-item-case" src={r.case.image} alt="" width={64} height={64} loading="lazy" />}
              <span className="rewards-item-amount">{r.case ? r.case.name : 'Free case'}</span>
              <span className="rewards-item-value">
                Free case · {formatCoins(r.case?.price ?? r.value)}
                {r.keys > 0 && ` + ${r.keys} ${r.keys === 1 ? 'key' : 'keys'}`}
              </span>
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
