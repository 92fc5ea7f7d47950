import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { levelReward } from '../../src/core/level-rewards.ts';
import { levelForExp } from '../../src/core/levels.ts';
import { balanceOf, cheapestCase, ok } from './cases-helpers.ts';
import { startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ledgerRows = () => server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger')!.n;

describe('level rewards', () => {
  test('a level reached pays once through the ledger; 20 claims at once pay once; the rest is refused and moves nothing', async () => {
    const lou = await server.player('reward_lou');
    const box = await cheapestCase(lou);
    await ok(lou, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
    const level = levelForExp(5 * box.price);
    expect(level).toBeGreaterThanOrEqual(3);

    const list = await ok(lou, 'rewards.levels');
    expect(list.level).toBe(level);
    expect(list.rewards).toHaveLength(129);
    expect(list.rewards.filter((r) => r.reached).map((r) => r.level)).toEqual(Array.from({ length: level - 1 }, (_, i) => i + 2));
    expect(list.rewards.every((r) => !r.claimed && r.amount === levelReward(r.level))).toBe(true);

    const start = await balanceOf(lou);
    const paid = await ok(lou, 'rewards.claim', { level: 2 });
    expect(paid).toEqual({ success: true, amount: levelReward(2), balance: start + levelReward(2) });

    // Twenty claims of the next level at once: one pays.
    const answers = await Promise.all(Array.from({ length: 20 }, () => lou.call('rewards.claim', { level: 3 })));
    expect(answers.filter((a) => 'response' in a)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.error_code === 19)).toHaveLength(19);
    expect(await balanceOf(lou)).toBe(start + levelReward(2) + levelReward(3));
    const history = (await ok(lou, 'wallet.getHistory', { count: 100 })) as { actions: { type: string; amount: number }[] };
    expect(history.actions.filter((e) => e.type === 'reward').map((e) => e.amount).sort()).toEqual([levelReward(2), levelReward(3)].sort());

    const rows = ledgerRows();
    const balance = await balanceOf(lou);
    expect((await lou.call('rewards.claim', { level: 2 })).error).toMatchObject({ error_code: 19, error_msg: 'This reward was already claimed' });
    expect((await lou.call('rewards.claim', { level: level + 1 })).error).toMatchObject({ error_code: 19 });
    for (const bad of [1, 131, 'x']) expect((await lou.call('rewards.claim', { level: bad })).error).toMatchObject({ error_code: 16 });
    expect((await server.client().call('rewards.claim', { level: 2 })).error).toMatchObject({ error_code: 15 });
    expect(await balanceOf(lou)).toBe(balance);
    expect(ledgerRows()).toBe(rows);
    expect((await ok(lou, 'rewards.levels')).rewards.filter((r) => r.claimed).map((r) => r.level)).toEqual([2, 3]);
    expect(server.services.ledger.check(server.services.db).ok).toBe(true);
  });
});
