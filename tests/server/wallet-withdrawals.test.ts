import { describe, expect, test } from 'vitest';
import {
  balanceOf, codeAt, depositAddress, enableSecure, expectLedgerOk, lastEntry, ok, paymentsOf, sim, tick, walletServer, type Client, type PaymentOut,
} from './wallet-helpers.ts';

const env = walletServer();
const { clock } = env;

const START = 100_000;
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const LTC_ADDRESS = 'LVuDpNCSSj6pQ7t9Pv6d6sUkLKoqDEVUnJ';


/** A new player with 2FA enabled; the clock then moves to the next code step so the test's first code is fresh. */
async function securePlayer(name: string): Promise<{ player: Client; secret: string }> {
  const player = await env.server.player(name);
  const secret = await enableSecure(player, clock.at);
  clock.advance(30_000);
  return { player, secret };
}

const withdraw = (player: Client, params: Record<string, string | number>) =>
  player.call('wallet.cryptoWithdraw', { currency: 'btc', provider: 'crypto', address: BTC_ADDRESS, ...params });

describe('two-factor authentication', () => {
  test('setup gives a secret an app can use; a wrong code leaves it off and the right one turns it on', async () => {
    const player = await env.server.player('secure_setup');
    expect(await ok(player, 'account.secure-status')).toEqual({ enabled: false });
    const setup = await ok(player, 'account.secure-setup');
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup).toMatchObject({ issuer: 'Arena', account: 'secure_setup', digits: 6, period: 30, algorithm: 'SHA1' });
    expect(setup.otpauth_url).toBe(`otpauth://totp/Arena:secure_setup?secret=${setup.secret}&issuer=Arena&algorithm=SHA1&digits=6&period=30`);

    const right = codeAt(setup.secret, clock.at);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect((await player.call('account.secure-enable', { code: wrong })).error).toEqual({ error_code: 19, error_msg: 'Invalid 2FA code' });
    expect(await ok(player, 'account.secure-status')).toEqual({ enabled: false });
    expect(await ok(player, 'account.secure-enable', { code: right })).toEqual({ enabled: true });
    expect(await ok(player, 'account.secure-status')).toEqual({ enabled: true });
    expect((await player.call('account.secure-setup')).error?.error_msg).toBe('Two-factor authentication is already enabled');

    // The code that enabled it cannot turn it off again; the next one can.
    expect((await player.call('account.secure-disable', { code: right })).error?.error_msg).toBe('Invalid 2FA code');
    clock.advance(30_000);
    expect(await ok(player, 'account.secure-disable', { code: codeAt(setup.secret, clock.at) })).toEqual({ enabled: false });
  });

  test('a code is used once: another session presenting it again is refused', async () => {
    const { player, secret } = await securePlayer('code_once');
    const code = codeAt(secret, clock.at);
    expect(await ok(player, 'wallet.cryptoWithdraw', { stamp: 'w1', amount: 1_000, currency: 'btc', provider: 'crypto', address: BTC_ADDRESS, secure_code: code }))
      .toMatchObject({ success: true });
    const otherSession = env.server.client();
    await otherSession.signIn('code_once', 'secret-pass');
    expect((await withdraw(otherSession, { amount: 1_000, secure_code: code })).error).toEqual({ error_code: 'SECURE_CODE_REQUIRED', error_msg: 'Invalid 2FA code' });
    expect(await balanceOf(player)).toBe(START - 1_000);
  });

  test('five wrong codes make the sixth try wait ten minutes, right or not', async () => {
    const { player, secret } = await securePlayer('code_guesser');
    for (let i = 0; i < 5; i++) expect((await withdraw(player, { amount: 1_000, secure_code: '000000' })).error?.error_msg).toBe('Invalid 2FA code');
    expect((await withdraw(player, { amount: 1_000, secure_code: codeAt(secret, clock.at) })).error).toEqual({ error_code: 19, error_msg: 'Too many wrong 2FA codes. Try again in 10 min' });
    clock.advance(10 * 60_000);
    await player.renew();
    expect((await withdraw(player, { amount: 1_000, secure_code: codeAt(secret, clock.at) })).response).toMatchObject({ success: true });
  });
});

