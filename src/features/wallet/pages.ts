/** The wallet's pages, for routes only. */
export { findPaymentMethod } from './payment-methods.ts';
export { DepositPage, GiftPage, HistoryPage, InstaxchangePage, PaymentPage, SkinsbackPage, WalletLayout, WithdrawPage } from './wallet-pages.tsx';
