/** What the first page does without: history labels and the payment methods. */
export { historyLabel } from './history-labels.ts';
export { PAYMENT_GROUPS, currencyName, findPaymentMethod, type PaymentGroup, type PaymentMethod } from './payment-methods.ts';
