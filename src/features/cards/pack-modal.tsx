import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import type { MethodResult } from '../../contract/index.ts';
import { packRouletteItem, rewardModalTiming } from '../../core/card-resources.ts';
import { RARITY_TIER_STYLE, type RarityTier } from '../../core/rarity.ts';
import { ROULETTE, rouletteScale } from '../../gfx/roulette-plan.ts';
import { rpc } from '../../net/index.ts';
import { RpcError } from '../../net/errors.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { useRoulette } from '../../ui/use-roulette.ts';
import { profileKeys } from '../profile/index.ts';
import { sessionKeys, useAccount } from '../session/index.ts';

type Card = MethodResult<'inventory.getCards'>['cards'][number];
type Resource = MethodResult<'resource.card'>['resources'][number];

/** Spec (document 1 section 9): the pack modal is 752 px wide, the card (reward) modal 568. */
const PACK_WIDTH = 752;
const REWARD_WIDTH = 568;

/** A resource as a roulette card: the avatar's or pattern's art, coloured by its tier. */
const rouletteItem = (resource: Resource) => packRouletteItem({ ...resource, rarity: resource.rarity as RarityTier });

/**
 * Unpacking a card (document 1 section 4): the card leaves the inventory and the server
 * answers the reward; the roulette spins to it (5 s, 4,000-5,000 px, 1 s settle) on the shared
 * renderer, then the reward modal shows it with the timings of its star count.
 */
export function PackModal({ card, onClose, onDone }: { card: Card; onClose(): void; onDone(): void }) {
  const host = useRef<HTMLDivElement>(null);
  const [scale] = useState(() => Math.min(1, rouletteScale(window.innerWidth)));
  const roulette = useRoulette(host, scale);
  const [reward, setReward] = useState<Resource | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [phase, setPhase] = useState<'loading' | 'spinning' | 'done'>('loading');
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const answer = await rpc.call('resource.card', { hash: card.hash });
        onDone();
        const won = answer.resources[0]!;
        setPhase('spinning');
        await roulette.spin({ winner: rouletteItem(won), pool: answer.item.options.data.resources.map(rouletteItem), seed: card.hash });
        setReward(won);
        setPhase('done');
      } catch (caught) {
        // Spec (document 1 section 8): errors opening a card show in a modal.
        setError(caught instanceof RpcError ? caught.message : 'The pack did not open. Try again.');
      }
    })();
  }, [card.hash, onDone, roulette]);

  if (reward) return <RewardModal reward={reward} onClose={onClose} />;
  return (
    <Modal title={card.name} width={PACK_WIDTH} onClose={onClose}>
      <section className="pack-stage" aria-label="Pack roulette" data-phase={phase} data-roulette={roulette.status}>
        <div ref={host} className="pack-roulette" style={{ '--roulette-height': `${Math.round((ROULETTE.itemHeight + 40) * scale)}px` } as CSSProperties} />
        {roulette.status === 'unavailable' && <p className="pack-note">Animations are off on this device: the reward shows at once.</p>}
      </section>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : (
        <div className="pack-controls">
          <p aria-live="polite">{phase === 'loading' ? 'Opening…' : 'Spinning…'}</p>
          <Button disabled={phase !== 'spinning'} onClick={() => roulette.skip()}>
            Skip
          </Button>
        </div>
      )}
    </Modal>
  );
}

/** The reward by its stars: how fast it fades in, when the button comes, sparks from three stars. */
function RewardModal({ reward, onClose }: { reward: Resource; onClose(): void }) {
  const timing = rewardModalTiming(reward.stars);
  const rgb = (RARITY_TIER_STYLE[reward.rarity as RarityTier] ?? RARITY_TIER_STYLE.low).rgb.join(' ');
  const style = { '--rarity': rgb, '--opacity-ms': `${timing.opacityMs}ms`, '--filter-ms': `${timing.filterMs}ms`, '--button-ms': `${timing.buttonMs}ms` } as CSSProperties;
  const apply = useApplyResource(reward);
  const type = reward.type === 'pattern' ? 'pattern' : 'avatar';
  return (
    <Modal title="Your reward" width={REWARD_WIDTH} onClose={onClose}>
      <div className={`reward-card${timing.sparks ? ' has-sparks' : ''}`} style={style} data-stars={reward.stars} data-testid="pack-reward">
        {timing.sparks && <span className="reward-sparks" aria-hidden="true" />}
        <img className="reward-art" src={reward.image} alt="" width={160} height={160} />
        <span className="reward-stars" aria-label={`${reward.stars} stars`}>
          {'★'.repeat(reward.stars)}
        </span>
        <strong className="reward-name">{reward.name}</strong>
        <span className="reward-kind">{apply.isSuccess ? `Applied · your ${type} now` : `${type === 'avatar' ? 'Avatar' : 'Pattern'} · kept in your ${type}s`}</span>
        {apply.error && (
          <p className="form-error" role="alert">
            {apply.error instanceof RpcError ? apply.error.message : `The ${type} was not applied. Try again.`}
          </p>
        )}
        {apply.isSuccess ? (
          <Button className="reward-button" variant="primary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <Button className="reward-button" variant="primary" disabled={apply.isPending} onClick={() => apply.mutate()}>
            Apply {type}
          </Button>
        )}
      </div>
    </Modal>
  );
}

/**
 * Document 1 section 4: applying stores the choice for the profile and opens the profile in
 * a new tab. The tab is opened on the click (a popup after an await would be blocked).
 */
function useApplyResource(reward: Resource) {
  const queryClient = useQueryClient();
  const account = useAccount();
  const name = account.data?.user.name;
  return useMutation({
    mutationFn: () => {
      const tab = name ? window.open('', '_blank') : null;
      return rpc
        .call('account.applyResource', { type: reward.type === 'pattern' ? 'pattern' : 'avatar', hash: reward.hash })
        .then((answer) => {
          if (tab) {
            tab.opener = null;
            tab.location.href = `/@${name!}`;
          }
          return answer;
        })
        .catch((error: unknown) => {
          tab?.close();
          throw error;
        });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionKeys.account });
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
