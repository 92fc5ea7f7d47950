import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type CSSProperties } from 'react';
import type { MethodResult } from '../../contract/index.ts';
import { BOOSTER_NAMES, isBoosterKind } from '../../core/boosters.ts';
import { BP_EXP_PER_TIER, BP_TIERS, BP_UPGRADE_TIERS } from '../../core/battlepass.ts';
import { formatCoins, formatCount } from '../../core/money.ts';
import { RARITY_TIER_STYLE, type RarityTier } from '../../core/rarity.ts';
import { rpc } from '../../net/index.ts';
import { RpcError } from '../../net/errors.ts';
import { Button, buttonClass } from '../../ui/button.tsx';
import { StarIcon } from '../../ui/icons.tsx';
import { EmptyState, PageFrame, Panel, Skeleton } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { QueryView } from '../../ui/query-view.tsx';
import { RouteModal } from '../../ui/route-modal.tsx';
import { sessionModal, setAccountBalance, useAccount, useLogged } from '../session/index.ts';
import { battlePassKey, battlePassQueryOptions } from './queries.ts';
import './battlepass.css';

type BpData = MethodResult<'battlepass.getData'>;
type Reward = BpData['items'][number]['free'];
type Track = 'free' | 'premium';

/** Spec (document 1 section 9): the pack modal is 752 px wide; the purchase modal uses it. */
const PURCHASE_WIDTH = 752;

function useBattlePass() {
  const logged = useLogged();
  const account = useAccount();
  const knownExp = account.data?.user_progress.exp ?? 0;
  return useQuery({ ...battlePassQueryOptions(logged, knownExp), placeholderData: (previous) => previous });
}

/** Days, hours or minutes left, for the season countdown. */
function timeLeft(seconds: number): string {
  if (seconds >= 2 * 86_400) return `${Math.floor(seconds / 86_400)} days`;
  if (seconds >= 3_600) return `${Math.floor(seconds / 3_600)} hours`;
  return `${Math.max(1, Math.ceil(seconds / 60))} minutes`;
}

function rewardLabel(reward: Reward): string {
  if (reward.type === 'free_coins' && reward.amount !== null) return `${formatCoins(reward.amount)} coins`;
  if (reward.type === 'case' && reward.box) return reward.box.name;
  if (reward.type === 'booster' && isBoosterKind(reward.detail)) return BOOSTER_NAMES[reward.detail];
  if (reward.type === 'avatar_unpack') return '1 of 20 avatars';
  if (reward.type === 'pattern_unpack') return '1 of 8 profile patterns';
  if (reward.type === 'emojis') return 'Elite chat emojis';
  return reward.name;
}

function rarityStyle(rarity: string) {
  const style = RARITY_TIER_STYLE[rarity as RarityTier] ?? RARITY_TIER_STYLE.low;
  return { '--rarity': style.rgb.join(' ') } as CSSProperties;
}

/** /battlepass: the season's Battle Pass. */
export function BattlePassPage() {
  const logged = useLogged();
  const data = useBattlePass();
  const season = data.data?.season;
  const progress = data.data?.progress ?? null;
  return (
    <PageFrame
      area="battlepass"
      icon={<StarIcon />}
      eyebrow={
        <>
          Season{season && ` ${season.number}`}
          {/* Time left is the app's to say: a prerendered copy's would be the build's (scripts/prerender.ts drops
              data-live-only). It sits in the eyebrow, not the lead: the lead is the page's largest paint, and a
              lead that grows once the app has taken over is a second, late largest paint on a slow phone. */}
          {season && <span data-live-only> · ends in {timeLeft(season.ends_in)}</span>}
        </>
      }
      title="Battle Pass"
      lead={`${BP_TIERS} tiers over 90 days. Every ${formatCount(BP_EXP_PER_TIER)} season experience opens the next tier.`}
      actions={
        !logged ? (
          <Button variant="primary" onClick={() => sessionModal.set('login')}>
            Login to play
          </Button>
        ) : progress && !progress.has_upgrade ? (
          <PathLink to="/battlepass/purchase" className={buttonClass('primary')}>
            {progress.has_buy ? 'Upgrade the pass' : 'Get the Battle Pass'}
          </PathLink>
        ) : progress?.completed ? (
          <PathLink to="/battlepass/done" className={buttonClass('primary')}>
            Season complete
          </PathLink>
        ) : null
      }
    >
      <QueryView
        query={data}
        pending={<Skeleton variant="row" count={4} />}
        error={<EmptyState title="The Battle Pass did not load">Check your connection and open the page again.</EmptyState>}
      >
        {(pass) => (
          <>
            {progress && <Progress data={pass} />}
            <Tiers data={pass} />
          </>
        )}
      </QueryView>
    </PageFrame>
  );
}

