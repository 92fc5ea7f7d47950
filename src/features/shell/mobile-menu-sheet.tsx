import { useQuery } from '@tanstack/react-query';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useRef, type ComponentType } from 'react';
import { levelProgress } from '../../core/levels.ts';
import { formatCoins } from '../../core/money.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button, buttonClass } from '../../ui/button.tsx';
import { Drawer } from '../../ui/drawer.tsx';
import { levelColour } from '../../ui/level-colour.ts';
import { CoinIcon, FlagIcon, FlameIcon, GearIcon, GiftIcon, RadioIcon } from '../../ui/icons.tsx';
import { BackpackIcon, HomeIcon, LifebuoyIcon, LogoutIcon, ShieldIcon, UsersIcon, VaultIcon, WalletIcon, ZapIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { useManifest } from '../connection/index.ts';
import { useMyGameCounts } from '../arena/index.ts';
import { inventoryCountersQueryOptions } from '../inventory/index.ts';
import { radioModal } from '../radio/index.ts';
import { isClubMember, sessionModal, useAccount, useLogged } from '../session/index.ts';
import { mobileMenuOpen, mobileSettingsOpen } from './mobile-menu-state.ts';
import { mobileGameEntries } from './game-menus.ts';
import { raceEndsAt } from './nav-items.ts';
import { RaceCountdown } from './race-countdown.tsx';
import { supportOpen } from './support.tsx';

interface MenuEntry {
  label: string;
  to?: string;
  onSelect?(): void;
  icon: ComponentType<{ width?: number; height?: number }>;
  badge?: string | number | null;
  hot?: boolean;
  timer?: number | null;
}

const close = () => mobileMenuOpen.set(false);

function ProfileBlock() {
  const account = useAccount();
  const data = account.data;
  if (!data) return <div className="mm-profile mm-profile-loading" aria-busy="true" />;
  const { user, user_progress: progress, user_wallet: wallet } = data;
  const club = isClubMember(data);
  const standing = levelProgress(progress.exp);
  return (
    <section className="mm-profile" aria-label="Your account">
      <div className="mm-who">
        <span className="mm-avatar" style={{ boxShadow: `0 0 0 2px ${levelColour(progress.level)}` }}>
          <Avatar name={user.display_name} userHash={user.hash} src={user.info.avatar} size={48} />
        </span>
        <div className="mm-names">
          <PathLink to={`/@${user.name}`} className="mm-name" onClick={close}>
            {user.display_name}
          </PathLink>
          <span className="mm-rank">Level {progress.level}</span>
        </div>
      </div>
      {club ? (
        <p className="mm-partner">Partner</p>
      ) : (
        <div className="mm-progress" aria-label={`Level progress ${standing.percent}%`}>
          <span className="mm-progress-bar">
            <span style={{ width: `${standing.percent}%` }} />
          </span>
          <span className="mm-progress-text">{standing.is_max ? 'MAX' : `${standing.percent}%`}</span>
        </div>
      )}
      <div className="mm-money">
        <span className="mm-balance">
          <CoinIcon /> {formatCoins(wallet.balance)}
        </span>
        <PathLink to="/wallet" className={buttonClass('ghost', 'sm')} aria-label="Vault" onClick={close}>
          <VaultIcon />
        </PathLink>
        <PathLink to="/wallet" className={buttonClass('deposit', 'sm')} onClick={close}>
          Deposit
        </PathLink>
      </div>
      <PathLink to="/event/boosters" className="mm-boosters" onClick={close}>
        <ZapIcon /> Boosters
      </PathLink>
    </section>
  );
}

/** The mobile menu (document 1 section 2.2), loaded when first opened. */
export default function MobileMenuSheet() {
  const logged = useLogged();
  const manifest = useManifest();
  const { pathname } = useLocation();
  const counts = useMyGameCounts(logged);
  const inventory = useQuery({ ...inventoryCountersQueryOptions(), enabled: logged });
  const endsAt = raceEndsAt(manifest);

  // A page change (a link of the menu, or the back button) closes the menu.
  const openedOn = useRef(pathname);
  useEffect(() => {
    if (pathname !== openedOn.current) close();
  }, [pathname]);

  const entries: MenuEntry[] = [
    { label: 'Home', to: '/', icon: HomeIcon },
    ...mobileGameEntries(manifest, { unbox: counts.rolls, battle: counts.battles, chicken: 0, dice: 0 }),
    { label: 'Rewards', to: '/rewards', icon: GiftIcon, hot: true },
    ...(endsAt !== null ? [{ label: 'Race+', to: '/event/race', icon: FlagIcon, timer: endsAt }] : []),
    ...(logged
      ? [
          { label: 'Wallet', to: '/wallet', icon: WalletIcon },
          { label: 'Inventory', to: '/inventory', icon: BackpackIcon, badge: inventory.data?.resume.total_count || null },
        ]
      : []),
    { label: 'Affiliates', to: '/affiliates', icon: UsersIcon },
    { label: 'Fairness', to: '/provably-fair', icon: ShieldIcon },
    // The header's radio hint is hidden on narrow screens: the menu opens the radio modal.
    { label: 'Radio', icon: RadioIcon, onSelect: () => radioModal.set('radio') },
    { label: 'Settings', icon: GearIcon, onSelect: () => mobileSettingsOpen.set(true) },
    { label: 'Support', icon: LifebuoyIcon, onSelect: () => supportOpen.set(true) },
    ...(logged ? [{ label: 'Logout', icon: LogoutIcon, onSelect: () => sessionModal.set('logout') }] : []),
  ];

  return (
    <Drawer id="mobile-menu" label="Menu" onClose={close}>
      {logged ? (
        <ProfileBlock />
      ) : (
        <section className="mm-profile mm-guest" aria-label="Your account">
          <p>Log in to open cases, join battles and keep your drops.</p>
          <Button
            variant="steam"
            onClick={() => {
              close();
              sessionModal.set('login');
            }}
          >
            Login
          </Button>
        </section>
      )}
      <nav aria-label="Menu">
        <ul className="mm-list">
          {entries.map((entry) => {
            const content = (
              <>
                <entry.icon />
                <span className="mm-label">{entry.label}</span>
                {entry.hot && (
                  <span className="nav-hot" aria-label="hot">
                    <FlameIcon />
                  </span>
                )}
                {entry.timer != null && <RaceCountdown endsAt={entry.timer} />}
                {entry.badge ? <span className="mm-badge">{entry.badge}</span> : null}
              </>
            );
            return (
              <li key={entry.label}>
                {entry.to ? (
                  <PathLink to={entry.to} className="mm-item" onClick={close} activeOptions={{ exact: entry.to === '/' }} aria-current={pathname === entry.to ? 'page' : undefined}>
                    {content}
                  </PathLink>
                ) : (
                  <button
                    type="button"
                    className="mm-item"
                    onClick={() => {
                      close();
                      entry.onSelect?.();
                    }}
                  >
                    {content}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </Drawer>
  );
}
