/** Wallet: the header balance and its live updates (the wallet pages come later). */
export { HeaderBalance } from './header-balance.tsx';
export { useLiveBalance } from './use-live-balance.ts';
