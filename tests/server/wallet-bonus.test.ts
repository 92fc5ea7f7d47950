/**
 * Deposit Bonus wagering (docs/decisions/0034): bonus coins play but cannot leave (withdrawal,
 * vault, tip) until the player wagers BONUS_WAGER_MULTIPLE times the bonus on cases, chicken or
 * dice; the ledger checks it in its one conditional debit, so concurrent cash-outs cannot
 * exceed the withdrawable part.
 */
import { describe, expect, test } from 'vitest';
import { BONUS_WAGER_MULTIPLE } from '../../src/core/boosters.ts';
import { createBattle } from './battles-helpers.ts';
import { cheapestCase } from './cases-helpers.ts';
import { hashOf } from './chat-helpers.ts';
import {
  balanceOf, codeAt, depositAddress, enableSecure, expectLedgerOk, ok, sim, tick, transfer, walletServer, type Client,
} from './wallet-helpers.ts';

const env = walletServer();
const { clock } = env;
const START = 100_000;
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

const requirementsOf = (player: Client) => ok(player, 'wallet.getRequirements');

/** Deposits BTC and lets the sim confirm it. */
async function deposit(player: Client, amount: string): Promise<void> {
  const address = await depositAddress(player, 'btc');
  await transfer(player, { address, amount });
  for (let i = 0; i < 2; i++) {
    clock.advance(60_000);
    await tick(player);
  }
}

