/**
 * Money integrity (docs/decisions/0049): a battle seat is a hold until its battle fills. A
 * refund gives back exactly the parts of the balance the seat took (sponsored, tip-locked,
 * bonus), and nothing wagering earns (experience, level rewards, tiers, race points, challenge
 * progress) is earned on a seat that can still be refunded. Each test is an attack that paid
 * before holds existed.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { formatCoins } from '../../src/core/index.ts';
import { CASE_COUNTS } from '../../src/core/scheme.ts';
import { startBattleServer, type BattleServer } from './battles-helpers.ts';
import { playerWithScope } from './chat-helpers.ts';
import { balanceOf, expectLedgerOk, ok, sim, type Client } from './wallet-helpers.ts';

const DAY = 86_400_000;
// Ten minutes before a UTC midnight: the race test crosses it.
const DAY_END = Date.UTC(2026, 0, 6);

let s: BattleServer;
beforeAll(async () => {
  s = await startBattleServer({}, DAY_END - 10 * 60_000);
});
afterAll(() => s.server.close());

const coins = (cents: number) => formatCoins(cents).replace(/,/g, '');
const requirements = async (player: Client) => {
  const { balance, withdrawable, sponsored, to_wager } = await ok(player, 'wallet.getRequirements', {});
  return { balance, withdrawable, sponsored, to_wager };
};

/** Creates a battle whose seat costs as much of `cents` as one case and round count allow. */
async function battleFor(player: Client, cents: number, params: Record<string, string | number> = {}) {
  const { listing } = await ok(player, 'arena-case.listing', { fields: 'enabled' });
  const options = listing.flatMap((box) => CASE_COUNTS.map((count) => ({ box, count, price: box.price * count }))).filter((o) => o.price <= cents);
  const best = options.reduce((a, b) => (b.price > a.price ? b : a));
  return ok(player, 'arena-battle.create', { scheme: `${best.box.hash}-${best.count}`, mode: 'solo', number: 2, ...params });
}

/** Puts the whole wallet in the vault: what is left in the wallet afterwards is only what comes to it. */
async function emptyIntoVault(player: Client): Promise<number> {
  const own = await balanceOf(player);
  await ok(player, 'wallet-vault.deposit', { amount: own });
  return own;
}

describe('a refunded seat gives back exactly what it took', () => {
  test('sponsored coins staked on a seat come back sponsored: the vault stays closed to the credit', async () => {
    const player = await s.server.player('mi_sponsored');
    const CREDIT = 50_000;
    await emptyIntoVault(player);
    await sim(player, '/api/sim/sponsor-credits', { name: 'mi_sponsored', coins: coins(CREDIT), wager: coins(10 * CREDIT) });
    await ok(player, 'partnership-plus.claim-credit');
    expect(await requirements(player)).toMatchObject({ balance: CREDIT, withdrawable: 0, sponsored: CREDIT });

    const created = await battleFor(player, CREDIT);
    await ok(player, 'arena-battle.leave', { token: created.game.token });
    expect(await requirements(player)).toMatchObject({ balance: CREDIT, withdrawable: 0, sponsored: CREDIT });
    const refused = await player.call('wallet-vault.deposit', { amount: CREDIT });
    expect(refused.error).toEqual({ error_code: NumericError.INVALID_DATA, error_msg: 'Sponsored coins stay in the wallet until the challenge completes' });
    // The seat moved no challenge either.
    expect((await ok(player, 'partnership-plus.dashboard')).credit.challenge?.conditions.wagers.value).toBe(0);
    await expectLedgerOk(s.server);
  });

  test('need_wager tip coins staked on a seat come back locked', async () => {
    const admin = await playerWithScope(s.server, 'mi_tipper', 4);
    const taker = await playerWithScope(s.server, 'mi_tiptaker', 0);
    const TIP = 20_000;
    await emptyIntoVault(taker.client);
    await ok(admin.client, 'chat-tip.send', { user_hash: taker.hash, amount: TIP, need_wager: 1 });
    expect(await requirements(taker.client)).toMatchObject({ balance: TIP, withdrawable: 0, to_wager: TIP });

    const created = await battleFor(taker.client, TIP);
    await ok(taker.client, 'arena-battle.leave', { token: created.game.token });
    expect(await requirements(taker.client)).toMatchObject({ balance: TIP, withdrawable: 0, to_wager: TIP });
    expect((await taker.client.call('wallet-vault.deposit', { amount: 1 })).error?.error_code).toBe(NumericError.INVALID_DATA);
    await expectLedgerOk(s.server);
  });

  test('three deal rounds laundered through refunded seats leave the partner where they started', async () => {
    const partner = await s.server.player('mi_partner');
    await sim(partner, '/api/sim/partners/tag', { name: 'mi_partner', tag: 'partner' });
    await emptyIntoVault(partner);
    for (let round = 0; round < 3; round++) {
      await ok(partner, 'partnership-plus.confirm-deal', { amount: 20_000 });
      await ok(partner, 'partnership-plus.claim-credit');
      const created = await battleFor(partner, 20_000);
      await ok(partner, 'arena-battle.leave', { token: created.game.token });
      const cancelled = await ok(partner, 'partnership-plus.deal-settings-action', { action: 'cancel' });
      expect(cancelled).toMatchObject({ returned: 20_000, deal: { status: 'cancelled' } });
      expect(await balanceOf(partner)).toBe(0);
    }
    expect((await partner.call('wallet-vault.deposit', { amount: 1 })).error).toBeDefined();
    await expectLedgerOk(s.server);
  });

  test('a credit cancelled while its coins sit in a seat is paid back to the sponsor when the seat is refunded', async () => {
    const partner = await s.server.player('mi_partnerheld');
    await sim(partner, '/api/sim/partners/tag', { name: 'mi_partnerheld', tag: 'partner' });
    await emptyIntoVault(partner);
    await ok(partner, 'partnership-plus.confirm-deal', { amount: 20_000 });
    await ok(partner, 'partnership-plus.claim-credit');
    const created = await battleFor(partner, 20_000);
    const price = created.game.price;
    const cancelled = await ok(partner, 'partnership-plus.deal-settings-action', { action: 'cancel' });
    expect(cancelled.returned).toBe(20_000 - price);
    await ok(partner, 'arena-battle.leave', { token: created.game.token });
    expect(await requirements(partner)).toMatchObject({ balance: 0, withdrawable: 0, sponsored: 0 });
    await expectLedgerOk(s.server);
  });
});

