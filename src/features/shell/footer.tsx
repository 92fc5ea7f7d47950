import { useLocation } from '@tanstack/react-router';
import { LogoMark } from '../../ui/icons.tsx';
import { DiscordIcon, XLogoIcon } from '../../ui/page-icons.tsx';
import { PathLink } from '../../ui/path-link.tsx';
import { Assistant } from '../assistant/index.ts';
import { sessionModal, useAccount, useLogged } from '../session/index.ts';
import { FOOTER_GAMES } from './game-menus.ts';
import { isOpaquePath } from './nav-items.ts';
import { MARKETING_EMAIL, SUPPORT_EMAIL } from './support.tsx';
import './shell.css';

/** Build version the footer shows (spec: 5.4). */
export const BUILD_VERSION = '5.4';

const HELP = [
  { label: 'Provably Fair', to: '/provably-fair' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Support', to: '/support' },
  { label: 'Terms', to: '/terms' },
  { label: 'Privacy', to: '/privacy' },
  { label: 'AML', to: '/aml' },
  { label: 'Cookies', to: '/cookie' },
];

const SOCIALS = [
  { label: 'Discord', href: 'https://discord.com/invite/skinfans', icon: DiscordIcon },
  { label: 'X', href: 'https://x.com/skinfans', icon: XLogoIcon },
];

/**
 * The footer (document 1 sections 1 and 2.2): the 18+ line, the legal line, version 5.4,
 * the support and marketing contacts, a review link and two social links. Transparent by
 * default, solid on profile, achievements and Battle Pass pages, the compact modern style on
 * phones. Visitors get the account links as buttons that open the login form.
 */
export default function Footer() {
  const { pathname } = useLocation();
  const logged = useLogged();
  const account = useAccount();
  const name = account.data?.user.name;
  // The profile's address is the player's own (scripts/prerender.ts leaves it out of a first view).
  const accountLinks = [
    { label: 'Wallet', to: '/wallet' },
    { label: 'Inventory', to: '/inventory' },
    { label: 'Affiliates', to: '/affiliates' },
    { label: 'Profile', to: name ? `/@${name}` : '/', personal: true },
  ];
  return (
    <>
      {/* The assistant rides in the footer's lazy chunk: it comes after the first page on every route, and its gate costs the first page nothing. */}
      <Assistant />
      <footer className="site-footer" data-variant={isOpaquePath(pathname) ? 'opaque' : 'transparent'}>
        <div className="container footer-inner">
          <div className="footer-brand">
            <div className="footer-logo">
              <LogoMark width={28} height={28} />
              <span className="brand-name">
                Skin<span>Fans</span>
              </span>
            </div>
            <p className="footer-age">
              <span className="age-badge">18+</span>
              By accessing this site you confirm that you are over 18 years old.
            </p>
            <ul className="footer-socials" aria-label="Social">
              {SOCIALS.map(({ label, href, icon: Icon }) => (
                <li key={label}>
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className="icon-button">
                    <Icon />
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <nav className="footer-col" aria-label="All games">
            <p className="footer-title">Games</p>
            {FOOTER_GAMES.map(({ label, to }) => (
              <PathLink key={to} to={to}>
                {label}
              </PathLink>
            ))}
          </nav>
          <nav className="footer-col" aria-label="Account">
            <p className="footer-title">Account</p>
            {accountLinks.map(({ label, to, personal }) =>
              logged ? (
                <PathLink key={label} to={to} data-personal={personal}>
                  {label}
                </PathLink>
              ) : (
                <button key={label} type="button" className="footer-login-link" onClick={() => sessionModal.set('login')}>
                  {label}
                </button>
              ),
            )}
          </nav>
          <nav className="footer-col" aria-label="Help">
            <p className="footer-title">Help</p>
            {HELP.map(({ label, to }) => (
              <PathLink key={to} to={to}>
                {label}
              </PathLink>
            ))}
          </nav>
        </div>
        <div className="container footer-legal">
          <p>SkinFans Arena is operated by SkinFans Entertainment Ltd. (simulation build). Coins are play money with no cash value.</p>
          <p>
            Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> · Marketing: <a href={`mailto:${MARKETING_EMAIL}`}>{MARKETING_EMAIL}</a> ·{' '}
            <a href="https://www.trustpilot.com/review/skinfans.com" target="_blank" rel="noopener noreferrer">
              Review us
            </a>
          </p>
          <p className="footer-version">v{BUILD_VERSION}</p>
        </div>
      </footer>
    </>
  );
}
