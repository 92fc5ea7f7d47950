import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { balanceOf, expectLedgerOk, lastEntry, ok, testClock, walletCode, type Client } from './wallet-helpers.ts';

const clock = testClock(Date.UTC(2026, 2, 10, 20, 0, 0));
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(() => server.close());

const START = 100_000;

/** Deposits `coins` with a gift code. */
async function deposit(player: Client, coins: string): Promise<void> {
  expect(await ok(player, 'wallet.gift', { code: await walletCode(player, coins) })).toEqual({ success: true });
}

describe('applying a referral code', () => {
  test('a code must be a player\'s name: anything else is 28 Invalid code, one\'s own is 29, and nothing changes', async () => {
    await server.player('code_owner');
    const player = await server.player('code_tryer');
    for (const code of ['has space', '1starts', 'CABCD-12345-XYZ00', 'nobody_here']) {
      expect((await player.call('partnership.activateCode', { code })).error).toEqual({ error_code: 28, error_msg: 'Invalid code' });
    }
    expect((await player.call('partnership.activateCode', { code: 'code_tryer' })).error).toEqual({ error_code: 29, error_msg: 'You cannot use your own code' });
    expect(await ok(player, 'partnership.getPartner')).toMatchObject({ partner: null, code: null, cashback_available: false });
  });

  test('a right code names the partner, anonymous when asked, with the 5% bonus and its daily cap', async () => {
    await server.player('shown_partner');
    const player = await server.player('hidden_referral');
    expect(await ok(player, 'partnership.activateCode', { code: 'SHOWN_PARTNER', anonymous: 1 })).toEqual({ success: true });
    expect(await ok(player, 'partnership.getPartner')).toMatchObject({
      partner: { name: 'shown_partner', display_name: 'shown_partner' },
      code: 'shown_partner',
      anonymous: true,
      cashback_available: true,
      bonus_today: 0,
      config: { REF_CASHBACK_PERCENT: 0.05, REF_CASHBACK_DAILY_CAP: 10_000 },
    });
    // The same code again only changes the flag.
    expect(await ok(player, 'partnership.activateCode', { code: 'shown_partner', anonymous: 0 })).toEqual({ success: true });
    expect((await ok(player, 'partnership.getPartner')).anonymous).toBe(false);
  });

  test('changing partner waits a day (CODE_ACTIVATION_DELAY)', async () => {
    await server.player('first_partner');
    await server.player('second_partner');
    const player = await server.player('partner_switcher');
    await ok(player, 'partnership.activateCode', { code: 'first_partner' });
    clock.advance(60 * 60_000);
    await player.renew();
    expect((await player.call('partnership.activateCode', { code: 'second_partner' })).error).toEqual({ error_code: 'CODE_ACTIVATION_DELAY', error_msg: 'You can change your code in 23 h 0 min' });
    clock.advance(23 * 60 * 60_000);
    await player.renew();
    expect(await ok(player, 'partnership.activateCode', { code: 'second_partner' })).toEqual({ success: true });
    expect((await ok(player, 'partnership.getPartner')).code).toBe('second_partner');
  });

  test('five wrong codes in ten minutes make the next try wait', async () => {
    await server.player('real_partner');
    const player = await server.player('code_spammer');
    for (let i = 0; i < 5; i++) expect((await player.call('partnership.activateCode', { code: `wrong_code${i}` })).error?.error_code).toBe(28);
    expect((await player.call('partnership.activateCode', { code: 'real_partner' })).error).toEqual({ error_code: 'CODE_ACTIVATION_DELAY', error_msg: 'Too many wrong codes. Try again in 600 s' });
    clock.advance(10 * 60_000);
    await player.renew();
    expect(await ok(player, 'partnership.activateCode', { code: 'real_partner' })).toEqual({ success: true });
  });
});

describe('the deposit bonus', () => {
  test('referred deposits earn 5% on top as Promo Code, at most 100 coins per UTC day', async () => {
    await server.player('bonus_partner');
    const player = await server.player('bonus_earner');
    await ok(player, 'partnership.activateCode', { code: 'bonus_partner' });
    await deposit(player, '1000');
    expect(await lastEntry(player)).toMatchObject({ type: 'promo_code', amount: 5_000 });
    expect(await balanceOf(player)).toBe(START + 100_000 + 5_000);

    await deposit(player, '1500'); // 5% is 75 coins, but only 50 are left of today's 100
    expect(await lastEntry(player)).toMatchObject({ type: 'promo_code', amount: 5_000 });
    await deposit(player, '10');
    expect(await lastEntry(player)).toMatchObject({ type: 'gift_code', amount: 1_000 });
    expect(await ok(player, 'partnership.getPartner')).toMatchObject({ bonus_today: 10_000, cashback_available: false });
    expect(await balanceOf(player)).toBe(START + 251_000 + 10_000);

    clock.advance(5 * 60 * 60_000); // past midnight UTC
    await player.renew();
    await deposit(player, '12.34');
    expect(await lastEntry(player)).toMatchObject({ type: 'promo_code', amount: 61 });
    expect(await ok(player, 'partnership.getPartner')).toMatchObject({ bonus_today: 61, cashback_available: true });
    await expectLedgerOk(server);
  });

  test('deposits without a partner earn no bonus', async () => {
    const player = await server.player('lone_depositor');
    await deposit(player, '100');
    expect(await lastEntry(player)).toMatchObject({ type: 'gift_code', amount: 10_000 });
    expect(await balanceOf(player)).toBe(START + 10_000);
  });
});
