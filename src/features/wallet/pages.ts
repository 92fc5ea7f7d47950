/** The wallet's pages, for routes only. */
export { findPaymentMethod } from './payment-methods.ts';
export { DepositPage, InstaxchangePage, PaymentPage, SkinsbackPage } from './deposit/deposit-pages.tsx';
export { HistoryPage } from './history-page.tsx';
export { TwoFactorPanel } from './withdraw/two-factor.tsx';
export { GiftPage, WalletLayout } from './wallet-pages.tsx';
export { CryptoWithdrawPage, WithdrawPage } from './withdraw/withdraw-pages.tsx';
/** What the routes' loaders fetch ahead of the page; the page reads the same query options. */
export { alertsQueryOptions, historyQueryOptions, referralQueryOptions, requirementsQueryOptions } from './queries.ts';
