/** What the first page does without: the payment methods. */
export { PAYMENT_GROUPS, currencyName, findPaymentMethod, type PaymentGroup, type PaymentMethod } from './payment-methods.ts';