describe('Deposit Bonus wagering', () => {
  test('the bonus cannot leave until wagered through; 20 vault deposits at once stay within the withdrawable part; after wagering it can be withdrawn', async () => {
    const player = await env.server.player('bonus_bea');
    const secret = await enableSecure(player, clock.at);
    clock.advance(30_000);
    const { hash } = await sim<{ hash: string }>(player, '/api/sim/boosters/grant', { user: await hashOf(player), kind: 'deposit_bonus', params: { multiplier_milli: 1500, bonus_max: 10_000 } });
    await ok(player, 'booster.activate', { booster_hash: hash });

    await deposit(player, '0.001'); // 6,500 cents at the sim's rate; 50% on top is 3,250
    const bonus = 3_250;
    expect(await balanceOf(player)).toBe(START + 6_500 + bonus);
    const first = await requirementsOf(player);
    expect(first).toMatchObject({ balance: START + 6_500 + bonus, withdrawable: START + 6_500, bonus: { locked: bonus, wager_left: bonus * BONUS_WAGER_MULTIPLE } });
    expect(first.requirements).toContainEqual(expect.objectContaining({ type: 'bonus_wager', completed: false }));

    // 20 vault deposits of 6,000 at once: 17 fit in the 106,500 withdrawable, 3 are refused.
    const answers = await Promise.all(Array.from({ length: 20 }, () => player.call('wallet-vault.deposit', { amount: 6_000 })));
    expect(answers.filter((a) => 'response' in a)).toHaveLength(17);
    expect(answers.filter((a) => 'error' in a)).toHaveLength(3);
    expect(await balanceOf(player)).toBe(START + 6_500 + bonus - 17 * 6_000);
    const left = await requirementsOf(player);
    expect(left).toMatchObject({ withdrawable: 4_500, bonus: { locked: bonus } });

    // Neither a withdrawal nor the vault nor a tip may take the bonus.
    const balance = await balanceOf(player);
    const refused = await player.call('wallet.cryptoWithdraw', { currency: 'btc', provider: 'crypto', address: BTC_ADDRESS, amount: balance, secure_code: codeAt(secret, clock.at), stamp: 'bonus-w1' });
    expect(refused.error).toMatchObject({ error_code: 'COMMIT_ERROR' });
    expect((await player.call('wallet-vault.deposit', { amount: 4_501 })).error).toEqual({ error_code: 19, error_msg: 'Deposit Bonus coins stay in the wallet until you wager them through' });
    expect(await balanceOf(player)).toBe(balance);

    // Dice at 95%: each roll counts its stake; the bonus is freed once 6,500 cents are wagered.
    const need = bonus * BONUS_WAGER_MULTIPLE;
    const seen: { wagered: number; bonus: { locked: number; wager_left: number }; kept: number }[] = [];
    for (let wagered = 1_000; seen.length === 0 || seen.at(-1)!.wagered < need; wagered += 1_000) {
      await ok(player, 'dice.roll', { bet: 1_000, side: 'under', target: 9_500 });
      const now = await requirementsOf(player);
      seen.push({ wagered, bonus: now.bonus, kept: now.balance - now.withdrawable });
    }
    expect(seen).toEqual(
      seen.map(({ wagered }) =>
        wagered < need ? { wagered, bonus: { locked: bonus, wager_left: need - wagered }, kept: bonus } : { wagered, bonus: { locked: 0, wager_left: 0 }, kept: 0 },
      ),
    );
    expect((await requirementsOf(player)).requirements.map((r) => r.type)).not.toContain('bonus_wager');
    clock.advance(30_000);
    const all = await balanceOf(player);
    expect(await ok(player, 'wallet.cryptoWithdraw', { currency: 'btc', provider: 'crypto', address: BTC_ADDRESS, amount: all, secure_code: codeAt(secret, clock.at), stamp: 'bonus-w2' }))
      .toMatchObject({ success: true });
    expect(await balanceOf(player)).toBe(0);
    await expectLedgerOk(env.server);
  });

  test('a battle seat does not count, a case does; 20 tips at once cannot take the bonus', async () => {
    const player = await env.server.player('bonus_bo');
    const { hash } = await sim<{ hash: string }>(player, '/api/sim/boosters/grant', { user: await hashOf(player), kind: 'deposit_bonus', params: { multiplier_milli: 1500, bonus_max: 10_000 } });
    await ok(player, 'booster.activate', { booster_hash: hash });
    await deposit(player, '0.001');
    expect((await requirementsOf(player)).bonus).toEqual({ locked: 3_250, wager_left: 6_500 });
    // A battle seat comes back if the battle never starts: it leaves the requirement as it was.
    const battle = await createBattle(player, { number: 2 });
    expect(await balanceOf(player)).toBe(START + 6_500 + 3_250 - battle.game.price);
    expect((await requirementsOf(player)).bonus).toEqual({ locked: 3_250, wager_left: 6_500 });
    await ok(player, 'arena-battle.leave', { token: battle.game.token });
    // A case counts its price; own coins pay it, so the bonus stays whole.
    const cheap = await cheapestCase(player);
    await ok(player, 'arena-unbox.create', { box_hash: cheap.hash, count: 1 });
    const after = await requirementsOf(player);
    expect(after.bonus).toEqual({ locked: 3_250, wager_left: 6_500 - cheap.price });
    expect(after.withdrawable).toBe(after.balance - 3_250);

    // 20 tips of 100 coins at once: only what the withdrawable part covers goes; the bonus stays.
    const friend = await env.server.player('bonus_friend');
    const friendHash = await hashOf(friend);
    const friendStart = await balanceOf(friend);
    const fits = Math.floor(after.withdrawable / 10_000);
    const tips = await Promise.all(Array.from({ length: 20 }, () => player.call('chat-tip.send', { user_hash: friendHash, amount: 10_000 })));
    expect(tips.filter((t) => 'response' in t)).toHaveLength(fits);
    expect(tips.filter((t) => 'error' in t).every((t) => t.error?.error_msg === 'Not enough withdrawable funds')).toBe(true);
    expect(await balanceOf(friend)).toBe(friendStart + fits * 10_000);
    const left = await requirementsOf(player);
    expect(left).toMatchObject({ balance: after.balance - fits * 10_000, withdrawable: after.withdrawable - fits * 10_000, bonus: { locked: 3_250 } });
    await expectLedgerOk(env.server);
  });
});
