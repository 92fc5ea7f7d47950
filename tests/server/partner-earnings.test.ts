import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PARTNER_TIERS, seededRandom } from '../../src/core/index.ts';
import { createBattle } from './battles-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { balanceOf, expectLedgerOk, lastEntry, ok, walletCode, type Client } from './wallet-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/**
 * The documented rule (document 3 "up to 10% of their deposits"; docs/decisions/0011): the
 * partner's tier share of each referral deposit, kept in thousandths of a cent.
 */
const [BRONZE, SILVER] = [PARTNER_TIERS[0]!, PARTNER_TIERS[1]!];
const earnedMilli = (depositCents: number, tier = BRONZE) => depositCents * tier.earning_percent * 10;

/** A completed deposit: a wallet gift code of `coins`, redeemed. */
async function deposit(player: Client, coins: number): Promise<number> {
  expect(await ok(player, 'wallet.gift', { code: await walletCode(player, String(coins)) })).toEqual({ success: true });
  return coins * 100;
}

async function referral(name: string, partner: string): Promise<Client> {
  const player = await server.player(name);
  await ok(player, 'partnership.activateCode', { code: partner });
  return player;
}

async function cases(client: Client) {
  const { listing } = await ok(client, 'arena-case.listing', { fields: 'enabled' });
  return listing;
}

