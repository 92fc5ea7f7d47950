/**
 * The sim's payment surfaces (sim mode only, docs/design.md section 9): the developer console at
 * /api/sim/payments and the providers' own pages (card checkout, gift-card shop, skins
 * widget). Each form route answers a browser with a page or a redirect and a JSON caller
 * (tests, scripts) with the RPC envelope. The provider clock runs in every mode.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { GIFT_CARD_METHODS, NumericError, z } from '../../../src/contract/index.ts';
import { parseCoinsToCents, parseHash, toHash } from '../../../src/core/index.ts';
import { randomToken } from '../../auth/tokens.ts';
import { operatorRoute } from '../../auth/sim-operator.ts';
import { everyOwned } from '../../cluster/timers.ts';
import { AppError } from '../../errors.ts';
import { answer, backTo, fromForm, html, parseBody } from '../../rpc/console-http.ts';
import type { Services } from '../../rpc/context.ts';
import { giftCardName } from '../../world/providers.ts';
import { giftCardProducts, skinPayout, steamInventory } from '../../world/providers-shops.ts';
import { findUserByName } from '../../kernel/users.ts';
import { mintGiftCode } from '../../kernel/gift-codes.ts';
import { partnerConsoleForm } from '../partnership/sim-console-form.ts';
import { offerCredit } from '../partnership/sponsor-credit.ts';
import { compensationForm, registerCompensation } from './compensation.ts';
import { advanceDue, chargeCard, forceConfirm, forceDecline, receiveTransfer, sendTradeOffer, type SkinsDetails } from './provider-actions.ts';
import { readWidgetToken } from './skinsback.ts';
import { checkoutPage, consolePage, shopPage, skinsPage, type ConsoleRow } from './sim-pages.ts';
import { detailsOf, openPayments, paymentById, paymentByMemo, paymentOut, recentPayments, type PaymentRow } from './store.ts';
import { mapInOrder } from '../../db/database.ts';

/** How often the providers look at the clock. */
const TICK_MS = 1000;

const TransferBody = z.object({
  address: z.string().check(z.maxLength(128)),
  amount: z.string().check(z.maxLength(40)),
  flagged: z.optional(z.union([z.boolean(), z.enum(['0', '1'])])),
  /** The chain transaction; a repeat of one already seen is the same deposit. */
  tx_hash: z.optional(z.string().check(z.regex(/^(0x)?[0-9a-f]{64}$/, 'expected a transaction hash'))),
});
const GiftBody = z.object({
  kind: z.enum(['wallet', 'inventory']),
  /** Wallet codes: coins as typed ("25", "12.50"). */
  coins: z.optional(z.string().check(z.maxLength(12))),
  method: z.optional(z.enum(GIFT_CARD_METHODS)),
  /** Inventory codes: the catalog item's key or hash. */
  item: z.optional(z.string().check(z.maxLength(128))),
});
const SponsorBody = z.object({
  /** The player's name. */
  name: z.string().check(z.maxLength(25)),
  /** The credit and the wager that earns it, in coins as typed. */
  coins: z.string().check(z.maxLength(12)),
  wager: z.string().check(z.maxLength(12)),
});
const CardBody = z.object({ card_number: z.string().check(z.regex(/^[\d ]{12,23}$/, 'expected a card number')) });


