import { describe, expect, test } from 'vitest';
import { isCryptoAddress } from '../../src/core/index.ts';
import { operatorHeaders, startServer } from './harness.ts';
import {
  balanceOf, codeAt, depositAddress, enableSecure, expectLedgerOk, lastEntry, ok, paymentsOf, sim, simPost, walletServer, tick, transfer, type PaymentOut,
} from './wallet-helpers.ts';

const env = walletServer();
const { clock } = env;

const START = 100_000;

describe('crypto deposits', () => {
  test('a deposit is pending when first seen, gains a confirmation per block and credits at the chain\'s confirmations', async () => {
    const player = await env.server.player('btc_depositor');
    const socket = await player.socket();
    const address = await depositAddress(player, 'btc');

    const seen = await transfer(player, { address, amount: '0.001' });
    expect(seen).toMatchObject({ type: 'deposit', method: 'btc', currency: 'BTC', status: 'pending', amount: 6_500, value: '0.00100000' });
    expect(seen.states).toMatchObject({ wallet_address: address, confirmations: 0, required_confirmations: 2 });
    expect((await socket.next('PAYMENT_UPDATED')).data).toEqual({
      hash: seen.hash, currency: 'BTC', changed: 0, balance: START, type: 'deposit', status: 'pending', method: 'btc',
    });
    expect(await balanceOf(player)).toBe(START);

    clock.advance(60_000);
    await tick(player);
    const [halfway] = (await paymentsOf(player)).payments;
    expect(halfway).toMatchObject({ status: 'pending', states: { confirmations: 1 } });
    expect(await balanceOf(player)).toBe(START);

    clock.advance(60_000);
    await tick(player);
    // The ledger's balance push comes first, then the payment's own events.
    expect((await socket.next('WALLET_BALANCE_CHANGED')).data).toMatchObject({ amount: 6_500, type: 'wallet_deposit', balance: START + 6_500 });
    const done = await socket.next('PAYMENT_UPDATED');
    expect(done.data).toEqual({ hash: seen.hash, currency: 'BTC', changed: 6_500, balance: START + 6_500, type: 'deposit', status: 'completed', method: 'btc' });
    expect((await socket.next('WALLET_DEPOSIT_CONFIRMED')).data).toMatchObject({ hash: seen.hash, status: 'completed', states: { confirmations: 2 } });
    expect(await balanceOf(player)).toBe(START + 6_500);
    expect(await lastEntry(player)).toMatchObject({ type: 'wallet_deposit', amount: 6_500, ref: seen.hash });
    await expectLedgerOk(env.server);
  });

  test('each chain\'s invoice gives one lasting address of its own shape per player', async () => {
    const first = await env.server.player('address_one');
    const second = await env.server.player('address_two');
    const shapes = { btc: /^bc1q[02-9ac-hj-np-z]{38}$/, ltc: /^ltc1q[02-9ac-hj-np-z]{38}$/, eth: /^0x[0-9a-fA-F]{40}$/, usdt: /^0x[0-9a-fA-F]{40}$/, usdc: /^0x[0-9a-fA-F]{40}$/ };
    const seen = new Set<string>();
    for (const [currency, shape] of Object.entries(shapes) as [keyof typeof shapes, RegExp][]) {
      const invoice = await ok(first, 'wallet.cryptoInvoice', { currency, provider: 'crypto' });
      if (!invoice.success) throw new Error(invoice.message);
      expect(invoice.address).toMatch(shape);
      expect(isCryptoAddress(invoice.currency as 'BTC', invoice.address)).toBe(true);
      expect(invoice.uri).toBe(`${currency === 'btc' ? 'bitcoin' : currency === 'ltc' ? 'litecoin' : 'ethereum'}:${invoice.address}`);
      expect(await depositAddress(first, currency)).toBe(invoice.address);
      const other = await depositAddress(second, currency);
      expect(other).not.toBe(invoice.address);
      seen.add(invoice.address).add(other);
    }
    expect(seen.size).toBe(10);
    expect(await ok(first, 'wallet.cryptoInvoice', { currency: 'btc', provider: 'elsewhere' })).toEqual({ success: false, message: 'This payment provider is not available' });
  });

  test('a deposit failing the provider\'s screening is declined, credits nothing and can be sent back once', async () => {
    const player = await env.server.player('flagged_sender');
    const socket = await player.socket();
    const address = await depositAddress(player, 'eth');
    const seen = await transfer(player, { address, amount: '0.01', flagged: true });
    await socket.next('PAYMENT_UPDATED');
    clock.advance(6 * 15_000);
    await tick(player);
    expect((await socket.next('PAYMENT_UPDATED')).data).toMatchObject({ hash: seen.hash, status: 'declined', changed: 0, balance: START });
    const [declined] = (await paymentsOf(player)).payments;
    expect(declined).toMatchObject({ status: 'declined', states: { reason: 'Incoming funds failed the provider verification', refund_address: null } });
    expect(await balanceOf(player)).toBe(START);
    expect((await ok(player, 'wallet.alerts')).alerts.map((a) => a.id)).toContain(`refund_available:${seen.hash}`);

    const refundTo = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect((await player.call('wallet.cryptoRefund', { currency: 'eth', provider: 'crypto', refund_address: refundTo })).error?.error_code).toBe('SECURE_REQUIRED');
    const secret = await enableSecure(player, clock.at);
    clock.advance(30_000);
    const code = codeAt(secret, clock.at);
    expect((await player.call('wallet.cryptoRefund', { currency: 'eth', provider: 'crypto', refund_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', secure_code: code })).error)
      .toEqual({ error_code: 19, error_msg: 'Invalid address' });
    const refund = await ok(player, 'wallet.cryptoRefund', { currency: 'eth', provider: 'crypto', refund_address: refundTo, secure_code: code });
    expect(refund).toMatchObject({ success: true, payment: { hash: seen.hash, status: 'declined', states: { refund_address: refundTo } } });
    expect(await ok(player, 'wallet.cryptoRefund', { currency: 'eth', provider: 'crypto', refund_address: refundTo })).toEqual({ success: false, message: 'There is no declined deposit to refund' });
    expect(await balanceOf(player)).toBe(START);
    await expectLedgerOk(env.server);
  });

  test('a deposit below the chain\'s minimum is declined when it arrives in full', async () => {
    const player = await env.server.player('tiny_sender');
    const minimum = await ok(player, 'wallet.cryptoConversion', { currency: 'usdt', provider: 'crypto' });
    expect(minimum).toMatchObject({ success: true, min_deposit: '5.000000', min_deposit_coins: 500 });
    await transfer(player, { address: await depositAddress(player, 'usdt'), amount: '4.999999' });
    clock.advance(6 * 15_000);
    await tick(player);
    expect((await paymentsOf(player)).payments[0]).toMatchObject({ status: 'declined', states: { reason: 'Below the minimum deposit' } });
    expect(await balanceOf(player)).toBe(START);
  });

  test('transfers with letters, signs, zero, too many decimals or to an unknown address are refused and record nothing', async () => {
    const player = await env.server.player('bad_sender');
    const address = await depositAddress(player, 'usdc');
    for (const amount of ['abc', '-5', '0', '1.1234567', '1e3', '']) {
      expect((await simPost(player, '/api/sim/crypto/transfers', { address, amount })).error?.error_code).toBe(16);
    }
    expect((await simPost(player, '/api/sim/crypto/transfers', { address: '0x0000000000000000000000000000000000000001', amount: '10' })).error)
      .toEqual({ error_code: 19, error_msg: 'No player has this deposit address' });
    expect((await paymentsOf(player)).payments).toEqual([]);
  });

  test('a provider reporting the same chain transfer twice credits it once', async () => {
    const player = await env.server.player('twice_reported');
    const address = await depositAddress(player, 'ltc');
    const txHash = 'ab'.repeat(32);
    const [a, b] = await Promise.all([transfer(player, { address, amount: '1', tx_hash: txHash }), transfer(player, { address, amount: '1', tx_hash: txHash })]);
    expect(a.hash).toBe(b.hash);
    clock.advance(4 * 30_000);
    await tick(player);
    expect(await balanceOf(player)).toBe(START + 8_500);
    expect((await paymentsOf(player)).payments).toHaveLength(1);
    await expectLedgerOk(env.server);
  });
});

describe('card deposits through instaxchange', () => {
  test('an invoice waits for the card, settles after the charge and credits its amount', async () => {
    const player = await env.server.player('card_payer');
    const socket = await player.socket();
    const { memo, url, payment } = await ok(player, 'payment-insta.create', { amount: 2_500, method: 'visa' });
    expect(memo).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(payment).toMatchObject({ provider: 'instaxchange', method: 'visa', currency: 'USD', status: 'waiting', amount: 2_500, value: '25.00' });
    expect(await ok(player, 'payment-insta.getInvoice', { memo })).toMatchObject({ memo, url, status: 'waiting' });
    expect((await socket.next('PAYMENT_UPDATED')).data).toMatchObject({ status: 'waiting' });

    const checkout = await player.request(url);
    expect(checkout.status).toBe(200);
    expect(String(checkout.body.text)).toContain('Pay 25.00 USD');
    const charged = await sim<{ payment: PaymentOut }>(player, url, { card_number: '4242 4242 4242 4242' });
    expect(charged.payment.status).toBe('pending');
    expect((await socket.next('PAYMENT_UPDATED')).data).toMatchObject({ status: 'pending', changed: 0 });
    expect(await balanceOf(player)).toBe(START);

    clock.advance(20_000);
    await tick(player);
    expect((await socket.next('PAYMENT_UPDATED')).data).toMatchObject({ hash: payment.hash, status: 'completed', changed: 2_500, balance: START + 2_500 });
    expect(await balanceOf(player)).toBe(START + 2_500);
    expect(await lastEntry(player)).toMatchObject({ type: 'wallet_deposit', amount: 2_500 });
    expect((await ok(player, 'payment-insta.getInvoice', { memo })).status).toBe('completed');
    await expectLedgerOk(env.server);
  });

  test('a card the issuer declines is declined at once, and an invoice nobody pays expires; neither credits', async () => {
    const player = await env.server.player('card_declined');
    const declined = await ok(player, 'payment-insta.create', { amount: 1_000, method: 'mastercard' });
    const charged = await sim<{ payment: PaymentOut }>(player, declined.url, { card_number: '4000 0000 0000 0002' });
    expect(charged.payment).toMatchObject({ status: 'declined', states: { reason: 'The card issuer declined the payment' } });
    expect((await simPost(player, declined.url, { card_number: '4242 4242 4242 4242' })).error?.error_msg).toBe('This invoice is no longer open');

    const unpaid = await ok(player, 'payment-insta.create', { amount: 1_000, method: 'visa' });
    clock.advance(30 * 60_000);
    await tick(player);
    await player.renew(); // half an hour later the access token has expired
    expect((await ok(player, 'payment-insta.getInvoice', { memo: unpaid.memo })).status).toBe('expired');
    expect(await balanceOf(player)).toBe(START);

    const stranger = await env.server.player('card_stranger');
    expect((await stranger.call('payment-insta.getInvoice', { memo: unpaid.memo })).error).toEqual({ error_code: 30, error_msg: 'Invoice not found' });
  });

  test('card amounts with letters, signs, decimals, zero or outside 5 to 5000 coins are refused and open nothing', async () => {
    const player = await env.server.player('card_badamounts');
    for (const amount of ['abc', '-500', '0', '12.5', '499', '500001']) {
      const answer = await player.call('payment-insta.create', { amount, method: 'visa' });
      expect(answer.error?.error_code).toBe(16);
      expect(answer.error?.error_msg).toMatch(/^payment-insta\.create: amount/);
    }
    expect((await player.call('payment-insta.create', { amount: 1_000, method: 'amex' })).error?.error_msg).toMatch(/method/);
    expect((await paymentsOf(player)).payments).toEqual([]);
  });
});

describe('gift cards', () => {
  test('a card bought at the shop credits its face value once, as a Gift Card entry', async () => {
    const player = await env.server.player('giftcard_buyer');
    const socket = await player.socket();
    const { products } = await ok(player, 'payment-kinguin.loadProducts', { method: 'applepay' });
    expect(products.map((p) => [p.id, p.amount, p.price])).toEqual([['applepay-10', 1_000, 1_050], ['applepay-25', 2_500, 2_625], ['applepay-50', 5_000, 5_250], ['applepay-100', 10_000, 10_500]]);
    const bought = await sim<{ code: string; amount: number }>(player, products[1]!.url);
    expect(bought.code).toMatch(/^C[A-Z0-9]{4}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);

    expect(await ok(player, 'wallet.gift', { code: bought.code.toLowerCase() })).toEqual({ success: true });
    expect((await socket.next('PAYMENT_UPDATED')).data).toMatchObject({ status: 'completed', method: 'applepay', changed: 2_500, currency: 'USD' });
    expect(await balanceOf(player)).toBe(START + 2_500);
    expect(await lastEntry(player)).toMatchObject({ type: 'gift_code', amount: 2_500 });
    expect((await paymentsOf(player)).payments[0]).toMatchObject({ provider: 'giftcard', method: 'applepay', status: 'completed', value: '25.00' });

    expect(await ok(player, 'wallet.gift', { code: bought.code })).toEqual({ success: false, cause: 'This code has already been used' });
    expect(await ok(player, 'wallet.gift', { code: 'CZZZZ-ZZZZZ-ZZZZZ' })).toEqual({ success: false, cause: 'Invalid Code' });
    expect(await balanceOf(player)).toBe(START + 2_500);
    await expectLedgerOk(env.server);
  });
});

describe('skins through skinsback', () => {
  test('picked skins credit their payout once the trade offer is accepted, and are not offered again', async () => {
    const player = await env.server.player('skin_trader');
    expect((await player.call('payment-skinsback.create-deposit-widget')).error).toEqual({ error_code: 19, error_msg: 'Set your Steam trade URL first' });
    expect((await player.call('payment-skinsback.trade-url', { trade_url: 'https://example.com/trade' })).error).toEqual({ error_code: 19, error_msg: 'Incorrect Steam trade-url' });
    const tradeUrl = 'https://steamcommunity.com/tradeoffer/new/?partner=12345678&token=AbCdEf12';
    expect(await ok(player, 'payment-skinsback.trade-url', { trade_url: tradeUrl })).toEqual({ trade_url: tradeUrl });
    expect(await ok(player, 'payment-skinsback.trade-url')).toEqual({ trade_url: tradeUrl });

    const widget = await ok(player, 'payment-skinsback.create-deposit-widget');
    expect(widget.expires_at).toBe(clock.at + 3_600_000);
    const visitor = env.server.client();
    expect((await visitor.request(widget.url)).status).toBe(200);
    const { items } = (await visitor.request(`${widget.url}/items`)).body.response as { items: { id: number; payout: number }[] };
    expect(items).toHaveLength(12);
    const picked = items.slice(0, 2);
    const { payment } = await sim<{ payment: PaymentOut }>(visitor, widget.url, { items: picked.map((i) => i.id) });
    const payout = picked[0]!.payout + picked[1]!.payout;
    expect(payment).toMatchObject({ provider: 'skinsback', method: 'skinsback', status: 'pending', amount: payout });

    clock.advance(30_000);
    await tick(player);
    expect(await balanceOf(player)).toBe(START + payout);
    expect(await lastEntry(player)).toMatchObject({ type: 'wallet_deposit', amount: payout });
    const after = (await visitor.request(`${widget.url}/items`)).body.response as { items: { id: number }[] };
    expect(after.items.map((i) => i.id)).toEqual(items.slice(2).map((i) => i.id));
    expect((await simPost(visitor, widget.url, { items: [picked[0]!.id] })).error?.error_msg).toBe('Some of these skins are not in your Steam inventory');
    // A forged signature: the last character changed (to one it is not, so the test cannot pass by luck of the draw).
    const forged = widget.url.slice(0, -1) + (widget.url.endsWith('x') ? 'y' : 'x');
    expect((await simPost(visitor, forged, { items: [items[5]!.id] })).error?.error_code).toBe(15);
    await expectLedgerOk(env.server);
  });
});

describe('the sim payment console', () => {
  test('lists open payments and confirms or declines them at once', async () => {
    const player = await env.server.player('console_player');
    const address = await depositAddress(player, 'btc');
    const first = await transfer(player, { address, amount: '0.002' });
    const second = await transfer(player, { address, amount: '0.003' });
    const operator = { headers: operatorHeaders(player) };
    const page = await player.request('/api/sim/payments', operator);
    expect(page.status).toBe(200);
    expect(String(page.body.text)).toContain(first.hash);
    const listed = (await player.request('/api/sim/payments.json', operator)).body.response as { open: { hash: string; user_name: string }[] };
    expect(listed.open.filter((p) => p.user_name === 'console_player').map((p) => p.hash)).toEqual([second.hash, first.hash]);

    expect((await sim<{ payment: PaymentOut }>(player, `/api/sim/payments/${first.hash}/confirm`)).payment.status).toBe('completed');
    expect((await sim<{ payment: PaymentOut }>(player, `/api/sim/payments/${second.hash}/decline`)).payment).toMatchObject({ status: 'declined', states: { reason: 'Declined by the provider' } });
    expect((await simPost(player, `/api/sim/payments/${first.hash}/decline`)).error).toEqual({ error_code: 19, error_msg: 'Payment is completed, not open' });
    expect(await balanceOf(player)).toBe(START + 13_000);

    // A browser form is sent back to the console, which says what happened.
    const form = await player.request(`/api/sim/payments/${second.hash}/confirm`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...operator.headers }, body: '' });
    expect(form.status).toBe(303);
    const back = await player.request(form.response.headers.get('location')!, operator);
    expect(String(back.body.text)).toContain('Payment is declined, not open');
    await expectLedgerOk(env.server);
  });

  test('payments page by the last hash, newest first, and filter by currency', async () => {
    const player = await env.server.player('paged_payer');
    const btc = await depositAddress(player, 'btc');
    const ltc = await depositAddress(player, 'ltc');
    const made: PaymentOut[] = [];
    for (const [address, amount] of [[btc, '0.001'], [ltc, '1'], [btc, '0.002'], [ltc, '2'], [btc, '0.003']] as const) made.push(await transfer(player, { address, amount }));
    const newest = made.map((p) => p.hash).toReversed();
    const page1 = await paymentsOf(player, { count: 2 });
    expect(page1.payments.map((p) => p.hash)).toEqual(newest.slice(0, 2));
    expect(page1.has_more).toBe(true);
    const page2 = await paymentsOf(player, { count: 2, offset: page1.payments.at(-1)!.hash });
    expect(page2.payments.map((p) => p.hash)).toEqual(newest.slice(2, 4));
    const page3 = await paymentsOf(player, { count: 2, offset: page2.payments.at(-1)!.hash });
    expect(page3).toMatchObject({ has_more: false, payments: [{ hash: newest[4] }] });
    const onlyBtc = await paymentsOf(player, { currency: 'btc' });
    expect(onlyBtc.payments.map((p) => p.currency)).toEqual(['BTC', 'BTC', 'BTC']);
  });

  test('the wallet lists every method of the spec\'s groups with bounds and rates', async () => {
    const player = await env.server.player('method_reader');
    const { wallets, payment_methods } = await ok(player, 'wallet.getPaymentMethods', { currencies: 'SFC,BTC' });
    expect(wallets).toEqual([{ currency: 'SFC', amount: START, locked: 0 }, { currency: 'BTC', amount: 0, locked: 0 }]);
    const groups = Object.groupBy(payment_methods, (m) => m.group);
    expect(groups.crypto?.map((m) => m.method)).toEqual(['btc', 'eth', 'ltc', 'usdt', 'usdc']);
    expect(groups.card?.map((m) => m.method)).toEqual(['visa', 'mastercard']);
    expect(groups.giftcard?.map((m) => m.method)).toEqual(['applepay', 'paypal', 'visamaster', 'mastercard', 'visa', 'paysafecard', 'neteller', 'gpay']);
    expect(groups.skins?.map((m) => m.method)).toEqual(['skinsback']);
    expect(groups.other?.map((m) => m.method)).toEqual(['cs2']);
    expect(payment_methods.find((m) => m.method === 'btc')).toMatchObject({ precision: 8, rate: 65_000, confirmations: 2, withdraw: { min: 1_000, max: 1_000_000 } });
  });
});

describe('sim mode off', () => {
  test('the payment console and the providers\' pages do not exist, while the wallet methods still answer', async () => {
    const real = await startServer({ simMode: false });
    try {
      const player = await real.player('nosim_player');
      for (const path of ['/api/sim/payments', '/api/sim/payments.json', '/api/sim/kinguin/visa-10']) expect((await player.request(path)).status).toBe(404);
      expect((await player.request('/api/sim/payments/tick', { method: 'POST' })).status).toBe(404);
      expect(await depositAddress(player, 'btc')).toMatch(/^bc1q/);
    } finally {
      await real.close();
    }
  });
});