describe('partner earnings', () => {
  // 100 sign-ups, their deposits and wagers: over the project's 30 s on a loaded two-core machine.
  test('100 referrals deposit a seeded mix: the partner earns their tier\'s share of every deposit to the cent; wagers earn nothing and raise the tier', async () => {
    const partner = await server.player('earning_partner');
    const random = seededRandom(18);
    const players: Client[] = [];
    for (let i = 0; i < 100; i++) players.push(await referral(`earner_ref${i}`, 'earning_partner'));

    // Bronze: each deposit earns 5%.
    let deposited = 0;
    let milli = 0;
    await Promise.all(
      players.map(async (player) => {
        const coins = 1 + Math.floor(random() * 40);
        const cents = await deposit(player, coins);
        deposited += cents;
        milli += earnedMilli(cents, BRONZE);
      }),
    );
    let { earnings } = await ok(partner, 'partnership.referrals', {});
    expect(earnings).toMatchObject({ deposited, accrued: Math.floor(milli / 1000), wagered: 0, share_percent: BRONZE.earning_percent, referrals: 100, can_claim: true });
    expect(earnings.accrued).toBe(Math.floor((deposited * 5) / 100));

    // Wagers earn nothing themselves: ten openings each of the cheapest case take the partner past Silver's line.
    const cheapest = (await cases(partner)).toSorted((a, b) => a.price - b.price)[0]!;
    let wagered = 0;
    await Promise.all(
      players.map(async (player) => {
        await ok(player, 'arena-unbox.create', { box_hash: cheapest.hash, count: 10 });
        wagered += cheapest.price * 10;
      }),
    );
    // A battle seat is held while it waits (docs/decisions/0049): it counts toward no tier, and leaving it takes nothing back.
    const [host, guest] = [players[0]!, players[1]!];
    const left = await createBattle(host);
    await ok(host, 'arena-battle.leave', { token: left.game.token });
    const filled = await createBattle(host, { number: 2 });
    await ok(guest, 'arena-battle.join', { token: filled.game.token });
    wagered += 2 * filled.game.price;
    expect(wagered).toBeGreaterThanOrEqual(SILVER.min_wagered);
    ({ earnings } = await ok(partner, 'partnership.referrals', {}));
    expect(earnings).toMatchObject({ wagered, deposited, accrued: Math.floor(milli / 1000), share_percent: SILVER.earning_percent });

    // Silver: the next deposits earn 6%.
    for (const player of players.slice(0, 10)) {
      const cents = await deposit(player, 7);
      deposited += cents;
      milli += earnedMilli(cents, SILVER);
    }
    ({ earnings } = await ok(partner, 'partnership.referrals', {}));
    expect(earnings).toMatchObject({ deposited, accrued: Math.floor(milli / 1000), claimed: 0 });
    expect(earnings.available).toBe(earnings.accrued);
    // Each referral's row says what they deposited and what it earned.
    const page = await ok(partner, 'partnership.referrals', { count: 100 });
    expect(page.referrals.reduce((sum, r) => sum + r.deposited, 0)).toBe(deposited);
    expect(page.referrals.find((r) => r.name === 'earner_ref0')).toMatchObject({ deposited: expect.any(Number), earned: expect.any(Number) });
    await expectLedgerOk(server);
  }, 180_000);

  test('deposits and wagers of a player without a partner, and of another partner\'s referral, earn this partner nothing', async () => {
    const partner = await server.player('lonely_partner');
    const other = await server.player('other_partner');
    const stranger = await referral('strangers_ref', 'other_partner');
    const alone = await server.player('nopartner_here');
    const box = (await cases(alone))[0]!;
    for (const player of [alone, stranger]) {
      await deposit(player, 30);
      await ok(player, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
    }
    expect((await ok(partner, 'partnership.referrals', {})).earnings).toMatchObject({ accrued: 0, wagered: 0, deposited: 0, referrals: 0, can_claim: false });
    // The other partner earns 5% of their own referral's deposit, and nothing of the stranger's wagers.
    expect((await ok(other, 'partnership.referrals', {})).earnings).toMatchObject({ deposited: 3_000, accrued: 150 });
  });

  test('a claim under 20 referrals is refused and pays nothing', async () => {
    const partner = await server.player('small_partner');
    const player = await referral('small_ref', 'small_partner');
    await deposit(player, 50);
    expect((await ok(partner, 'partnership.referrals', {})).earnings).toMatchObject({ available: 250, can_claim: false });
    const before = await balanceOf(partner);
    expect((await partner.call('partnership-plus.claim-earn', {})).error).toEqual({ error_code: 'COMMIT_ERROR', error_msg: 'You need at least 20 referrals to cash out' });
    expect(await balanceOf(partner)).toBe(before);
  });

  test('twenty claims at once pay the earnings once, as Partnership earned; then there is nothing to claim', async () => {
    const partner = await server.player('claiming_partner');
    const referrals: Client[] = [];
    for (let i = 0; i < 20; i++) referrals.push(await referral(`claim_ref${i}`, 'claiming_partner'));
    for (const player of referrals) await deposit(player, 3);
    const { earnings } = await ok(partner, 'partnership.referrals', {});
    expect(earnings.available).toBe(Math.floor(earnedMilli(300 * 20) / 1000));
    expect(earnings.available).toBe(300);

    const before = await balanceOf(partner);
    const answers = await Promise.all(Array.from({ length: 20 }, () => partner.call('partnership-plus.claim-earn', {})));
    const paid = answers.filter((a) => 'response' in a);
    expect(paid).toHaveLength(1);
    expect(paid[0]!.response).toMatchObject({ amount: earnings.available, earnings: { claimed: earnings.available, available: 0, can_claim: false } });
    expect(answers.filter((a) => a.error?.error_msg === 'Nothing to claim yet')).toHaveLength(19);
    expect(await balanceOf(partner)).toBe(before + earnings.available);
    expect(await lastEntry(partner)).toMatchObject({ type: 'partnership_earned', amount: earnings.available });
    await expectLedgerOk(server);
  });

  test('the referrals list pages newest first by the last hash, and hides the names of anonymous referrals', async () => {
    const partner = await server.player('paging_partner');
    for (let i = 0; i < 5; i++) await referral(`paging_ref${i}`, 'paging_partner');
    const hidden = await server.player('paging_hidden');
    await ok(hidden, 'partnership.activateCode', { code: 'paging_partner', anonymous: 1 });

    const first = await ok(partner, 'partnership.referrals', { count: 4 });
    expect(first.code).toBe('paging_partner');
    expect(first.referrals.map((r) => r.name)).toEqual(['Hidden', 'paging_ref4', 'paging_ref3', 'paging_ref2']);
    expect(first.referrals[0]).toMatchObject({ anonymous: true, display_name: 'Hidden', wagered: 0, deposited: 0, earned: 0 });
    expect(first.has_more).toBe(true);
    const second = await ok(partner, 'partnership.referrals', { count: 4, offset: first.referrals.at(-1)!.hash });
    expect(second.referrals.map((r) => r.name)).toEqual(['paging_ref1', 'paging_ref0']);
    expect(second.has_more).toBe(false);
    expect((await partner.call('partnership.referrals', { offset: 'not-a-hash' })).error?.error_code).toBe(16);
  });

  test('invite-link visits count for a partner\'s code; an unknown code counts nothing', async () => {
    const partner = await server.player('visited_partner');
    const visitor = server.client();
    expect(await ok(visitor, 'partnership.visit', { code: 'VISITED_PARTNER' })).toEqual({ success: true });
    expect(await ok(visitor, 'partnership.visit', { code: 'visited_partner' })).toEqual({ success: true });
    expect(await ok(visitor, 'partnership.visit', { code: 'nobody_by_that_name' })).toEqual({ success: false });
    expect((await ok(partner, 'partnership.referrals', {})).earnings.visits).toBe(2);
  });
});