/** Registers the provider clock and, in sim mode, the console and provider pages. */
export async function registerPayments(app: FastifyInstance, s: Services): Promise<void> {
  await everyOwned(app, s.timers, 'payment provider step', TICK_MS, async () => {
    await advanceDue(s);
  });
  if (!s.config.simMode) return;

  // The console moves money and shows every player's payments: the operator's alone.
  const operator = operatorRoute(s.config);
  const withUser = async (rows: PaymentRow[]): Promise<ConsoleRow[]> =>
    await mapInOrder(rows, async (row) => ({ ...paymentOut(row), user_name: (await s.db.get<{ name: string }>('SELECT name FROM users WHERE id = ?', row.user_id))?.name ?? '?' }));
  const paymentOf = async (hash: string): Promise<PaymentRow> => {
    const id = parseHash(hash);
    const row = id === null ? undefined : await paymentById(s.db, id);
    if (!row) throw new AppError(NumericError.NOT_FOUND, 'Payment not found');
    return row;
  };
  const renderConsole = async (reply: FastifyReply, notice: string | null) =>
    html(reply, consolePage({ open: await withUser(await openPayments(s.db)), recent: await withUser(await recentPayments(s.db)), notice, methods: GIFT_CARD_METHODS, extra: compensationForm(randomToken(16)) + partnerConsoleForm() }));
  /** A form posted to the console: back to the console (post, redirect, get) with what happened. */
  const consoleAfter = backTo('/api/sim/payments');

  registerCompensation(app, s, consoleAfter);

  app.get('/api/sim/payments', operator, async (request, reply) => {
    const { notice } = request.query as { notice?: unknown };
    return renderConsole(reply, typeof notice === 'string' ? notice.slice(0, 200) : null);
  });

  app.get('/api/sim/payments.json', operator, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { response: { open: await withUser(await openPayments(s.db)), recent: await withUser(await recentPayments(s.db)) } };
  });

  app.post('/api/sim/payments/tick', operator, async () => answer(async () => ({ changed: await advanceDue(s) })));

  app.post('/api/sim/payments/:hash/:action', operator, async (request, reply) => {
    const { hash, action } = request.params as { hash: string; action: string };
    const result = await answer(async () => {
      const row = await paymentOf(hash);
      if (action !== 'confirm' && action !== 'decline') throw new AppError(NumericError.INPUT_ERROR, 'action: confirm or decline');
      return { payment: paymentOut(await s.db.transaction(async (tx) => (action === 'confirm' ? forceConfirm : forceDecline)(tx, s, (await paymentById(tx, row.id))!))) };
    });
    return fromForm(request) ? consoleAfter(reply, result, `${hash} ${action}ed`) : result;
  });

  app.post('/api/sim/crypto/transfers', operator, async (request, reply) => {
    const result = await answer(async () => {
      const body = parseBody(TransferBody, request.body);
      const flagged = body.flagged === true || body.flagged === '1';
      return { payment: paymentOut(await s.db.transaction((tx) => receiveTransfer(tx, s, { address: body.address, amount: body.amount, flagged, txHash: body.tx_hash }))) };
    });
    return fromForm(request) ? consoleAfter(reply, result, 'Transfer seen on the chain: pending') : result;
  });

  app.post('/api/sim/gift-codes', operator, async (request, reply) => {
    const result = await answer(async () => {
      const body = parseBody(GiftBody, request.body);
      const now = s.config.now();
      if (body.kind === 'wallet') {
        const amount = parseCoinsToCents(body.coins ?? '');
        if (!amount) throw new AppError(NumericError.INPUT_ERROR, 'coins: expected a positive amount with at most two decimals');
        return { code: await s.db.transaction((tx) => mintGiftCode(tx, { kind: 'wallet', amount, method: body.method ?? null, source: 'sim' }, now)), amount };
      }
      const catalog = await s.catalog.view();
      const itemId = parseHash(body.item ?? '');
      const item = (itemId === null ? undefined : catalog.item(itemId)) ?? catalog.itemByKey(body.item ?? '');
      if (!item) throw new AppError(NumericError.INPUT_ERROR, 'item: expected a catalog item key or hash');
      return { code: await s.db.transaction((tx) => mintGiftCode(tx, { kind: 'inventory', itemId: parseHash(item.hash)!, source: 'sim' }, now)), item_hash: item.hash };
    });
    return fromForm(request) ? consoleAfter(reply, result, 'response' in result ? `Code ${result.response.code}` : '') : result;
  });

  // A sponsor offers a player credit; the player becomes a club member and claims it.
  app.post('/api/sim/sponsor-credits', operator, async (request, reply) => {
    const result = await answer(async () => {
      const body = parseBody(SponsorBody, request.body);
      const offer = parseCoinsToCents(body.coins);
      const wagerGoal = parseCoinsToCents(body.wager);
      if (!offer || !wagerGoal) throw new AppError(NumericError.INPUT_ERROR, 'coins, wager: expected positive amounts with at most two decimals');
      const user = await findUserByName(s.db, body.name);
      if (!user) throw new AppError(NumericError.NOT_FOUND, 'User not found.');
      await s.db.transaction((tx) => offerCredit(tx, user.id, { offer, wagerGoal }));
      return { user_hash: toHash(user.id), offer, wager_goal: wagerGoal };
    });
    return fromForm(request) ? consoleAfter(reply, result, 'Credit offered: the player claims it from the wallet hint') : result;
  });

  // The gift-card shop: buying a product mints its code.
  const productOf = (id: string) => {
    const product = giftCardProducts(GIFT_CARD_METHODS).find((p) => p.id === id);
    if (!product) throw new AppError(NumericError.NOT_FOUND, 'Product not found');
    return { ...product, name: `${giftCardName(product.method)} gift card ${product.amount / 100} USD` };
  };
  app.get('/api/sim/kinguin/:id', async (request, reply) => {
    const result = await answer(() => productOf((request.params as { id: string }).id));
    return 'error' in result ? html(reply, result.error.error_msg, 404) : html(reply, shopPage(result.response, null));
  });
  app.post('/api/sim/kinguin/:id', operator, async (request, reply) => {
    const result = await answer(async () => {
      const product = productOf((request.params as { id: string }).id);
      const code = await s.db.transaction((tx) => mintGiftCode(tx, { kind: 'wallet', amount: product.amount, method: product.method, source: 'kinguin' }, s.config.now()));
      return { product, code, amount: product.amount, url: `/gift/${code}` };
    });
    if (!fromForm(request)) return result;
    return 'error' in result ? html(reply, result.error.error_msg, 404) : html(reply, shopPage(result.response.product, result.response.code));
  });

  // The card processor's checkout, reached with the invoice memo.
  const invoiceOf = async (memo: string) => {
    const row = /^[A-Za-z0-9]{8,64}$/.test(memo) ? await paymentByMemo(s.db, memo) : undefined;
    if (!row) throw new AppError(NumericError.NOT_FOUND, 'Invoice not found');
    return row;
  };
  app.get('/api/sim/instaxchange/:memo', async (request, reply) => {
    const { memo } = request.params as { memo: string };
    const result = await answer(() => invoiceOf(memo));
    return 'error' in result ? html(reply, result.error.error_msg, 404) : html(reply, checkoutPage(paymentOut(result.response), memo, null));
  });
  app.post('/api/sim/instaxchange/:memo', async (request, reply) => {
    const { memo } = request.params as { memo: string };
    const result = await answer(async () => {
      const row = await invoiceOf(memo);
      const { card_number } = parseBody(CardBody, request.body);
      return { payment: paymentOut(await s.db.transaction(async (tx) => chargeCard(tx, s, (await paymentById(tx, row.id))!, card_number))) };
    });
    if (!fromForm(request)) return result;
    if ('error' in result) return html(reply, result.error.error_msg, 400);
    return html(reply, checkoutPage(result.response.payment, memo, result.response.payment.status === 'declined' ? 'Your card was declined.' : 'Paid: the coins arrive in a moment.'));
  });

  // The skins widget, reached with a signed token.
  const skinsOf = async (userId: number) => {
    const catalog = await s.catalog.view();
    const ids = (await s.db.all<{ id: number }>('SELECT id FROM items ORDER BY id')).map((r) => r.id);
    const traded = new Set(
      (await s.db
        .all<PaymentRow>("SELECT * FROM payments WHERE user_id = ? AND provider = 'skinsback' AND status IN ('pending', 'completed')", userId))
        .flatMap((row) => detailsOf<SkinsDetails>(row).items ?? []),
    );
    return steamInventory(userId, ids)
      .filter((id) => !traded.has(id))
      .map((id) => ({ id, name: catalog.item(id)!.name, payout: skinPayout(catalog.item(id)!.price) }));
  };
  const widgetOf = (token: string) => {
    const widget = readWidgetToken(s, token);
    if (!widget) throw new AppError(NumericError.ACCESS_DENIED, 'This widget link is not valid any more');
    return widget;
  };
  app.get('/api/sim/skinsback/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const result = await answer(() => skinsOf(widgetOf(token).userId));
    return 'error' in result ? html(reply, result.error.error_msg, 403) : html(reply, skinsPage({ token, items: result.response, notice: null }));
  });
  app.get('/api/sim/skinsback/:token/items', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return answer(async () => ({ items: await skinsOf(widgetOf((request.params as { token: string }).token).userId) }));
  });
  app.post('/api/sim/skinsback/:token', async (request, reply) => {
    const { token } = request.params as { token: string };
    const result = await answer(async () => {
      const widget = widgetOf(token);
      const body = (request.body ?? {}) as Record<string, unknown>;
      // A form sends one item_{id} field per ticked skin; JSON sends items: [ids].
      const picked = new Set([
        ...Object.keys(body).flatMap((key) => /^item_(\d{1,12})$/.exec(key)?.slice(1) ?? []).map(Number),
        ...(Array.isArray(body.items) ? body.items.map(Number) : []),
      ]);
      const items = (await skinsOf(widget.userId)).filter((item) => picked.has(item.id));
      if (items.length !== picked.size) throw new AppError(NumericError.INVALID_DATA, 'Some of these skins are not in your Steam inventory');
      return { payment: paymentOut(await s.db.transaction((tx) => sendTradeOffer(tx, s, { userId: widget.userId, method: widget.method, items }))) };
    });
    if (!fromForm(request)) return result;
    if ('error' in result) return html(reply, result.error.error_msg, 400);
    return html(reply, skinsPage({ token, items: await skinsOf(widgetOf(token).userId), notice: `Trade offer sent for ${result.response.payment.value} USD.` }));
  });
}
