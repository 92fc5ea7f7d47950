/** The page shell: header, footer, cookie banner, update prompt and the not-found page. */
export { Header } from './header.tsx';
export { CookieBanner, Footer, NotFound, OfflinePage, UpdatePrompt } from './lazy-parts.tsx';
export { RaceCountdown, formatRaceLeft } from './race-countdown.tsx';
export { SITE_NAME, pageHead, type PageMeta } from './page-head.ts';
export { MARKETING_EMAIL, SUPPORT_EMAIL, SupportModal, previousLocation, rememberLocation, supportOpen, type VisitedLocation } from './support.tsx';
export { MobileMenu } from './mobile-menu.tsx';
export { mobileMenuOpen } from './mobile-menu-state.ts';
export { GAME_NAV, SITE_LINKS, isOpaquePath } from './nav-items.ts';
export { InstallPrompt } from './install-prompt.tsx';
export { markSeen, wasSeen } from './offline.ts';
export { PageLoading } from './page-loading.tsx';
export { useShellVisits } from './use-shell-visits.ts';
export { useRetryOnReconnect } from './use-retry-on-reconnect.ts';
