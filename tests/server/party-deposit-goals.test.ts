import { afterAll, beforeAll, expect, test } from 'vitest';
import { PARTY_DEPOSIT_GOALS, parseHash } from '../../src/core/index.ts';
import { GOAL_BOOSTER_SOURCE } from '../../sim-server/domains/parties/deposit-goals.ts';
import { hashOf } from './chat-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { balanceOf, depositAddress, expectLedgerOk, ok, sim, testClock, tick, transfer, walletCode, type Client } from './wallet-helpers.ts';

const clock = testClock();
/** Twenty sign-ins (a scrypt hash each) take a while on a busy shared machine. */
const SLOW_MS = 180_000;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(() => server.close());

/** The deposit-bonus boosters a goal gave, by player id. */
const goalBoosters = (party: string, goal: number) =>
  server.services.db.all<{ user_id: number; bonus_max: number; multiplier_milli: number; status: string }>(
    'SELECT user_id, bonus_max, multiplier_milli, status FROM boosters WHERE source = ? AND ref LIKE ? ORDER BY user_id',
    GOAL_BOOSTER_SOURCE, `${party}:${goal}:%`,
  );

/** Deposits `coins` with a wallet gift code (money from outside, like a crypto deposit). */
async function deposit(client: Client, coins: string): Promise<void> {
  const code = await walletCode(client, coins);
  expect(await ok(client, 'wallet.gift', { code })).toEqual({ success: true });
}

test('20 participants depositing at once cross the first deposit goal: every participant gets its Deposit Bonus booster once', async () => {
  const [goal1, goal2] = PARTY_DEPOSIT_GOALS;
  const host = await server.player('goal_host');
  await sim(host, '/api/sim/streams', { name: 'goal_host', channel: 'goal_host_tv', followers: 10 });
  const { id } = await sim<{ id: string }>(host, '/api/sim/parties', { host: 'goal_host' });
  const viewers = await Promise.all(Array.from({ length: 20 }, (_, i) => server.player(`goalfan_${i}`)));
  for (const v of viewers) await ok(v, 'event-party.join', { id, invite_code: 'skinfans' });
  const outsider = await server.player('goal_outsider');

  const start = (await ok(viewers[0]!, 'event-party.get', { id })).party;
  expect(start.progress.deposited).toBe(0);
  expect(start.deposit_goals).toEqual(PARTY_DEPOSIT_GOALS.map((g) => ({ ...g, completed: false })));

  // A deposit by someone not in the party counts for nothing.
  await deposit(outsider, '90');
  expect((await ok(viewers[0]!, 'event-party.get', { id })).party.progress.deposited).toBe(0);

  // 20 deposits of 6.00 at once: 120.00 in all, the first goal (100.00) is crossed by one of them.
  const each = 600;
  expect(20 * each).toBeGreaterThanOrEqual(goal1!.amount);
  expect(20 * each).toBeLessThan(goal2!.amount);
  const before = await Promise.all(viewers.map((v) => balanceOf(v)));
  const codes = await Promise.all(viewers.map((v) => walletCode(v, '6')));
  const answers = await Promise.all(viewers.map((v, i) => ok(v, 'wallet.gift', { code: codes[i]! })));
  expect(answers.every((a) => a.success)).toBe(true);
  expect(await Promise.all(viewers.map((v) => balanceOf(v)))).toEqual(before.map((b) => b + each));

  const party = (await ok(viewers[0]!, 'event-party.get', { id })).party;
  expect(party.progress.deposited).toBe(20 * each);
  expect(party.deposit_goals.map((g) => g.completed)).toEqual([true, false, false]);
  // Exactly one booster per participant for goal 1, none for goal 2, none for the outsider or the host.
  const paid = await goalBoosters(id, 1);
  expect(paid).toHaveLength(20);
  const ids = await Promise.all(viewers.map(async (v) => parseHash(await hashOf(v))!));
  expect(paid.map((b) => b.user_id)).toEqual([...ids].sort((a, b) => a - b));
  expect(paid.every((b) => b.bonus_max === goal1!.bonus_max && b.multiplier_milli === 1000 + goal1!.percent * 10 && b.status === 'ready')).toBe(true);
  expect(await goalBoosters(id, 2)).toEqual([]);

  // The player sees it among their boosters, starts it, and their next deposit gets the goal's percent on top.
  const viewer = viewers[3]!;
  const mine = Object.values((await ok(viewer, 'booster.load', {})).boosters).find((b) => b.kind === 'deposit_bonus' && b.params.bonus_max === goal1!.bonus_max);
  expect(mine).toBeDefined();
  await ok(viewer, 'booster.activate', { booster_hash: mine!.hash });
  // A crypto deposit (the booster's effect is on wallet deposits) of 0.001 BTC: 65.00 at the sim's rate.
  const was = await balanceOf(viewer);
  await transfer(viewer, { address: await depositAddress(viewer, 'btc'), amount: '0.001' });
  for (let i = 0; i < 2; i++) {
    clock.advance(60_000);
    await tick(viewer);
  }
  expect(await balanceOf(viewer)).toBe(was + 6_500 + (6_500 * goal1!.percent) / 100);

  // A late joiner after the goal gets nothing for it; further deposits do not pay goal 1 again.
  const late = await server.player('goal_late');
  await ok(late, 'event-party.join', { id, invite_code: 'skinfans' });
  const lateHash = await hashOf(late);
  await Promise.all(viewers.slice(0, 10).map((v) => deposit(v, '1')));
  expect(await goalBoosters(id, 1)).toHaveLength(20);
  expect((await goalBoosters(id, 1)).some((b) => b.user_id === parseHash(lateHash))).toBe(false);
  const after = (await ok(late, 'event-party.get', { id })).party;
  expect(after.progress.deposited).toBe(20 * each + 6_500 + 10 * 100);
  expect(after.deposit_goals.map((g) => g.completed)).toEqual([true, false, false]);
  await expectLedgerOk(server);
}, SLOW_MS);
