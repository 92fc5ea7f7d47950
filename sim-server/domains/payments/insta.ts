/** payment-insta.*: card deposits through Instaxchange (document 2 section 2, /wallet/deposit/instaxchange/{memo}). */
import { webcrypto } from 'node:crypto';
import { NumericError } from '../../../src/contract/index.ts';
import { randomClientSeed } from '../../../src/core/index.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { INVOICE_TTL_MS } from '../../world/providers.ts';
import { openDeposit } from './settle.ts';
import { paymentByMemo, paymentOut, type PaymentRow } from './store.ts';

const MEMO_LENGTH = 24;

/** The sim processor's checkout page of an invoice (the page the client frames). */
export const checkoutUrl = (memo: string) => `/api/sim/instaxchange/${memo}`;

/** When an invoice stops taking payment. */
const expiresAt = (row: PaymentRow) => row.created_at + INVOICE_TTL_MS;

/** Card deposit methods. */
export const instaHandlers: Handlers = {
  'payment-insta.create': async ({ amount, method }, ctx) => {
    const user = requireUser(ctx);
    const memo = randomClientSeed(MEMO_LENGTH, (bytes) => webcrypto.getRandomValues(bytes));
    // Cards pay USD and 1 USD buys 1 coin, so the USD cents are the coin cents.
    const row = await ctx.db.transaction((tx) =>
      openDeposit(tx, ctx, {
        user_id: user.id, provider: 'instaxchange', method, currency: 'USD', status: 'waiting', amount, units: amount, memo,
        due_at: ctx.config.now() + INVOICE_TTL_MS,
      }),
    );
    return { memo, url: checkoutUrl(memo), payment: paymentOut(row) };
  },
  'payment-insta.getInvoice': async ({ memo }, ctx) => {
    const user = requireUser(ctx);
    const row = await paymentByMemo(ctx.db, memo);
    if (!row || row.user_id !== user.id) fail(NumericError.NOT_FOUND, 'Invoice not found');
    return { memo, url: checkoutUrl(memo), status: row.status, expires_at: expiresAt(row), payment: paymentOut(row) };
  },
};
