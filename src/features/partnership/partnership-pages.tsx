import { Suspense, useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { rpc } from '../../net/index.ts';
import { buttonClass } from '../../ui/button.tsx';
import { EmptyState, PageFrame, Panel } from '../../ui/page-frame.tsx';
import { HandshakeIcon, UsersIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { RouteModal } from '../../ui/route-modal.tsx';
import { useAccount } from '../session/index.ts';
import { MembersList } from './members-list.tsx';
import { PartnerDashboard } from './partner-dashboard.tsx';
import { seesPartnerDashboard } from './queries.ts';
import { RaceDetail, RaceEdit, RaceForm, RacesList } from './partner-races.tsx';
import { YourPartnership } from './your-partnership.tsx';
import './partnership.css';
import { lazyPart } from '../../ui/lazy-part.ts';

// Deals, expenses and the staff's terms, and the tiers table, load only where they show.
const PartnerBusiness = lazyPart(() => import('./partner-business.tsx'));
const TiersList = lazyPart(() => import('./tiers-list.tsx'));

/** Document 3 section 9. */
const FACTS = [
  { value: 'Up to 10%', text: 'of your referrals’ deposits, by your tier' },
  { value: '5%', text: 'deposit bonus for them, up to 100 coins a day' },
  { value: '20', text: 'referrals and you can cash out' },
];

/** The programme's figures, as the partnership and affiliates pages lead with them. */
function PartnerFacts() {
  return (
    <ul className="partner-facts">
      {FACTS.map((fact) => (
        <li key={fact.value}>
          <strong>{fact.value}</strong>
          <span>{fact.text}</span>
        </li>
      ))}
    </ul>
  );
}

/** /partnership: the partnership programme. */
export function PartnershipPage() {
  return (
    <PageFrame
      area="partnership"
      icon={<HandshakeIcon />}
      eyebrow="Partnership"
      title="Bring players, earn with them"
      lead="Share your code. Players who use it get a deposit bonus, and you earn up to 10% of every deposit they make."
      actions={
        <>
          <PathLink to="/partnership/newcomer-guide" className={buttonClass('primary')}>
            Newcomer guide
          </PathLink>
          <PathLink to="/partnership/tiers" className={buttonClass('ghost')}>
            Tiers
          </PathLink>
        </>
      }
    >
      <PartnerFacts />
      <YourPartnership />
    </PageFrame>
  );
}

/** The sections of a partner's dashboard. */
export type PartnerSection = 'dashboard' | 'referrals' | 'races' | 'race' | 'race-edit';

const SECTION_TITLE: Record<PartnerSection, string> = {
  dashboard: 'Dashboard',
  referrals: 'Referrals',
  races: 'Races',
  race: 'Race',
  'race-edit': 'Edit race',
};

const NAV: { section: PartnerSection; path: string }[] = [
  { section: 'dashboard', path: '' },
  { section: 'referrals', path: '/referrals' },
  { section: 'races', path: '/races' },
];

/** /partnership/@{name}/...: a partner's dashboard and its sections. */
export function PartnerDashboardPage({ name, section, raceId }: { name: string; section: PartnerSection; raceId?: string }) {
  const navigate = useNavigate();
  const account = useAccount();
  const ownName = account.data?.user.name;
  const tags = account.data?.user.tags ?? [];
  const clubMember = seesPartnerDashboard(tags);
  // A race is shown to its partner's referrals too; every other section is the partner's own.
  const foreign = ownName !== undefined && section !== 'race' && ownName.toLowerCase() !== name.toLowerCase();
  useEffect(() => {
    if (foreign) void navigate({ to: '/404' });
  }, [foreign, navigate]);
  const title = section === 'race' || section === 'race-edit' ? `${SECTION_TITLE[section]} ${raceId ?? ''}`.trim() : SECTION_TITLE[section];
  return (
    <PageFrame area="partnership" icon={<HandshakeIcon />} eyebrow={`Partner @${name}`} title={title} lead="Your partnership at a glance: the players you brought, what they earn you and the races you run for them.">
      <nav className="page-tabs" aria-label="Partner dashboard">
        {NAV.map((item) => (
          <PathLink key={item.section} to={`/partnership/@${name}${item.path}`} className="page-tab" activeOptions={{ exact: true }}>
            {SECTION_TITLE[item.section]}
          </PathLink>
        ))}
        <PathLink to="/partnership/race/create" className="page-tab">
          New race
        </PathLink>
      </nav>
      {foreign || !ownName ? null : section === 'races' ? (
        <RacesList />
      ) : section === 'race' && raceId ? (
        <RaceDetail dashboardName={name} raceId={raceId} ownName={ownName} />
      ) : section === 'race-edit' && raceId ? (
        <RaceEdit dashboardName={name} raceId={raceId} />
      ) : (
        <>
          {clubMember && <PartnerDashboard />}
          {clubMember && (
            <Suspense fallback={null}>
              <PartnerBusiness />
            </Suspense>
          )}
          <YourPartnership />
        </>
      )}
    </PageFrame>
  );
}

/** /partnership/race/create: partners and club members start a race; others learn who may. */
export function RaceCreatePage() {
  const account = useAccount();
  const user = account.data?.user;
  const partner = user?.tags.includes('partner') || user?.tags.includes('club_member');
  return (
    <PageFrame area="partnership" icon={<HandshakeIcon />} eyebrow="Partnership" title="Create a race" lead="A leaderboard contest for your referrals: pick the number of places, the prize pool and how long it runs.">
      {!user ? null : partner ? (
        <RaceForm dashboardName={user.name} />
      ) : (
        <EmptyState title="Races are for partners">Partners and club members run races for their referrals. Bring players with your code to become one.</EmptyState>
      )}
    </PageFrame>
  );
}

/** /partnership/tiers: the tiers modal over the partnership page. */
export function TiersPage() {
  const navigate = useNavigate();
  return (
    <RouteModal title="Partner tiers" width={905} behind={<PartnershipPage />} onClose={() => void navigate({ to: '/partnership' })}>
      <p className="tiers-lead">Partners move up tiers as their referrals play. Each tier earns a share of your referrals’ deposits, from 5% up to 10%; higher tiers also open bigger sponsor deals.</p>
      <Suspense fallback={<p className="partner-muted">Loading…</p>}>
        <TiersList />
      </Suspense>
    </RouteModal>
  );
}

/** /partnership/newcomer-guide */
export function NewcomerGuidePage() {
  return (
    <PageFrame area="partnership" icon={<HandshakeIcon />} eyebrow="Partnership" title="Newcomer guide" lead="Everything a new partner needs, in four steps." narrow>
      <ol className="guide-steps">
        <li>
          <strong>Get your code.</strong> Your code follows the username rules: 5 to 25 letters, digits or one underscore.
        </li>
        <li>
          <strong>Share it.</strong> Players enter it in the deposit-bonus window, or open your link /p/your-code.
        </li>
        <li>
          <strong>They play, you earn.</strong> Referred players get 5% extra on deposits (up to 100 coins a day); you earn a share of every deposit they make, up to 10% as your tier rises.
        </li>
        <li>
          <strong>Cash out.</strong> Once 20 players joined with your code, your earnings can be withdrawn.
        </li>
      </ol>
    </PageFrame>
  );
}

/** /partnership/members: staff's list of partnership-plus members. */
export function MembersPage() {
  return (
    <PageFrame area="partnership" icon={<UsersIcon />} eyebrow="Partnership staff" title="Members" lead="Partnership-plus members with their deals, credit and status.">
      <MembersList />
    </PageFrame>
  );
}

/** /affiliates: the public landing of the programme, with the player's own code and referrals. */
export function AffiliatesPage() {
  return (
    <PageFrame area="partnership" icon={<UsersIcon />} eyebrow="Affiliates" title="Affiliates" lead="Invite friends with your code: they get a deposit bonus, you earn up to 10% of what they deposit.">
      <PartnerFacts />
      <YourPartnership />
      <Panel title="Partner with us">
        <p>
          Streamer or community owner? The <PathLink to="/partnership">partnership programme</PathLink> runs races for your community.
        </p>
      </Panel>
    </PageFrame>
  );
}

const INVITE_KEY = 'invite_code';

/** /p/{code} and /r/{code}: an invite link; the code is kept for the deposit-bonus window to offer. */
export function InviteCodePage({ code }: { code: string }) {
  useEffect(() => {
    try {
      // A visit counts once per browser and code, so reloads do not inflate the partner's figures.
      if (localStorage.getItem(INVITE_KEY) !== code) void rpc.call('partnership.visit', { code }).catch(() => undefined);
      localStorage.setItem(INVITE_KEY, code);
    } catch {
      // No storage: the player enters the code by hand.
    }
  }, [code]);
  return (
    <PageFrame area="partnership" icon={<HandshakeIcon />} eyebrow="Invite" title="You were invited" lead={`The code ${code} gives you a 5% bonus on your deposits, up to 100 coins a day.`} narrow>
      <Panel title="Use the code">
        <p>The code is saved. It is offered in the deposit-bonus window when you deposit; you can also hide yourself as the referrer there.</p>
        <div className="invite-actions">
          <PathLink to="/wallet" className={buttonClass('deposit')}>
            Deposit
          </PathLink>
          <PathLink to="/" className={buttonClass('ghost')}>
            Go to the arena
          </PathLink>
        </div>
      </Panel>
    </PageFrame>
  );
}