describe('nothing is earned on a seat that can still be refunded', () => {
  test('a seat for most of the balance reaches no level, no reward and no tier; leaving gives back every cent', async () => {
    const player = await s.server.player('mi_leveller');
    const start = await balanceOf(player);
    const created = await battleFor(player, Math.floor(start * 0.95), { personal: 1 });
    const levels = await ok(player, 'rewards.levels', {});
    expect(levels).toMatchObject({ level: 0, exp: 0 });
    expect(levels.rewards.filter((r) => r.reached)).toEqual([]);
    expect((await player.call('rewards.claim', { level: 2 })).error?.error_code).toBe(NumericError.INVALID_DATA);
    expect((await player.call('battlepass.claim', { tier: 1, track: 'free' })).error?.error_code).toBe(NumericError.INVALID_DATA);
    await ok(player, 'arena-battle.leave', { token: created.game.token });
    expect(await balanceOf(player)).toBe(start);
    expect((await ok(player, 'rewards.levels', {})).exp).toBe(0);
    await expectLedgerOk(s.server);
  });

  test('a seat bought just before the daily race ends earns no race points; leaving after the end wins nothing', async () => {
    const holder = await s.server.player('mi_racer');
    const opener = await s.server.player('mi_opener');
    const dayStart = DAY_END - DAY;
    const created = await battleFor(holder, 50_000);
    // Someone else wagers a little, so the day has a field to pay.
    const { listing } = await ok(opener, 'arena-case.listing', { fields: 'enabled' });
    await ok(opener, 'arena-unbox.create', { box_hash: listing[0]!.hash, count: 1 });
    const board = await ok(holder, 'race.leaderboard', { period: 'daily' });
    expect(board.me?.wagered ?? 0).toBe(0);
    expect(board.leaders.map((l) => l.user.name)).not.toContain('mi_racer');

    // Past midnight: the day is settled (the server's clock owner checks every second).
    await s.advance(11 * 60_000);
    const deadline = Date.now() + 15_000;
    let past = await ok(holder, 'race.leaderboard', { period: 'daily', start: dayStart });
    while (!past.paid && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      past = await ok(holder, 'race.leaderboard', { period: 'daily', start: dayStart });
    }
    expect(past.paid).toBe(true);
    expect(past.leaders.map((l) => l.user.name)).toEqual(['mi_opener']);
    const before = await balanceOf(holder);
    await ok(holder, 'arena-battle.leave', { token: created.game.token });
    expect(await balanceOf(holder)).toBe(before + created.game.price);
    const history = (await ok(holder, 'wallet.getHistory', { count: 20 })).actions;
    expect(history.filter((e) => e.type === 'event_leaderboard')).toEqual([]);
    await expectLedgerOk(s.server);
  });
});
