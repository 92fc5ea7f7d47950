import { useNavigate } from '@tanstack/react-router';
import { buttonClass } from '../../ui/button.tsx';
import { StarIcon } from '../../ui/icons.tsx';
import { PageFrame, Panel, PlannedParts } from '../../ui/page-frame.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { RouteModal } from '../../ui/route-modal.tsx';
import './battlepass.css';

/** Spec: 30 tiers per season, 1000 experience each, 90 days. */
const TIERS = 30;
const EXP_PER_TIER = 1000;
const SEASON_DAYS = 90;

/** /battlepass: the season's Battle Pass. */
export function BattlePassPage() {
  return (
    <PageFrame
      area="battlepass"
      icon={<StarIcon />}
      eyebrow="Season 1"
      title="Battle Pass"
      lead={`${TIERS} tiers of rewards over ${SEASON_DAYS} days. Every ${EXP_PER_TIER.toLocaleString('en-US')} experience opens the next tier.`}
      actions={
        <PathLink to="/battlepass/purchase" className={buttonClass('primary')}>
          Get the Battle Pass
        </PathLink>
      }
    >
      <ol className="bp-track" aria-label="Tiers">
        {Array.from({ length: TIERS }, (_, i) => (
          <li key={i} className="bp-tier" data-tier={i + 1}>
            <span className="bp-tier-number">{i + 1}</span>
          </li>
        ))}
      </ol>
      <PlannedParts
        parts={[
          { title: 'Rewards per tier', text: 'Cases, cards, boosters and avatars, from Low up to Ultra rarity, free and premium tracks.', look: 'cards' },
          { title: 'Your progress', text: 'Your tier, the experience to the next one, and what you unlocked.', look: 'stats' },
        ]}
      />
    </PageFrame>
  );
}

/** /battlepass/done: the season completed. */
export function BattlePassDonePage() {
  return (
    <PageFrame area="battlepass" icon={<StarIcon />} eyebrow="Battle Pass" title="Season complete" lead="You reached the last tier of the season. Claim what is left and get ready for the next one.">
      <Panel title="What happens next">
        <p>Unclaimed rewards stay in your inventory. A new season starts with new tiers when this one ends.</p>
      </Panel>
    </PageFrame>
  );
}

/** /battlepass/purchase: the full-screen purchase modal over the Battle Pass. */
export function BattlePassPurchasePage() {
  const navigate = useNavigate();
  return (
    <RouteModal title="Get the Battle Pass" width={752} behind={<BattlePassPage />} onClose={() => void navigate({ to: '/battlepass' })}>
      <p className="bp-purchase-lead">The premium track doubles the rewards of every tier; the upgrade skips you ahead.</p>
      <PlannedParts
        parts={[
          { title: 'Battle Pass', text: 'The premium track for the whole season.', look: 'stats' },
          { title: 'Upgrade', text: 'The premium track plus a head start of tiers.', look: 'stats' },
        ]}
      />
    </RouteModal>
  );
}