function Progress({ data }: { data: BpData }) {
  const progress = data.progress!;
  // What was earned since the page last showed the pass; the server is told it was shown.
  const gained = Math.max(0, progress.exp - progress.last_experience);
  useEffect(() => {
    if (progress.exp > progress.last_experience) void rpc.call('battlepass.commitProgress', { exp: progress.exp }).catch(() => undefined);
  }, [progress.exp, progress.last_experience]);
  const within = progress.tier >= BP_TIERS ? BP_EXP_PER_TIER : progress.exp % BP_EXP_PER_TIER;
  const percent = Math.floor((within / BP_EXP_PER_TIER) * 100);
  const ready = readyCount(data);
  return (
    <Panel title="Your season" className="bp-progress">
      <div className="bp-progress-row">
        <p className="bp-progress-tier" data-testid="bp-tier">
          Tier {progress.tier} <span>/ {BP_TIERS}</span>
        </p>
        <p className="bp-progress-pass">{progress.has_upgrade ? 'Battle Pass + upgrade' : progress.has_buy ? 'Battle Pass' : 'Free track'}</p>
      </div>
      <span className="bp-bar" role="progressbar" aria-label="Progress to the next tier" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
        <span style={{ width: `${percent}%` }} />
      </span>
      <p className="bp-progress-note">
        {formatCount(progress.exp)} season XP
        {progress.tier < BP_TIERS && ` · ${formatCount(BP_EXP_PER_TIER - within)} XP to tier ${progress.tier + 1}`}
        {gained > 0 && <strong className="bp-gained"> · +{formatCount(gained)} XP since your last visit</strong>}
      </p>
      {ready > 0 && (
        <p className="bp-ready" role="status">
          {ready} {ready === 1 ? 'reward' : 'rewards'} ready to claim
        </p>
      )}
    </Panel>
  );
}

/** Rewards reached and not yet claimed (premium ones only with the pass). */
function readyCount(data: BpData): number {
  const progress = data.progress;
  if (!progress) return 0;
  let n = 0;
  for (const item of data.items) {
    if (item.tier > progress.tier) continue;
    if (!claimed(progress, item.tier, 'free')) n++;
    if (progress.has_buy && !claimed(progress, item.tier, 'premium')) n++;
  }
  return n;
}

function claimed(progress: NonNullable<BpData['progress']>, tier: number, track: Track): boolean {
  return progress.claimed.some((c) => c.tier === tier && c.track === track);
}

