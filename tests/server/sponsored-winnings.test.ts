/**
 * What sponsored coins win (docs/decisions/0056): a stake that took sponsored coins pays back
 * sponsored in the same proportion while the credit runs, so a credit cannot be played into
 * withdrawable coins before its challenge completes; a credit given back takes that share to
 * the sponsor wherever it went (an item bought with it and sold later); a completed challenge
 * leaves everything the player's own. Each test is an attack that paid before.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { formatCoins } from '../../src/core/index.ts';
import { startBattleServer, type BattleServer } from './battles-helpers.ts';
import { balanceOf, expectLedgerOk, ok, sim, type Client } from './wallet-helpers.ts';

let s: BattleServer;
beforeAll(async () => {
  s = await startBattleServer({});
});
afterAll(() => s.server.close());

const coins = (cents: number) => formatCoins(cents).replace(/,/g, '');
const requirements = async (player: Client) => {
  const { balance, withdrawable, sponsored } = await ok(player, 'wallet.getRequirements', {});
  return { balance, withdrawable, sponsored };
};

/** A player whose wallet holds only a claimed sponsor credit of `credit` cents (their own coins sit in the vault). */
async function creditOnly(name: string, credit: number, wagerGoal: number): Promise<{ player: Client; vault: number }> {
  const player = await s.server.player(name);
  const vault = await balanceOf(player);
  await ok(player, 'wallet-vault.deposit', { amount: vault });
  await sim(player, '/api/sim/sponsor-credits', { name, coins: coins(credit), wager: coins(wagerGoal) });
  await ok(player, 'partnership-plus.claim-credit');
  expect(await requirements(player)).toEqual({ balance: credit, withdrawable: 0, sponsored: credit });
  return { player, vault };
}

/** The sponsor house's balance: what credits paid out less what came back. */
const sponsorHouse = () => s.server.services.ledger.balance(s.server.services.db, { house: 'sponsor' });

