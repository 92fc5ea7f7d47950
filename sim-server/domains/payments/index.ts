/** Deposits, withdrawals and gift codes through the simulated providers, and the sim console. */
import type { Domain } from '../../rpc/context.ts';
import { giftHandlers } from './gift-methods.ts';
import { paymentHandlers } from './methods.ts';
import { registerPayments } from './routes.ts';

export const payments: Domain = { handlers: { ...paymentHandlers, ...giftHandlers }, register: registerPayments };
