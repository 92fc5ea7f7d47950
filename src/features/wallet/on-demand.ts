/** What the first page does without: the payment methods, and the settings panel's currency choice. */
export { CurrencySetting } from './balance/currency-setting.tsx';
export { PAYMENT_GROUPS, currencyName, findPaymentMethod, type PaymentGroup, type PaymentMethod } from './payment-methods.ts';