describe('crypto withdrawals', () => {
  test('without 2FA set up a withdrawal answers SECURE_REQUIRED and moves nothing', async () => {
    const player = await env.server.player('no_secure');
    expect((await withdraw(player, { amount: 5_000 })).error).toEqual({ error_code: 'SECURE_REQUIRED', error_msg: 'Set up two-factor authentication to continue' });
    expect(await balanceOf(player)).toBe(START);
    expect((await paymentsOf(player)).payments).toEqual([]);
    const { requirements, secure } = await ok(player, 'wallet.getRequirements');
    expect(secure).toBe(false);
    expect(requirements).toContainEqual({ type: 'secure', completed: false, title: 'Two-factor authentication' });
    expect((await ok(player, 'wallet.alerts')).alerts.map((a) => a.type)).toEqual(['secure_required']);
  });

  test('with 2FA a withdrawal without a code or with a wrong one asks for the code; the right one withdraws and the provider sends it', async () => {
    const { player, secret } = await securePlayer('right_coder');
    const socket = await player.socket();
    expect((await withdraw(player, { amount: 5_000 })).error).toEqual({ error_code: 'SECURE_CODE_REQUIRED', error_msg: 'Enter the code from your authenticator app' });
    expect((await withdraw(player, { amount: 5_000, secure_code: '123' })).error).toEqual({ error_code: 'SECURE_CODE_REQUIRED', error_msg: 'Invalid 2FA code' });
    expect(await balanceOf(player)).toBe(START);

    const answer = await ok(player, 'wallet.cryptoWithdraw', { stamp: 'payout-1', amount: 6_500, currency: 'btc', provider: 'crypto', address: BTC_ADDRESS, secure_code: codeAt(secret, clock.at) });
    // 65 coins buy 0.001 BTC; the network fee of 0.00002 BTC is kept from what is sent.
    expect(answer).toMatchObject({ success: true, balance: START - 6_500, payment: { type: 'withdraw', status: 'pending', amount: 6_500, value: '0.00098000', fee: '0.00002000', states: { wallet_address: BTC_ADDRESS, tx_hash: null } } });
    expect((await socket.next('WALLET_BALANCE_CHANGED')).data).toMatchObject({ amount: -6_500, type: 'wallet_withdraw' });
    expect((await socket.next('PAYMENT_UPDATED')).data).toEqual({ hash: answer.payment.hash, currency: 'BTC', changed: -6_500, balance: START - 6_500, type: 'withdraw', status: 'pending', method: 'btc' });
    expect((await socket.next('WALLET_WITHDRAW_CREATED')).data).toMatchObject({ hash: answer.payment.hash, status: 'pending' });
    expect(await lastEntry(player)).toMatchObject({ type: 'wallet_withdraw', amount: -6_500 });
    await expectLedgerOk(env.server);

    clock.advance(60_000);
    await tick(player);
    expect((await socket.next('PAYMENT_UPDATED')).data).toMatchObject({ status: 'completed', changed: 0 });
    const confirmed = (await socket.next('WALLET_WITHDRAW_CONFIRMED')).data as PaymentOut;
    expect(confirmed.states.tx_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(await balanceOf(player)).toBe(START - 6_500);
    expect(await env.server.services.ledger.balance(env.server.services.db, { house: 'payouts' })).toBe(0);
    await expectLedgerOk(env.server);
  });

  test('a withdrawal the provider fails is refunded as withdraw_refund', async () => {
    const { player, secret } = await securePlayer('refused_payout');
    const socket = await player.socket();
    const { payment } = await ok(player, 'wallet.cryptoWithdraw', { amount: 20_000, currency: 'eth', provider: 'crypto', address: ETH_ADDRESS, secure_code: codeAt(secret, clock.at) });
    expect(await balanceOf(player)).toBe(START - 20_000);
    const { payment: failed } = await sim<{ payment: PaymentOut }>(player, `/api/sim/payments/${payment.hash}/decline`);
    expect(failed).toMatchObject({ status: 'declined', states: { reason: 'The provider rejected the withdrawal' } });
    expect(await balanceOf(player)).toBe(START);
    expect(await lastEntry(player)).toMatchObject({ type: 'withdraw_refund', amount: 20_000, ref: payment.hash });
    expect((await socket.next('WALLET_WITHDRAW_FAILED')).data).toMatchObject({ hash: payment.hash, status: 'declined' });
    const updates = socket.frames.filter((f) => f.type === 'PAYMENT_UPDATED').map((f) => f.data);
    expect(updates.at(-1)).toMatchObject({ status: 'declined', type: 'withdraw', changed: 20_000, balance: START });
    // Once failed, the provider's clock leaves it alone.
    clock.advance(60_000);
    await tick(player);
    expect(await balanceOf(player)).toBe(START);
    await expectLedgerOk(env.server);
  });

  test('50 concurrent withdrawals that together exceed the balance: only those covered succeed, the rest change nothing', async () => {
    const { player, secret } = await securePlayer('payout_racer');
    const code = codeAt(secret, clock.at);
    const answers = await Promise.all(Array.from({ length: 50 }, () => withdraw(player, { amount: 3_000, secure_code: code })));
    const done = answers.filter((a) => a.response);
    expect(done).toHaveLength(33);
    expect(answers.filter((a) => a.error?.error_code === 'COMMIT_ERROR' && a.error.error_msg === 'Not enough funds')).toHaveLength(17);
    expect(await balanceOf(player)).toBe(START - 33 * 3_000);
    const { payments } = await paymentsOf(player, { count: 100 });
    expect(payments).toHaveLength(33);
    expect(new Set(payments.map((p) => p.hash)).size).toBe(33);
    await expectLedgerOk(env.server);
  });

  test('one stamp is one withdrawal, however often it is sent', async () => {
    const { player, secret } = await securePlayer('stamp_payout');
    const params = { stamp: 'same-stamp', amount: 4_000, secure_code: codeAt(secret, clock.at) };
    const answers = await Promise.all(Array.from({ length: 10 }, () => withdraw(player, params)));
    expect(answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0]))).toBe(true);
    expect(await balanceOf(player)).toBe(START - 4_000);
    expect((await paymentsOf(player)).payments).toHaveLength(1);
  });

  test('bad amounts, addresses and balances answer the spec\'s messages and move nothing', async () => {
    const { player, secret } = await securePlayer('bad_payouts');
    const code = codeAt(secret, clock.at);
    for (const amount of ['abc', '-1000', '0', '1500.5', '999', '1000001']) {
      const answer = await withdraw(player, { amount, secure_code: code });
      expect(answer.error?.error_code).toBe(16);
      expect(answer.error?.error_msg).toMatch(/^wallet\.cryptoWithdraw: amount/);
    }
    expect((await withdraw(player, { amount: 1_000, address: 'bc1qxyz', secure_code: code })).error).toEqual({ error_code: 19, error_msg: 'Incorrect BTC address' });
    expect((await withdraw(player, { amount: 1_000, currency: 'usdt', address: ETH_ADDRESS.slice(0, -1), secure_code: code })).error).toEqual({ error_code: 19, error_msg: 'Incorrect ETH address' });
    expect((await withdraw(player, { amount: 1_000, currency: 'ltc', address: BTC_ADDRESS, secure_code: code })).error).toEqual({ error_code: 19, error_msg: 'Invalid address' });
    expect((await withdraw(player, { amount: 1_000, address: await depositAddress(player, 'btc'), secure_code: code })).error?.error_msg).toBe('This is your own deposit address');
    expect((await withdraw(player, { amount: 1_000, provider: 'elsewhere', secure_code: code })).error?.error_msg).toBe('This payment provider is not available');
    expect((await withdraw(player, { amount: START + 100, secure_code: code })).error).toEqual({ error_code: 'COMMIT_ERROR', error_msg: 'Not enough funds' });
    expect((await withdraw(player, { amount: 1_000, currency: 'ltc', address: LTC_ADDRESS, secure_code: code })).response).toMatchObject({ success: true });
    expect(await balanceOf(player)).toBe(START - 1_000);
    expect((await paymentsOf(player)).payments).toHaveLength(1);
    await expectLedgerOk(env.server);
  });

  test('the conversion shows rate, fee and what an amount sends; an amount the fee eats is ESTIMATE_ERROR', async () => {
    const player = await env.server.player('converter');
    expect(await ok(player, 'wallet.cryptoConversion', { currency: 'btc', provider: 'crypto', amount: 6_500 })).toEqual({
      success: true, currency: 'BTC', rate: 65_000, precision: 8, min_deposit: '0.00010000', min_deposit_coins: 650,
      withdraw: { min: 1_000, max: 1_000_000 }, fee: '0.00002000', value: '0.00100000', receive: '0.00098000',
    });
    expect((await player.call('wallet.cryptoConversion', { currency: 'usdt', provider: 'crypto', amount: 100 })).error)
      .toEqual({ error_code: 'ESTIMATE_ERROR', error_msg: 'The amount does not cover the network fee' });
  });
});

