/**
 * Sponsored balances: a club member claims a sponsor's credit; those coins play like any other
 * but neither a withdrawal nor the vault can take them until the wager challenge completes.
 */
import { describe, expect, test } from 'vitest';
import { formatCoins } from '../../src/core/index.ts';
import { cheapestCase } from './cases-helpers.ts';
import { balanceOf, codeAt, enableSecure, expectLedgerOk, lastEntry, ok, sim, simPost, walletServer, type Client } from './wallet-helpers.ts';

const env = walletServer();
const { clock } = env;

const START = 100_000;
const CREDIT = 5_000;
const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

interface Me {
  user: { tags: string[] };
  user_wallet: { balance: number };
  partnership: { borrow: number; challenge: null | { completed: boolean; fraction: number; result: string; conditions: { wagers: { value: number; goal: number; completed: boolean; title: string } } } };
}
const me = async (player: Client) => (await ok(player, 'user.getUser')) as Me;
const offer = (player: Client, name: string, coins: string, goal: string) => sim(player, '/api/sim/sponsor-credits', { name, coins, wager: goal });
const split = async (player: Client) => {
  const { balance, withdrawable, sponsored } = await ok(player, 'wallet.getRequirements');
  return { balance, withdrawable, sponsored };
};
/** Buys `count` (1, 5, 10, 20, 50 or 100) rolls of the cheapest case in one debit: a wager of price × count. */
async function wager(player: Client, count: number): Promise<number> {
  const box = await cheapestCase(player);
  await ok(player, 'arena-unbox.create', { box_hash: box.hash, count });
  return box.price * count;
}

