import { CURRENCY_DECIMALS } from '../../../src/core/money.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import { COIN } from '../../db/ledger.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';

const PAGE = 20;

/** wallet.* methods. */
export const walletHandlers: Handlers = {
  'wallet.getPaymentMethods': (_params, ctx) => {
    const user = requireUser(ctx);
    const main = ctx.ledger.balance(ctx.db, { user: user.id });
    const vault = ctx.ledger.balance(ctx.db, { user: user.id, purpose: 'vault' });
    return {
      wallets: [{ currency: COIN, amount: main, locked: vault }],
      methods: [{ currency: COIN, precision: 2 }, ...Object.entries(CURRENCY_DECIMALS).map(([currency, precision]) => ({ currency, precision }))],
    };
  },
  'wallet.getHistory': (params, ctx) => {
    const user = requireUser(ctx);
    const count = params.count ?? PAGE;
    const before = params.offset ? (parseHash(params.offset) ?? 0) : undefined;
    const rows = ctx.ledger.entries(ctx.db, { user: user.id, currency: params.currency ?? COIN }, { before, count: count + 1, type: params.type });
    return {
      actions: rows.slice(0, count).map((r) => ({
        hash: toHash(r.id), type: r.type, currency: params.currency ?? COIN, amount: r.amount, balance: r.balance, time: r.created_at, ref: r.ref,
      })),
      has_more: rows.length > count,
    };
  },
};