describe('the vault with 2FA', () => {
  test('players without 2FA withdraw from the vault freely; with 2FA they need a code', async () => {
    const plain = await env.server.player('vault_plain');
    await ok(plain, 'wallet-vault.deposit', { amount: 1_000 });
    expect(await ok(plain, 'wallet-vault.withdraw', { amount: 500 })).toMatchObject({ amount: 500 });

    const { player, secret } = await securePlayer('vault_secure');
    await ok(player, 'wallet-vault.deposit', { amount: 1_000 });
    expect((await player.call('wallet-vault.withdraw', { amount: 500 })).error?.error_code).toBe('SECURE_CODE_REQUIRED');
    expect((await player.call('wallet-vault.withdraw', { amount: 500, secure_code: '999999' })).error?.error_msg).toBe('Invalid 2FA code');
    expect(await ok(player, 'wallet-vault.info')).toMatchObject({ amount: 1_000 });
    expect(await ok(player, 'wallet-vault.withdraw', { amount: 500, secure_code: codeAt(secret, clock.at) })).toMatchObject({ amount: 500, balance: START - 500 });

    await ok(player, 'wallet-vault.lock', { lock_time: 600 });
    expect((await player.call('wallet-vault.lock', { lock_time: 600 })).error?.error_msg).toBe('The vault is already locked');
    expect((await player.call('wallet-vault.withdraw', { amount: 500 })).error?.error_msg).toMatch(/^The vault is locked until/);
    await expectLedgerOk(env.server);
  });
});

