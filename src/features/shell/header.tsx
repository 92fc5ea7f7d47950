import { Link } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { useManifest, LiveIndicator, type ServerManifest } from '../connection/index.ts';
import { LoginButton, UserMenu, useAccount, useLogged } from '../session/index.ts';
import { HeaderBalance } from '../wallet/index.ts';
import { BattleIcon, CaseIcon, ChickenIcon, DiceIcon, FlameIcon, GiftIcon, LogoMark } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { RaceCountdown } from './race-countdown.tsx';
import './shell.css';

interface NavItem {
  label: string;
  to: string;
  icon?: ComponentType;
  hot?: true;
  /** Shown only when the manifest switches it on (spec: chicken, battle pass). */
  when?(manifest: ServerManifest): boolean;
  /** Shown only on wide screens, where the header has room. */
  wide?: true;
}

/** The header menu of document 1 section 2.2, in its order. */
const NAV: NavItem[] = [
  { label: 'Cases', to: '/cases', icon: CaseIcon },
  { label: 'Battles', to: '/battles', icon: BattleIcon },
  { label: 'Chicken', to: '/chicken', icon: ChickenIcon, when: (m) => m.stats.ctc.active },
  { label: 'Dice', to: '/dice', icon: DiceIcon },
  { label: 'Rewards', to: '/rewards', icon: GiftIcon, hot: true },
  { label: 'Season', to: '/battlepass', when: (m) => m.stats.battle_pass.active, wide: true },
];

/** The 70 px header: logo, game menu, live dot, and the player's balance and menu or the login button. */
export function Header() {
  const logged = useLogged();
  const account = useAccount();
  const manifest = useManifest();
  const raceEndsIn = manifest?.stats.events.leaderboard.ends_in_time ?? null;

  return (
    <header className="site-header">
      <div className="header-inner">
        <Link to="/" className="brand" aria-label="SkinFans Arena, home">
          <LogoMark />
          <span className="brand-name" aria-hidden>
            Skin<span>Fans</span>
          </span>
        </Link>

        <nav className="header-nav" aria-label="Games">
          {NAV.filter((item) => !item.when || !manifest || item.when(manifest)).map(({ label, to, icon: Icon, hot, wide }) => (
            <PathLink key={to} to={to} className={wide ? 'nav-link nav-wide' : 'nav-link'}>
              {Icon && <Icon />}
              {label}
              {hot && (
                <span className="nav-hot" aria-label="hot">
                  <FlameIcon />
                </span>
              )}
            </PathLink>
          ))}
          {manifest && raceEndsIn !== null && (
            <PathLink to="/event/race" className="nav-link nav-wide nav-race">
              Race+
              <RaceCountdown endsAt={manifest.ts + raceEndsIn * 1000} />
            </PathLink>
          )}
        </nav>

        <div className="header-end">
          <LiveIndicator />
          {logged ? (
            <>
              <HeaderBalance balance={account.data?.user_wallet.balance ?? null} />
              {account.data ? <UserMenu account={account.data} /> : <span className="avatar-placeholder" aria-hidden />}
            </>
          ) : (
            <LoginButton />
          )}
        </div>
      </div>
    </header>
  );
}
