/**
 * The simulated population (issue 30, docs/decisions/0051) against the real server: 50
 * simulated players act through the dispatcher on a clock the test steps. A real player sees
 * the world move on their socket, finds opponents for their battle and a field in the race,
 * and nothing the world does breaks a rule or the books.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rooms } from '../../src/contract/index.ts';
import { toHash } from '../../src/core/hash-id.ts';
import { battle, createBattle, startBattleServer, type BattleServer } from './battles-helpers.ts';
import { takeServerLog, type Frame } from './harness.ts';
import { expectLedgerOk, ok, simPost, type Client } from './wallet-helpers.ts';
import { filterInOrder } from '../../sim-server/db/database.ts';

let s: BattleServer;
beforeAll(async () => {
  s = await startBattleServer({ population: { size: 50, activity: 4, seed: 7 } });
});
afterAll(() => s.server.close());

type Status = { size: number; activity: number; paused: boolean; created: number; actions: number; refused: number; online: number };
const population = async (client: Client, body: Record<string, unknown>) => (await simPost(client, '/api/sim/world/population', body)) as { response?: Status; error?: { error_code: number; error_msg: string } };

/** Steps the clock a second at a time for `ms`, the population's later steps (bots, streams) running as it goes. */
async function live(client: Client, ms: number): Promise<void> {
  for (let t = 0; t < ms; t += 1_000) {
    await s.advance(1_000);
    await population(client, { act: 0 });
  }
}

/** Polls until `check` holds (a ceiling, not a delay: a busy machine takes what it takes). */
async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not seen within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a simulated world', () => {
  test('fifty simulated players fill the lobby, the live drops, the chat and the race; the books balance and every battle is paid once', async () => {
    const me = await s.server.player('world_watcher');
    const socket = await me.socket();
    socket.send('join-room', { room: Rooms.lobby });
    socket.send('join-room', { room: Rooms.chat });
    const seen = (type: string) => socket.frames.some((f: Frame) => f.type === type);

    const acted = await population(me, { act: 400 });
    expect(acted.response).toMatchObject({ size: 50, paused: false });
    expect(acted.response!.actions).toBeGreaterThanOrEqual(400);
    await eventually(() => seen('LOBBY_DROP_DROPPED'), 'a live drop');
    await eventually(() => seen('LOBBY_GAME_CREATED'), 'a battle in the lobby');
    await eventually(() => socket.frames.some((f) => f.type === 'MSG_CREATED' && f.room === Rooms.chat), 'a chat message');

    // Simulated players are ordinary accounts, marked as simulated wherever a player is shown.
    const { messages, users } = await ok(me, 'chat.messages', {});
    expect(messages.length).toBeGreaterThan(0);
    const authors = Object.values(users);
    expect(authors.length).toBeGreaterThan(0);
    for (const author of authors) expect(author.tags).toContain('sim');

    // The race has a field.
    const board = await ok(me, 'race.leaderboard', { period: 'daily' });
    expect(board.players).toBeGreaterThanOrEqual(10);

    // Paused, the battles the world made play out: bots are called for the seats nobody took.
    expect((await population(me, { paused: true })).response).toMatchObject({ paused: true });
    await live(me, 3 * 60_000);
    await s.battles().runner.tick();
    const open = await s.server.services.db.all<{ status: string }>("SELECT status FROM battles WHERE status NOT IN ('finished', 'closed')");
    expect(open).toEqual([]);
    // Each finished battle paid its human winners once: one reward entry per rewarded human seat at most.
    const { db } = s.server.services;
    const finished = await db.all<{ id: number; humans: number }>("SELECT b.id, (SELECT COUNT(*) FROM battle_seats s WHERE s.battle_id = b.id AND s.bot = 0) AS humans FROM battles b WHERE b.status = 'finished'");
    expect(finished.length).toBeGreaterThan(0);
    const overpaid = await filterInOrder(finished, async (b) => (await db.get<{ n: number }>("SELECT COUNT(*) AS n FROM ledger WHERE type = 'arena_reward' AND ref = ?", toHash(b.id)))!.n > b.humans);
    expect(overpaid).toEqual([]);
    await expectLedgerOk(s.server);
    // Every refusal the world met was an ordinary error envelope: nothing failed inside the server.
    expect(takeServerLog().filter((line) => line.includes('method failed') || line.includes('failed a turn'))).toEqual([]);
    socket.close();
  }, 180_000);

  test("a real player's waiting battle gets a simulated opponent after a human-like wait", async () => {
    const me = await s.server.player('world_host');
    const created = await createBattle(me, { number: 2 });
    expect((await battle(me, created.game.token)).game.status).toBe('waiting');
    await live(me, 30_000);
    const detail = await battle(me, created.game.token);
    expect(detail.game.status).not.toBe('waiting');
    const opponent = detail.users.find((u) => u.name !== 'world_host')!;
    expect(opponent.tags).toContain('sim');
  }, 120_000);

  test('the console refuses bad population settings and changes nothing', async () => {
    const me = await s.server.player('world_operator');
    const before = (await population(me, {})).response!;
    for (const body of [{ size: -1 }, { size: 2_001 }, { activity: 0 }, { activity: 'lots' }, { paused: 'maybe' }]) {
      const answer = await population(me, body);
      expect(answer.error?.error_code).toBe(16);
    }
    expect((await population(me, {})).response).toMatchObject({ size: before.size, activity: before.activity, paused: before.paused });
    const refused = await fetch(`${s.server.url}/api/sim/world/population`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ size: 3 }) });
    expect(refused.status).toBe(403);
  });

  test('a larger world asked for at the console arrives over the next ticks, a slice at a time, not in one answer', async () => {
    const me = await s.server.player('world_grower');
    const sims = async () => (await s.server.services.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM users WHERE tags LIKE '%"sim"%'`))!.n;
    const before = await sims();
    const answer = await population(me, { size: before + 200 });
    // The answer came after one slice of new accounts, not two hundred.
    expect(answer.response).toMatchObject({ size: before + 200 });
    expect(answer.response!.created - before).toBeGreaterThan(0);
    expect(answer.response!.created - before).toBeLessThanOrEqual(20);
    await eventually(async () => await sims() === before + 200, 'two hundred more simulated players', 60_000);
    await population(me, { size: before });
  }, 90_000);
});
