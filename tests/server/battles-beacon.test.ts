import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rooms } from '../../src/contract/index.ts';
import { beaconChainError } from '../../src/core/battle-beacon.ts';
import { createBattle, startBattleServer, type BattleServer } from './battles-helpers.ts';
import { ok } from './cases-helpers.ts';
import { openSocket } from './harness.ts';

let s: BattleServer;
beforeAll(async () => {
  s = await startBattleServer();
});
afterAll(() => s.server.close());

describe('the public beacon', () => {
  test('beacon.blocks answers a linked chain, newest first, one block a second, and pages backwards', async () => {
    await s.advance(30_000);
    const visitor = s.server.client();
    const { blocks, next_at } = await ok(visitor, 'beacon.blocks', { count: 10 });
    expect(blocks).toHaveLength(10);
    expect(blocks.map((b) => b.number)).toEqual(blocks.map((_, i) => blocks[0]!.number - i));
    expect(beaconChainError(blocks.toReversed())).toBeNull();
    expect(next_at).toBeGreaterThan(s.now());
    const older = await ok(visitor, 'beacon.blocks', { count: 5, before: blocks[9]!.number });
    expect(older.blocks[0]!.number).toBe(blocks[9]!.number - 1);
    expect(older.blocks[0]!.hash).toBe(blocks[9]!.prev);
  });

  test("a finished battle's beacon is the first public block after its last seat filled", async () => {
    const alice = await s.server.player('beacon_alice');
    const created = await createBattle(alice, { number: 2 }, 1);
    const full = await ok(alice, 'arena-battle.callBots', { hash: created.game.hash });
    const done = await s.playToEnd(alice, created.game.token);
    const { seed, process } = done.game;
    const { blocks } = await ok(alice, 'beacon.blocks', { count: 1, before: seed.block_number! + 1 });
    expect(blocks[0]).toMatchObject({ number: seed.block_number, id: seed.beacon });
    expect(blocks[0]!.time).toBeGreaterThan(full.game.process.filled_at!);
    const previous = await ok(alice, 'beacon.blocks', { count: 1, before: seed.block_number! });
    expect(previous.blocks[0]!.time).toBeLessThanOrEqual(process.filled_at!);
  });

  test('bad paging input is refused', async () => {
    expect((await s.server.client().call('beacon.blocks', { count: 0 })).error?.error_code).toBe(16);
    expect((await s.server.client().call('beacon.blocks', { count: 101 })).error?.error_code).toBe(16);
  });

  test('the sim beacon page lists the blocks', async () => {
    const page = await s.server.client().request('/api/sim/beacon');
    expect(page.response.headers.get('content-type')).toMatch(/text\/html/);
    expect(String(page.body.text)).toContain('Sim randomness beacon');
  });
});

describe('who is watching', () => {
  test("arena.game counts the sockets in the game's room", async () => {
    const alice = await s.server.player('online_alice');
    const created = await createBattle(alice, { number: 2 }, 1);
    expect((await ok(alice, 'arena.game', { hash: created.game.hash })).online).toBe(0);
    const watchers = await Promise.all([0, 1].map(() => openSocket(s.server.url)));
    for (const w of watchers) {
      w.send('join-room', { room: Rooms.arenaGame(created.game.hash) });
      await w.next('ROOM_JOINED');
    }
    expect((await ok(alice, 'arena.game', { hash: created.game.hash })).online).toBe(2);
    watchers[0]!.send('leave-game', { game: created.game.hash });
    watchers[0]!.send('ping');
    await watchers[0]!.next('PONG');
    expect((await ok(alice, 'arena.game', { hash: created.game.hash })).online).toBe(1);
    for (const w of watchers) w.close();
  });
});