describe('sponsor credit', () => {
  test('only a club member with an offer can claim; a refusal moves nothing', async () => {
    const player = await env.server.player('plain_player');
    expect((await player.call('partnership-plus.claim-credit')).error).toEqual({ error_code: 'DASHBOARD_ACCESS_DENIED', error_msg: 'Sponsor credit is for club members' });
    expect((await player.call('partnership-plus.dashboard')).error).toEqual({ error_code: 'DASHBOARD_ACCESS_DENIED', error_msg: 'Partnership plus is for partners and club members' });
    expect((await player.call('partnership-plus.remove-credit')).error).toEqual({ error_code: 19, error_msg: 'No sponsor credit to give back' });
    expect((await simPost(player, '/api/sim/sponsor-credits', { name: 'plain_player', coins: '-5', wager: '10' })).error?.error_code).toBe(16);
    expect((await simPost(player, '/api/sim/sponsor-credits', { name: 'nobody_here', coins: '5', wager: '10' })).error).toEqual({ error_code: 30, error_msg: 'User not found.' });
    expect(await balanceOf(player)).toBe(START);
    expect((await me(player)).partnership).toEqual({ borrow: 0, challenge: null });
  });

  test('claimed credit is playable, not withdrawable, until the wager goal is met; then it is the player\'s', async () => {
    const player = await env.server.player('club_runner');
    const socket = await player.socket();
    const box = await cheapestCase(player);
    const goal = box.price * 6;
    await offer(player, 'club_runner', formatCoins(CREDIT).replace(/,/g, ''), formatCoins(goal).replace(/,/g, ''));
    expect((await ok(player, 'partnership-plus.dashboard')).credit).toEqual({ balance: CREDIT, borrow: 0, sponsor: { next_time_at: null, time_offset: 0 }, challenge: null });

    const claimed = await ok(player, 'partnership-plus.claim-credit');
    expect(claimed).toMatchObject({ success: true, balance: START + CREDIT, challenge: { completed: false, result: 'running', fraction: 0 } });
    expect(claimed.borrow).toBeCloseTo(CREDIT / (START + CREDIT), 12);
    expect((await socket.next('#USER_DATA_CHANGED')).data).toEqual({ reason: 'sponsor_credit' });
    expect(await lastEntry(player)).toMatchObject({ type: 'sponsor', amount: CREDIT });
    const account = await me(player);
    expect(account.user.tags).toEqual(expect.arrayContaining(['club_member', 'sponsored']));
    expect(account.partnership.challenge?.conditions.wagers).toEqual({ value: 0, goal, progress: 0, completed: false, title: `Wager ${formatCoins(goal)} coins` });
    expect(await split(player)).toEqual({ balance: START + CREDIT, withdrawable: START, sponsored: CREDIT });
    expect((await player.call('partnership-plus.claim-credit')).error?.error_msg).toBe('Complete the current challenge or give the credit back first');
    expect((await ok(player, 'partnership-plus.dashboard')).credit).toMatchObject({ balance: 0, challenge: { result: 'running' } });

    // Neither a withdrawal nor the vault takes sponsored coins; the vault cannot be locked.
    const secret = await enableSecure(player, clock.at);
    clock.advance(30_000);
    const tooMuch = await player.call('wallet.cryptoWithdraw', { amount: START + 100, currency: 'btc', provider: 'crypto', address: BTC_ADDRESS, secure_code: codeAt(secret, clock.at) });
    expect(tooMuch.error).toEqual({ error_code: 'COMMIT_ERROR', error_msg: 'Not enough funds' });
    expect((await player.call('wallet-vault.deposit', { amount: START + 100 })).error).toEqual({ error_code: 19, error_msg: 'Sponsored coins stay in the wallet until the challenge completes' });
    expect(await ok(player, 'wallet-vault.deposit', { amount: 1_000 })).toMatchObject({ amount: 1_000 });
    expect((await player.call('wallet-vault.lock', { lock_time: 600 })).error).toEqual({ error_code: 19, error_msg: 'A sponsored partner cannot lock the vault' });
    expect(await split(player)).toEqual({ balance: START + CREDIT - 1_000, withdrawable: START - 1_000, sponsored: CREDIT });

    // A wager short of the goal moves the challenge; a win or loss leaves the sponsored part whole while own coins remain.
    const first = await wager(player, 5);
    const running = (await me(player)).partnership.challenge!;
    expect(running.conditions.wagers).toMatchObject({ value: first, completed: false });
    expect(running.fraction).toBeCloseTo(first / goal, 12);
    expect((await split(player)).sponsored).toBe(CREDIT);

    // The wager that reaches the goal releases the credit in the same transaction.
    await wager(player, 1);
    expect((await socket.next('#USER_DATA_CHANGED')).data).toEqual({ reason: 'challenge_completed' });
    const done = await me(player);
    expect(done.partnership.borrow).toBe(0);
    expect(done.partnership.challenge).toMatchObject({ completed: true, fraction: 1, result: 'completed', conditions: { wagers: { value: goal, completed: true } } });
    expect(done.user.tags).toContain('club_member');
    expect(done.user.tags).not.toContain('sponsored');
    const after = await split(player);
    expect(after).toEqual({ balance: after.balance, withdrawable: after.balance, sponsored: 0 });
    expect(await ok(player, 'wallet-vault.deposit', { amount: after.balance })).toMatchObject({ amount: 1_000 + after.balance });
    await expectLedgerOk(env.server);
  });

  test('losses spend the player\'s own coins first; giving the credit back returns what is left of it', async () => {
    const player = await env.server.player('club_loser');
    const box = await cheapestCase(player);
    await offer(player, 'club_loser', formatCoins(CREDIT).replace(/,/g, ''), '100000');
    await ok(player, 'partnership-plus.claim-credit');
    // Park every own coin in the vault: what is left in the wallet is all sponsored.
    await ok(player, 'wallet-vault.deposit', { amount: START });
    expect(await split(player)).toEqual({ balance: CREDIT, withdrawable: 0, sponsored: CREDIT });
    expect((await me(player)).partnership.borrow).toBe(1);

    const spent = await wager(player, [50, 20, 10, 5, 1].find((count) => box.price * count <= CREDIT / 2)!);
    expect(await split(player)).toEqual({ balance: CREDIT - spent, withdrawable: 0, sponsored: CREDIT - spent });
    // Coins back from the vault are the player's own.
    await ok(player, 'wallet-vault.withdraw', { amount: 2_000 });
    expect(await split(player)).toEqual({ balance: CREDIT - spent + 2_000, withdrawable: 2_000, sponsored: CREDIT - spent });

    const removed = await ok(player, 'partnership-plus.remove-credit');
    expect(removed).toEqual({ success: true, balance: 2_000, returned: CREDIT - spent });
    expect(await lastEntry(player)).toMatchObject({ type: 'sponsor', amount: -(CREDIT - spent) });
    expect((await me(player)).partnership).toMatchObject({ borrow: 0, challenge: { result: 'removed', completed: false } });
    expect((await player.call('partnership-plus.remove-credit')).error?.error_msg).toBe('No sponsor credit to give back');
    await expectLedgerOk(env.server);
  });

  test('concurrent vault deposits cannot carry sponsored coins out between them', async () => {
    const player = await env.server.player('club_racer');
    await offer(player, 'club_racer', '500', '100000');
    await ok(player, 'partnership-plus.claim-credit');
    const answers = await Promise.all(Array.from({ length: 20 }, () => player.call('wallet-vault.deposit', { amount: 10_000 })));
    expect(answers.filter((a) => a.response)).toHaveLength(START / 10_000);
    expect(answers.filter((a) => a.error).map((a) => a.error!.error_msg)).toEqual(Array(20 - START / 10_000).fill('Sponsored coins stay in the wallet until the challenge completes'));
    expect(await split(player)).toEqual({ balance: 50_000, withdrawable: 0, sponsored: 50_000 });
    await expectLedgerOk(env.server);
  });
});
