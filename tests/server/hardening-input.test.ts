/** Issue 12, security 6 to 8: stamps bound to their params, amounts in decimal digits only, a batch counts each call. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { balanceOf, cheapestCase, ok, openCases, type Client } from './cases-helpers.ts';
import { startServer, type TestServer } from './harness.ts';

/** Two items of the player's own, from opening the cheapest case twice. */
async function twoItems(player: Client): Promise<[string, string]> {
  const box = (await cheapestCase(player)).hash;
  const [first, second] = [await openCases(player, box, 1), await openCases(player, box, 1)];
  return [first.rolls[0]!.asset.hash, second.rolls[0]!.asset.hash];
}

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('stamps', () => {
  test('instantSell with stamp s for item A, then s for item B: B is refused with STAMP_CONFLICT and stays', async () => {
    const player = await server.player('stamp_seller');
    const [a, b] = await twoItems(player);
    const sold = await ok(player, 'inventory.instantSell', { hashes: [a], stamp: 'sell-1' });
    const before = await balanceOf(player);
    const reused = await player.call('inventory.instantSell', { hashes: [b], stamp: 'sell-1' });
    expect(reused.error).toEqual({ error_code: 'STAMP_CONFLICT', error_msg: 'stamp: already used for another call' });
    expect(await balanceOf(player)).toBe(before);
    // A true retry still answers the first result; B sells under its own stamp.
    expect(await ok(player, 'inventory.instantSell', { hashes: [a], stamp: 'sell-1' })).toEqual(sold);
    await ok(player, 'inventory.instantSell', { hashes: [b], stamp: 'sell-2' });
    expect(await balanceOf(player)).toBeGreaterThan(before);
  });
});

describe('amounts', () => {
  const refused = ['0x10', '1e2', '0b11', 'true', ' 25', '25.0', '+25', ''];
  test.each(refused)('the query amount %j is refused and moves nothing', async (amount) => {
    const player = await server.player(`q_amount${refused.indexOf(amount)}`);
    const { body } = await player.request(`/api/method/wallet-vault.deposit?amount=${encodeURIComponent(amount)}`);
    expect(body.error?.error_code).toBe(16);
    expect(await balanceOf(player)).toBe(100_000);
  });

  test('JSON amounts true, [250], "0x10", "1e2", "0b11", 1.5 and {} are refused; 250 and "250" are taken', async () => {
    const player = await server.player('json_amounts');
    for (const amount of [true, [250], '0x10', '1e2', '0b11', 1.5, {}, null]) {
      expect({ amount, code: (await player.post('wallet-vault.deposit', { amount })).error?.error_code }).toEqual({ amount, code: 16 });
    }
    expect(await balanceOf(player)).toBe(100_000);
    // The bracketed query form of a list is no amount either.
    for (const query of ['amount[0]=250', 'amount[]=250', 'amount[value]=250']) {
      expect({ query, code: (await player.request(`/api/method/wallet-vault.deposit?${query}`)).body.error?.error_code }).toEqual({ query, code: 16 });
    }
    await ok(player, 'wallet-vault.deposit', { amount: 250 });
    expect((await player.post('wallet-vault.deposit', { amount: '250' })).response).toBeDefined();
    expect(await balanceOf(player)).toBe(100_000 - 500);
  });
});

describe('batch.waterfall and the rate limit', () => {
  test('a batch of 20 calls counts as 20 requests', async () => {
    const limited = await startServer({ rateLimit: { max: 30, windowMs: 60_000 } });
    try {
      const player = await limited.player('batch_counter');
      const list = encodeURIComponent(JSON.stringify(Array.from({ length: 20 }, () => 'wallet-vault.info')));
      const first = await player.request(`/api/method/batch.waterfall?list=${list}`);
      expect(first.status).toBe(200);
      expect(first.body.response).toHaveLength(20);
      // 20 of the window's 30 are spent: the next 20 do not fit, and none of them runs.
      const second = await player.request(`/api/method/batch.waterfall?list=${list}`);
      expect(second.status).toBe(429);
      expect(second.body).toMatchObject({ error: 'rate_limited' });
    } finally {
      await limited.close();
    }
  });
});

describe('spec drift (issue 12)', () => {
  test("wallet.getHistory takes the spec's currency=SFC&type=main; the vault is type=vault; entry_type filters", async () => {
    const player = await server.player('history_spec');
    await ok(player, 'wallet-vault.deposit', { amount: 300 });
    const { body } = await player.request('/api/method/wallet.getHistory?currency=SFC&type=main');
    expect((body.response as { actions: { type: string; amount: number }[] }).actions.map((a) => [a.type, a.amount])).toEqual([['vault_deposit', -300], ['signup_bonus', 100_000]]);
    const vault = await ok(player, 'wallet.getHistory', { type: 'vault' });
    expect(vault.actions.map((a) => [a.type, a.amount])).toEqual([['vault_deposit', 300]]);
    const bonus = await ok(player, 'wallet.getHistory', { currency: 'SFC', type: 'main', entry_type: 'signup_bonus' });
    expect(bonus.actions.map((a) => a.type)).toEqual(['signup_bonus']);
    expect((await player.call('wallet.getHistory', { type: 'signup_bonus' })).error?.error_code).toBe(16);
  });

  test('connect.getSocketServer takes the session_token cookie value (32 letters or digits) and refuses anything else', async () => {
    const player = await server.player('session_tok');
    expect((await player.call('connect.getSocketServer', { session_token: 'aB3'.repeat(10) + 'xy' })).response).toMatchObject({ url: '/ws' });
    expect((await player.call('connect.getSocketServer', { session_token: 'short' })).error?.error_code).toBe(16);
  });
});