describe('basic verification (BASIC_VERIFY_REQUIRED)', () => {
  test('a withdrawal above 500 coins needs it; under 18 is refused; once verified the same withdrawal goes through', async () => {
    const { player, secret } = await securePlayer('basic_verify');
    expect(await ok(player, 'account.basic-status')).toEqual({ verified: false, withdraw_above: 50_000 });
    // Up to the threshold no check; above it the call fails and moves nothing.
    expect(await ok(player, 'wallet.cryptoWithdraw', { amount: 1_000, currency: 'btc', provider: 'crypto', address: BTC_ADDRESS, secure_code: codeAt(secret, clock.at) })).toMatchObject({ success: true });
    clock.advance(30_000);
    const refused = await withdraw(player, { amount: 50_001, secure_code: codeAt(secret, clock.at) });
    expect(refused.error).toEqual({ error_code: 'BASIC_VERIFY_REQUIRED', error_msg: 'Withdrawals above 500.00 coins need basic verification' });
    expect(await balanceOf(player)).toBe(START - 1_000);

    const young = new Date(clock.at - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    expect((await player.call('account.basic-verify', { full_name: 'Ann Example', birth_date: young, country: 'de' })).error).toEqual({ error_code: 19, error_msg: 'You must be 18 or older' });
    expect((await player.call('account.basic-verify', { full_name: 'Ann Example', birth_date: '1990-02-30', country: 'de' })).error?.error_code).toBe(16);
    expect(await ok(player, 'account.basic-verify', { full_name: 'Ann Example', birth_date: '1990-02-01', country: 'de' })).toEqual({ verified: true });
    expect(await ok(player, 'account.basic-status')).toEqual({ verified: true, withdraw_above: 50_000 });

    clock.advance(30_000);
    expect(await ok(player, 'wallet.cryptoWithdraw', { amount: 50_001, currency: 'btc', provider: 'crypto', address: BTC_ADDRESS, secure_code: codeAt(secret, clock.at) })).toMatchObject({ success: true });
    await expectLedgerOk(env.server);
  });
});
