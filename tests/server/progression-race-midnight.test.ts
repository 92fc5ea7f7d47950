import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { prizeOf } from '../../src/core/race-periods.ts';
import { cheapBox, createBattle, startBattleServer, until, type BattleServer } from './battles-helpers.ts';
import { ok, type Client } from './cases-helpers.ts';

const DAY = 86_400_000;
// A Monday (UTC), so Monday and Tuesday are in one weekly period.
const MONDAY = Date.UTC(2026, 0, 5);
const TUESDAY = MONDAY + DAY;

let s: BattleServer;
beforeAll(async () => {
  // One minute before Tuesday.
  s = await startBattleServer({}, TUESDAY - 60_000);
});
afterAll(() => s.server.close());

type Leader = { place: number; user: { name: string }; wagered: number; prize: number };
async function board(client: Client, period: 'daily' | 'weekly', start?: number) {
  return (await ok(client, 'race.leaderboard', { period, ...(start === undefined ? {} : { start }) })) as { leaders: Leader[]; players: number; paid: boolean };
}
const rows = (b: { leaders: Leader[] }) => b.leaders.map((l) => [l.place, l.user.name, l.wagered]);

const prizes = () =>
  s.server.services.db.all<{ period: string; start_at: number; place: number; name: string; wagered: number; amount: number }>(
    'SELECT p.period, p.start_at, p.place, u.name, p.wagered, p.amount FROM race_prizes p JOIN users u ON u.id = p.user_id WHERE p.period = ? ORDER BY p.start_at, p.place',
    'daily',
  );

describe('the wager race across UTC midnight (today on the player row, decision 0045)', () => {
  test('wagers count on their own day, in the live boards, the past board, refunds and settlement', async () => {
    const [ann, bob] = [await s.server.player('mid_ann'), await s.server.player('mid_bob')];
    const box = await cheapBox(ann);
    const p = box.price;

    // Monday 23:59: ann 10 cases and a battle seat (held while the battle waits: no points), bob 5 cases.
    await ok(ann, 'arena-unbox.create', { box_hash: box.hash, count: 10 });
    await ok(bob, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
    const mondaySeat = await createBattle(ann, { number: 3 });
    expect(rows(await board(ann, 'daily'))).toEqual([
      [1, 'mid_ann', 10 * p],
      [2, 'mid_bob', 5 * p],
    ]);

    // Tuesday 00:01.
    await s.advance(2 * 60_000);
    // The Monday seat refunded after midnight: it never counted on Monday (docs/decisions/0049), nor on Tuesday.
    await ok(ann, 'arena-battle.leave', { token: mondaySeat.game.token });
    await ok(ann, 'arena-unbox.create', { box_hash: box.hash, count: 1 });
    await ok(bob, 'arena-unbox.create', { box_hash: box.hash, count: 20 });
    // A Tuesday seat refunded on Tuesday: nothing either.
    const tuesdaySeat = await createBattle(bob, { number: 3 });
    await ok(bob, 'arena-battle.leave', { token: tuesdaySeat.game.token });
    // A battle that fills on Tuesday: both seats count on Tuesday.
    const filled = await createBattle(ann, { number: 2 });
    await ok(bob, 'arena-battle.join', { token: filled.game.token });
    const seat = filled.game.price as number;

    const tuesday = await board(ann, 'daily');
    expect(rows(tuesday)).toEqual([
      [1, 'mid_bob', 20 * p + seat],
      [2, 'mid_ann', 1 * p + seat],
    ]);
    expect(tuesday.players).toBe(2);
    expect(rows(await board(ann, 'daily', MONDAY))).toEqual([
      [1, 'mid_ann', 10 * p],
      [2, 'mid_bob', 5 * p],
    ]);
    const weekly = await board(bob, 'weekly');
    const week = [['mid_ann', 11 * p + seat], ['mid_bob', 25 * p + seat]].sort((x, y) => (y[1] as number) - (x[1] as number));
    expect(rows(weekly)).toEqual(week.map(([name, wagered], i) => [i + 1, name, wagered]));

    // Monday's daily race is paid by the server's timer from Monday's points alone.
    await until(async () => (await prizes()).length === 2, 10_000);
    expect(await prizes()).toEqual([
      { period: 'daily', start_at: MONDAY, place: 1, name: 'mid_ann', wagered: 10 * p, amount: prizeOf('daily', 1) },
      { period: 'daily', start_at: MONDAY, place: 2, name: 'mid_bob', wagered: 5 * p, amount: prizeOf('daily', 2) },
    ]);

    // Wednesday: Tuesday's race is paid from Tuesday's points, which were still on the players' rows.
    await s.advance(DAY);
    await until(async () => (await prizes()).length === 4, 10_000);
    expect((await prizes()).slice(2)).toEqual([
      { period: 'daily', start_at: TUESDAY, place: 1, name: 'mid_bob', wagered: 20 * p + seat, amount: prizeOf('daily', 1) },
      { period: 'daily', start_at: TUESDAY, place: 2, name: 'mid_ann', wagered: 1 * p + seat, amount: prizeOf('daily', 2) },
    ]);
    // A day later the access token has expired: a visitor reads the boards.
    const visitor = s.server.client();
    expect((await board(visitor, 'daily', TUESDAY)).paid).toBe(true);
    // Nobody has wagered on Wednesday.
    expect((await board(visitor, 'daily')).players).toBe(0);
    expect((await s.server.services.ledger.check(s.server.services.db)).ok).toBe(true);
  });
});
