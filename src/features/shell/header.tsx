import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import { LiveIndicator, useManifestPart, type ServerManifest } from '../connection/index.ts';
import { ChatButton } from '../chat/index.ts';
import { NotificationsButton } from '../notifications/index.ts';
import { LoginButton, UserMenu, isClubMember, useAccount, useClubMember, useLogged } from '../session/index.ts';
import { HeaderBalance } from '../wallet/index.ts';
import { useMyGameCounts } from '../arena/index.ts';
import { DotsIcon, FlameIcon, LogoMark, MenuIcon } from '../../ui/icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { Popover } from '../../ui/popover.tsx';
import { RadioButton, SettingsButton } from './header-tools.tsx';
import { mobileMenuOpen } from './mobile-menu-state.ts';
import { GAME_NAV, SITE_LINKS, isOpaquePath, navItemVisible, raceEndsAt } from './nav-items.ts';
import { RaceCountdown } from './race-countdown.tsx';
import { useHeaderScroll } from './use-header-scroll.ts';
import './shell.css';
import { lazyPart } from '../../ui/lazy-part.ts';

/** The popover of the player's own running games, loaded once there are any (document 1 section 2.2). */
const MyGamesPopover = lazyPart(() => import('../arena/on-demand.ts').then((module) => ({ default: module.MyGamesPopover })));

/** The booster hint and the deposit bonus badge (document 1 section 2.2), loaded after the first page for a signed-in player. */
const BoosterPart = lazyPart(() => import('../boosters/on-demand.ts'));

function MyGames({ type }: { type: 'battle' | 'unbox' }) {
  return (
    <Suspense fallback={null}>
      <MyGamesPopover type={type} enabled />
    </Suspense>
  );
}

/**
 * The 70 px header (document 1 section 2.2). Desktop: logo, game menu, the site links, radio,
 * settings, then the balance, avatar, chat and notifications (or the login button); narrower
 * desktops fold the site links into a More button and leave Season and Race+ to the menu.
 * Laptops (1023 px and under) drop the site links; phones (767 px) keep the logo, the
 * balance or login, the chat and the menu. Transparent over the page, opaque on
 * profile, achievements and Battle Pass pages; sticky with a backdrop once scrolled on
 * desktop; on phones it slides away while scrolling down and back when scrolling up.
 */
export function Header() {
  return (
    <HeaderFrame>
      <div className="header-inner">
        <Link to="/" className="brand" aria-label="SkinFans Arena, home">
          <LogoMark />
          <span className="brand-name" aria-hidden>
            Skin<span>Fans</span>
          </span>
        </Link>
        <GamesNav />
        <nav className="header-links" aria-label="Site">
          {SITE_LINKS.map(({ label, to }) => (
            <PathLink key={to} to={to} className="header-link">
              {label}
            </PathLink>
          ))}
        </nav>
        <Popover label="More" title="More" trigger={<DotsIcon />} className="header-more">
          <nav className="more-links" aria-label="Site">
            {SITE_LINKS.map(({ label, to }) => (
              <PathLink key={to} to={to} className="menu-item">
                {label}
              </PathLink>
            ))}
          </nav>
        </Popover>
        <HeaderEnd />
      </div>
    </HeaderFrame>
  );
}

const holidayStyle = (manifest: ServerManifest | undefined) => manifest?.stats.client.style ?? null;

/**
 * The header element, whose look follows the page, the scroll, the mobile menu and the session.
 * Its content comes as children made by Header, which renders once: a scroll, a page change or
 * an answer re-renders only the part that reads it. Read whole, the header rendered again on
 * every change of scroll state, and every answer of a signed-in page's first seconds rendered
 * all of it synchronously (`useQuery` reads through useSyncExternalStore): the longest such
 * render of a load read 14 ms at full speed in the median before, 10 after (docs/decisions/0053).
 */
function HeaderFrame({ children }: { children: ReactNode }) {
  const logged = useLogged();
  const style = useManifestPart(holidayStyle) ?? null;
  const { pathname } = useLocation();
  const { scrolled, hidden } = useHeaderScroll();
  const menuOpen = mobileMenuOpen.use();
  return (
    <header
      className="site-header"
      data-variant={isOpaquePath(pathname) ? 'opaque' : 'transparent'}
      data-scrolled={scrolled || undefined}
      data-hidden={(hidden && !menuOpen) || undefined}
      data-holiday={style ?? undefined}
      data-logged={logged || undefined}
    >
      {children}
      {style && <span className="holiday-decor" aria-hidden />}
    </header>
  );
}

const gamesPart = (manifest: ServerManifest | undefined) => ({
  endsAt: raceEndsAt(manifest),
  games: GAME_NAV.filter((item) => navItemVisible(item, manifest)),
});

/** The game menu: the games switched on, the race's countdown, Club games for club members. */
function GamesNav() {
  const clubMember = useClubMember();
  const { endsAt, games } = useManifestPart(gamesPart) ?? gamesPart(undefined);
  return (
    <nav className="header-nav" aria-label="Games" data-club={clubMember || undefined}>
      {games.map(({ label, to, icon: Icon, hot, wide }) => (
        <PathLink key={to} to={to} className={wide ? 'nav-link nav-wide' : 'nav-link'}>
          <Icon />
          {label}
          {hot && (
            <span className="nav-hot" aria-label="hot">
              <FlameIcon />
            </span>
          )}
          {to === '/event/race' && endsAt !== null && <RaceCountdown endsAt={endsAt} />}
        </PathLink>
      ))}
    </nav>
  );
}

/** The header's end: live status, tools, the player's games, balance and menu (or the login), chat, notices and the menu button. */
function HeaderEnd() {
  const logged = useLogged();
  const account = useAccount();
  const counts = useMyGameCounts(logged);
  const clubMember = account.data ? isClubMember(account.data) : false;
  return (
    <div className="header-end">
      <LiveIndicator />
      <div className="header-tools">
        <RadioButton />
        <SettingsButton logged={logged} />
        {logged && (
          <Suspense fallback={null}>
            <BoosterPart part="hint" />
          </Suspense>
        )}
      </div>
      {logged && counts.rolls > 0 && <MyGames type="unbox" />}
      {logged && counts.battles > 0 && <MyGames type="battle" />}
      {logged ? (
        <>
          <HeaderBalance
            badge={
              <Suspense fallback={null}>
                <BoosterPart part="badge" />
              </Suspense>
            }
            account={
              account.data
                ? { balance: account.data.user_wallet.balance, borrow: account.data.partnership.borrow, clubMember, challenge: account.data.partnership.challenge ?? null }
                : null
            }
          />
          <div className="header-user" data-personal>{account.data ? <UserMenu account={account.data} /> : <span className="avatar-placeholder" aria-hidden />}</div>
        </>
      ) : (
        <LoginButton />
      )}
      <ChatButton />
      {logged && (
        <div className="header-notifications">
          <NotificationsButton />
        </div>
      )}
      <MenuButton inProgress={counts.battles + counts.rolls > 0} />
    </div>
  );
}

/** Opens and closes the mobile menu; a dot when the player has games running. */
function MenuButton({ inProgress }: { inProgress: boolean }) {
  const menuOpen = mobileMenuOpen.use();
  return (
    <button type="button" className="icon-button menu-button" aria-label="Menu" aria-expanded={menuOpen} aria-controls="mobile-menu" onClick={() => mobileMenuOpen.set(!menuOpen)}>
      <MenuIcon />
      {inProgress && <span className="menu-indicator" aria-label="Games in progress" />}
    </button>
  );
}