function Tiers({ data }: { data: BpData }) {
  const queryClient = useQueryClient();
  const progress = data.progress;
  const [message, setMessage] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: ({ tier, track }: { tier: number; track: Track }) => rpc.call('battlepass.claim', { tier, track, stamp: crypto.randomUUID() }),
    onSuccess: (answer) => setMessage(`${answer.card.name} added to your inventory.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: battlePassKey }),
  });
  return (
    <Panel title="Tiers" className="bp-tiers-panel">
      {message && (
        <p className="bp-claimed-note" role="status">
          {message} <PathLink to="/inventory">Open inventory</PathLink>
        </p>
      )}
      {claim.error instanceof RpcError && <p className="form-error">{claim.error.message}</p>}
      <div className="bp-tracks-legend" aria-hidden="true">
        <span>Free</span>
        <span>Premium</span>
      </div>
      <ol className="bp-track" aria-label="Tiers">
        {data.items.map((item) => {
          const reached = progress !== null && item.tier <= progress.tier;
          return (
            <li key={item.tier} className={`bp-tier${reached ? ' is-reached' : ''}`} data-tier={item.tier}>
              <span className="bp-tier-number">{item.tier}</span>
              {(['free', 'premium'] as const).map((track) => {
                const reward = item[track];
                const done = progress !== null && claimed(progress, item.tier, track);
                const open = reached && !done && (track === 'free' || progress!.has_buy);
                return (
                  <div key={track} className={`bp-reward bp-reward-${track}${done ? ' is-claimed' : ''}`} style={rarityStyle(reward.rarity)}>
                    <span className="bp-reward-stars" aria-label={`${RARITY_TIER_STYLE[reward.rarity as RarityTier]?.stars ?? 1} stars`}>
                      {'★'.repeat(RARITY_TIER_STYLE[reward.rarity as RarityTier]?.stars ?? 1)}
                    </span>
                    <span className="bp-reward-name">{reward.name}</span>
                    <span className="bp-reward-detail">{rewardLabel(reward)}</span>
                    {done ? (
                      <span className="bp-reward-state">Claimed</span>
                    ) : open ? (
                      <Button
                        size="sm"
                        variant="primary"
                        disabled={claim.isPending}
                        onClick={() => claim.mutate({ tier: item.tier, track })}
                        aria-label={`Claim tier ${item.tier} ${track} reward`}
                      >
                        Claim
                      </Button>
                    ) : (
                      <span className="bp-reward-state">{track === 'premium' && progress?.has_buy !== true ? 'Pass' : 'Locked'}</span>
                    )}
                  </div>
                );
              })}
            </li>
          );
        })}
      </ol>
    </Panel>
  );
}

/** /battlepass/done: the season completed. */
export function BattlePassDonePage() {
  const data = useBattlePass();
  const progress = data.data?.progress ?? null;
  const season = data.data?.season;
  const open = data.data ? readyCount(data.data) : 0;
  return (
    <PageFrame
      area="battlepass"
      icon={<StarIcon />}
      eyebrow={season ? `Season ${season.number}` : 'Battle Pass'}
      title={progress?.completed ? 'Season complete' : 'Not there yet'}
      lead={
        progress?.completed
          ? 'You reached the last tier of the season. Claim what is left before the season ends; the next one starts with new tiers.'
          : `Reach tier ${BP_TIERS} to complete the season.`
      }
      actions={
        <PathLink to="/battlepass" className={buttonClass('primary')}>
          Back to the tiers
        </PathLink>
      }
    >
      {data.isPending ? (
        <Skeleton variant="row" count={2} />
      ) : progress ? (
        <Panel title="Your season">
          <p>
            Tier {progress.tier} of {BP_TIERS} · {formatCount(progress.exp)} season XP · {progress.claimed.length} rewards claimed
            {open > 0 ? ` · ${open} still to claim` : ''}
          </p>
          {season && <p>The next season starts in {timeLeft(season.ends_in)}.</p>}
        </Panel>
      ) : null}
    </PageFrame>
  );
}

/** /battlepass/purchase: the full-screen purchase modal over the Battle Pass. */
export function BattlePassPurchasePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const data = useBattlePass();
  const progress = data.data?.progress ?? null;
  const prices = data.data?.battlepass.prices;
  const buy = useMutation({
    mutationFn: (method: 'buy' | 'upgrade') => rpc.call('battlepass.purchase', { method, stamp: crypto.randomUUID() }),
    onSuccess: (answer) => {
      setAccountBalance(queryClient, answer.balance);
      void queryClient.invalidateQueries({ queryKey: battlePassKey });
      void navigate({ to: '/battlepass' });
    },
  });
  const close = () => void navigate({ to: '/battlepass' });
  return (
    <RouteModal title="Get the Battle Pass" width={PURCHASE_WIDTH} behind={<BattlePassPage />} onClose={close}>
      <p className="bp-purchase-lead">The pass opens the premium track: a second reward on every tier, with avatar packs, boosters and dearer cases.</p>
      {!prices || !progress ? (
        <Skeleton variant="row" count={2} />
      ) : (
        <div className="bp-offers">
          <section className="bp-offer" aria-label="Battle Pass">
            <h3>Battle Pass</h3>
            <p>The premium track for the whole season.</p>
            {progress.has_buy ? (
              <p className="bp-offer-owned">You have it</p>
            ) : (
              <Button variant="primary" disabled={buy.isPending} onClick={() => buy.mutate('buy')}>
                Buy for {formatCoins(prices.buy)}
              </Button>
            )}
          </section>
          <section className="bp-offer" aria-label="Upgrade">
            <h3>Upgrade</h3>
            <p>{BP_UPGRADE_TIERS} tiers ahead on top of your experience. Needs the pass.</p>
            {progress.has_upgrade ? (
              <p className="bp-offer-owned">You have it</p>
            ) : (
              <Button variant="primary" disabled={buy.isPending || !progress.has_buy} onClick={() => buy.mutate('upgrade')}>
                Upgrade for {formatCoins(prices.upgrade)}
              </Button>
            )}
          </section>
        </div>
      )}
      {buy.error instanceof RpcError && (
        <p className="form-error" role="alert">
          {buy.error.code === 'COMMIT_ERROR' ? 'Not enough coins on your balance.' : buy.error.message}{' '}
          {buy.error.code === 'COMMIT_ERROR' && <PathLink to="/wallet">Deposit</PathLink>}
        </p>
      )}
    </RouteModal>
  );
}