describe('sponsored coins win sponsored coins', () => {
  test('dice played with a credit: each win is sponsored in the stake\'s share, own coins stay own; giving the credit back takes the sponsored part', async () => {
    const CREDIT = 50_000;
    const { player } = await creditOnly('sw_dice', CREDIT, 1_000_000);
    // Own coins beside the credit, so a stake takes own coins first and the rest from the credit.
    await ok(player, 'wallet-vault.withdraw', { amount: 10_000 });
    let wins = 0;
    for (let roll = 0; roll < 40 && wins < 3; roll++) {
      const before = await requirements(player);
      const own = before.balance - before.sponsored;
      const bet = own + 5_000;
      const { roll: played } = await ok(player, 'dice.roll', { bet, side: 'under', target: 9_800 });
      const taken = bet - own;
      const locked = Math.floor((played.payout * taken) / bet);
      expect(await requirements(player)).toEqual({
        balance: before.balance - bet + played.payout,
        sponsored: before.sponsored - taken + locked,
        withdrawable: played.payout - locked,
      });
      if (played.win) wins++;
    }
    expect(wins).toBeGreaterThan(0);
    // The vault takes only the own part; the sponsored part stays in play.
    const { withdrawable, sponsored } = await requirements(player);
    const refused = await player.call('wallet-vault.deposit', { amount: withdrawable + 1 });
    expect(refused.error?.error_code).toBe(NumericError.INVALID_DATA);

    const house = await sponsorHouse();
    const { returned } = await ok(player, 'partnership-plus.remove-credit');
    expect(returned).toBe(sponsored);
    expect(await sponsorHouse()).toBe(house + sponsored);
    expect(await requirements(player)).toEqual({ balance: withdrawable, withdrawable, sponsored: 0 });
    await expectLedgerOk(s.server);
  });

  test('an item opened with a credit and sold after the credit was given back pays the sponsor, not the player', async () => {
    const CREDIT = 50_000;
    const { player } = await creditOnly('sw_item', CREDIT, 1_000_000);
    const { listing } = await ok(player, 'arena-case.listing', { fields: 'enabled' });
    const box = listing.filter((b) => b.price <= CREDIT).reduce((a, b) => (b.price > a.price ? b : a));
    const { game } = await ok(player, 'arena-unbox.create', { box_hash: box.hash, count: 1 });
    const { asset } = await ok(player, 'arena-unbox.roll', { token: game.token });
    const left = CREDIT - box.price;
    expect(await requirements(player)).toEqual({ balance: left, withdrawable: 0, sponsored: left });

    const house = await sponsorHouse();
    const { returned } = await ok(player, 'partnership-plus.remove-credit');
    expect(returned).toBe(left);
    // The item was the credit's: its sale goes to the sponsor, wherever the coins went.
    const sale = await ok(player, 'inventory.instantSell', { hashes: asset.hash });
    expect(sale.amount).toBe(asset.price);
    expect(await requirements(player)).toEqual({ balance: 0, withdrawable: 0, sponsored: 0 });
    expect(await sponsorHouse()).toBe(house + left + asset.price);
    await expectLedgerOk(s.server);
  });

  test('a credit cannot pay other players: seats sponsored for others and a partner race prize are refused, the credit stays whole', async () => {
    const CREDIT = 50_000;
    const { player } = await creditOnly('sw_payer', CREDIT, 1_000_000);
    const host = await s.server.player('sw_host');
    const { listing } = await ok(host, 'arena-case.listing', { fields: 'enabled' });
    const cheap = [...listing].sort((a, b) => a.price - b.price)[0]!;
    const { game } = await ok(host, 'arena-battle.create', { scheme: `${cheap.hash}-1`, mode: 'solo', number: 3 });
    const seats = await player.call('arena-battle.sponsor', { token: game.token, seats: 2 });
    expect(seats.error).toEqual({ error_code: 'COMMIT_ERROR', error_msg: 'Not enough withdrawable funds' });
    // A race prize comes back as own coins when the race is cancelled: the credit may not hold it.
    const race = await player.call('partnership-plus.create-race', { name: 'Laundry', category: 5, prize: 10_000, duration: 7_200 });
    expect(race.error).toEqual({ error_code: 'COMMIT_ERROR', error_msg: 'Not enough withdrawable funds' });
    expect(await requirements(player)).toEqual({ balance: CREDIT, withdrawable: 0, sponsored: CREDIT });
    await expectLedgerOk(s.server);
  });

  test('an item opened with a credit sells sponsored while the credit runs, and as own coins once the challenge completed', async () => {
    const CREDIT = 50_000;
    const { player } = await creditOnly('sw_release', CREDIT, 40_000);
    const { listing } = await ok(player, 'arena-case.listing', { fields: 'enabled' });
    const cheap = [...listing].sort((a, b) => a.price - b.price).filter((b) => b.price <= 5_000);
    const first = await ok(player, 'arena-unbox.create', { box_hash: cheap[0]!.hash, count: 1 });
    const kept = (await ok(player, 'arena-unbox.roll', { token: first.game.token })).asset;
    const second = await ok(player, 'arena-unbox.create', { box_hash: cheap[0]!.hash, count: 1 });
    const sold = (await ok(player, 'arena-unbox.roll', { token: second.game.token })).asset;
    const before = await requirements(player);
    await ok(player, 'inventory.instantSell', { hashes: sold.hash });
    expect(await requirements(player)).toEqual({ balance: before.balance + sold.price, withdrawable: 0, sponsored: before.sponsored + sold.price });

    // Wager the rest of the goal on dice (a win is sponsored too until the goal is met).
    for (let i = 0; i < 200; i++) {
      const { challenge } = (await ok(player, 'partnership-plus.dashboard')).credit;
      if (challenge?.completed) break;
      await ok(player, 'dice.roll', { bet: 1_000, side: 'under', target: 9_800 });
    }
    expect((await ok(player, 'partnership-plus.dashboard')).credit.challenge?.completed).toBe(true);
    const done = await requirements(player);
    expect(done).toEqual({ balance: done.balance, withdrawable: done.balance, sponsored: 0 });
    await ok(player, 'inventory.instantSell', { hashes: kept.hash });
    expect(await requirements(player)).toEqual({ balance: done.balance + kept.price, withdrawable: done.balance + kept.price, sponsored: 0 });
    await expectLedgerOk(s.server);
  });
});
