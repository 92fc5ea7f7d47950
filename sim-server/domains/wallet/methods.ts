import { WITHDRAW_LIMITS, type MethodResult } from '../../../src/contract/index.ts';
import { formatCoins, isCryptoCurrency, parseHash, toHash } from '../../../src/core/index.ts';
import { CURRENCY_DECIMALS } from '../../../src/core/money.ts';
import { COIN } from '../../db/ledger.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { fixedPart } from '../../rpc/serialise.ts';
import { paymentMethods } from '../../world/providers.ts';
import { paymentOut, paymentsPage, type PaymentRow } from '../payments/store.ts';
import { secureEnabled } from '../security/secure.ts';

const PAGE = 20;

type PaymentMethodsAnswer = MethodResult<'wallet.getPaymentMethods'>;

/** The parts of wallet.getPaymentMethods fixed for the process: frozen, so the RPC writes their JSON once (docs/decisions/0038). */
let fixedLists: Pick<PaymentMethodsAnswer, 'methods' | 'payment_methods'> | undefined;
const paymentLists = () => (fixedLists ??= {
  methods: fixedPart([{ currency: COIN, precision: 2 }, ...Object.entries(CURRENCY_DECIMALS).map(([currency, precision]) => ({ currency, precision }))]),
  payment_methods: fixedPart(structuredClone([...paymentMethods()])),
});

type Alert = MethodResult<'wallet.alerts'>['alerts'][number];

/** wallet.* methods. */
export const walletHandlers: Handlers = {
  'wallet.getPaymentMethods': async (params, ctx) => {
    const user = requireUser(ctx);
    const { main, vault } = await ctx.ledger.walletAndVault(ctx.db, user.id);
    // Crypto is converted on the way in and out, never held: those wallets show 0.
    const others = [...new Set((params.currencies ?? []).map((c) => c.trim().toUpperCase()))].filter((c) => c !== COIN && (isCryptoCurrency(c) || c === 'USD' || c === 'EUR'));
    return {
      wallets: [{ currency: COIN, amount: main, locked: vault }, ...others.map((currency) => ({ currency, amount: 0, locked: 0 }))],
      ...paymentLists(),
    };
  },
  'wallet.getHistory': async (params, ctx) => {
    const user = requireUser(ctx);
    const count = params.count ?? PAGE;
    const before = params.offset ? (parseHash(params.offset) ?? 0) : undefined;
    const rows = await ctx.ledger.entries(ctx.db, { user: user.id, purpose: params.type ?? 'main', currency: params.currency ?? COIN }, { before, count: count + 1, type: params.entry_type });
    return {
      actions: rows.slice(0, count).map((r) => ({
        hash: toHash(r.id), type: r.type, currency: params.currency ?? COIN, amount: r.amount, balance: r.balance, time: r.created_at, ref: r.ref,
      })),
      has_more: rows.length > count,
    };
  },
  'wallet.getPayments': async (params, ctx) => {
    const user = requireUser(ctx);
    const count = params.count ?? PAGE;
    const before = params.offset ? (parseHash(params.offset) ?? 0) : undefined;
    const rows = await paymentsPage(ctx.db, user.id, { before, count: count + 1, currency: params.currency?.trim().toUpperCase() || undefined });
    return { payments: rows.slice(0, count).map(paymentOut), has_more: rows.length > count };
  },
  'wallet.alerts': async (_params, ctx) => {
    const user = requireUser(ctx);
    const open = await ctx.db.all<PaymentRow>(
      `SELECT * FROM payments WHERE user_id = ? AND type = 'deposit' AND provider = 'crypto'
         AND (status = 'pending' OR (status = 'declined' AND refund_address IS NULL)) ORDER BY id DESC LIMIT 20`,
      user.id,
    );
    const alerts = open.map((row): Alert => {
      const p = paymentOut(row);
      return row.status === 'pending'
        ? { id: `deposit_pending:${p.hash}`, type: 'deposit_pending', currency: p.currency, payment_hash: p.hash,
            text: `Your ${p.value} ${p.currency} deposit is on its way: ${p.states.confirmations} of ${p.states.required_confirmations} confirmations.` }
        : { id: `refund_available:${p.hash}`, type: 'refund_available', currency: p.currency, payment_hash: p.hash,
            text: `Your ${p.value} ${p.currency} deposit was declined. Enter an address to get it back.` };
    });
    if (!await secureEnabled(ctx.db, user.id)) {
      alerts.push({ id: 'secure_required', type: 'secure_required', currency: null, payment_hash: null, text: 'Set up two-factor authentication to withdraw.' });
    }
    return { alerts };
  },
  'wallet.getRequirements': async (_params, ctx) => {
    const user = requireUser(ctx);
    const { balance, withdrawable, sponsored, toWager, bonusLocked, bonusWagerLeft } = await ctx.ledger.split(ctx.db, user.id);
    const secure = await secureEnabled(ctx.db, user.id);
    return {
      secure,
      balance,
      withdrawable,
      sponsored,
      to_wager: toWager,
      bonus: { locked: bonusLocked, wager_left: bonusWagerLeft },
      withdraw: { ...WITHDRAW_LIMITS },
      requirements: [
        { type: 'secure' as const, completed: secure, title: 'Two-factor authentication' },
        { type: 'balance' as const, completed: withdrawable >= WITHDRAW_LIMITS.min, title: `At least ${formatCoins(WITHDRAW_LIMITS.min)} withdrawable coins` },
        ...(toWager > 0 ? [{ type: 'wager' as const, completed: false, title: `Wager ${formatCoins(toWager)} more coins to free tipped coins` }] : []),
        ...(bonusLocked > 0
          ? [{ type: 'bonus_wager' as const, completed: false, title: `Wager ${formatCoins(bonusWagerLeft)} more coins on cases, chicken or dice to free your ${formatCoins(bonusLocked)} Deposit Bonus coins` }]
          : []),
      ],
    };
  },
};
