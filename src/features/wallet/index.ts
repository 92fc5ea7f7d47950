/** Wallet: the header balance and its live updates, the display currency, and gift codes that come by link. Pages: pages.ts; labels and payment methods: on-demand.ts. */
export { clearGiftCode, giftCodeTarget, storeGiftCode, storedGiftCode } from '../../storage/gift-code.ts';
export { HeaderBalance } from './balance/header-balance-part.tsx';
export type { BalanceAccount } from './balance/header-balance.tsx';
export { walletKeys } from './keys.ts';
export { useLiveBalance } from './balance/use-live-balance.ts';
