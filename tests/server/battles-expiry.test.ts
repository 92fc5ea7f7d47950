import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rooms } from '../../src/contract/index.ts';
import { BATTLE_TIMINGS } from '../../sim-server/domains/battles/engine.ts';
import { balanceOf, ok } from './cases-helpers.ts';
import { battle, createBattle, framesOf, startBattleServer, until, type BattleServer } from './battles-helpers.ts';

let s: BattleServer;
beforeAll(async () => {
  s = await startBattleServer();
});
afterAll(() => s.server.close());

describe('a waiting battle nobody fills', () => {
  test('is closed and every seat refunded once waitingExpiryMs passes on the clock, and leaves the lobby', async () => {
    const host = await s.server.player('expiry_host');
    const guest = await s.server.player('expiry_guest');
    const watcher = await (await s.server.player('expiry_watch')).socket();
    watcher.send('join-room', { room: Rooms.lobby });
    await watcher.next('ROOM_JOINED');
    const [hostStart, guestStart] = [await balanceOf(host), await balanceOf(guest)];
    const created = await createBattle(host, { number: 3 });
    await ok(guest, 'arena-battle.join', { token: created.game.token });
    expect(created.game.process.next_at).toBe(s.now() + BATTLE_TIMINGS.waitingExpiryMs);

    // One second short of the deadline nothing happens.
    await s.advance(BATTLE_TIMINGS.waitingExpiryMs - 1_000);
    // Half an hour outlives the access tokens: renew as a browser would.
    await Promise.all([host.renew(), guest.renew()]);
    expect((await battle(host, created.game.hash)).game.status).toBe('waiting');
    expect(await balanceOf(host)).toBe(hostStart - created.game.price);

    await s.advance(1_000);
    await Promise.all([host.renew(), guest.renew()]);
    const closed = await battle(host, created.game.hash);
    expect(closed.game).toMatchObject({ status: 'closed', close_reason: 'cancelled' });
    expect(await balanceOf(host)).toBe(hostStart);
    expect(await balanceOf(guest)).toBe(guestStart);
    const history = (await ok(guest, 'wallet.getHistory', {})) as { actions: { type: string; amount: number }[] };
    expect(history.actions.filter((entry) => entry.type === 'arena_refund')).toEqual([expect.objectContaining({ amount: created.game.price })]);
    await until(() => framesOf(watcher.frames, Rooms.lobby, created.game.hash).some((f) => f.type === 'LOBBY_GAME_CLOSED'));
    const lobby = await ok(host, 'arena.lobby', {});
    expect(lobby.public.map((game) => game.hash)).not.toContain(created.game.hash);
    // A late join is refused and charges nothing.
    const late = await s.server.player('expiry_late');
    const before = await balanceOf(late);
    expect((await late.call('arena-battle.join', { token: created.game.token })).error).toEqual({ error_code: 19, error_msg: 'The battle was closed' });
    expect(await balanceOf(late)).toBe(before);
  });

  test('a battle filled before the deadline is not cancelled by it', async () => {
    const host = await s.server.player('expiry_fill');
    const created = await createBattle(host, { number: 2 });
    await s.advance(BATTLE_TIMINGS.waitingExpiryMs - 5_000);
    await host.renew();
    await ok(host, 'arena-battle.callBots', { hash: created.game.hash });
    const done = await s.playToEnd(host, created.game.hash);
    expect(done.game.status).toBe('finished');
  });
});

describe('INVENTORY_ASSET_ISSUED', () => {
  test('the winner of a battle paid in drops hears which assets entered their inventory; the loser hears nothing', async () => {
    const ann = await s.server.player('issued_ann');
    const bob = await s.server.player('issued_bob');
    const [annSocket, bobSocket] = [await ann.socket(), await bob.socket()];
    // Standard solo with tiebreak: exactly one seat wins and takes the drops as items.
    const created = await createBattle(ann, { number: 2, options: { tiebreak: 1 } }, 5);
    await ok(bob, 'arena-battle.join', { token: created.game.token });
    const done = await s.playToEnd(ann, created.game.hash);
    expect(done.game.outcome?.payout.kind).toBe('drops');
    const [winnerSeat] = done.game.outcome!.winners;
    const [winner, loser] = winnerSeat === 1 ? [annSocket, bobSocket] : [bobSocket, annSocket];
    const winnerClient = winnerSeat === 1 ? ann : bob;

    const frame = await winner.next('INVENTORY_ASSET_ISSUED');
    expect(frame.data).toMatchObject({ count: 10, source: 'battle', game_hash: created.game.hash });
    const assets = frame.data.assets as { hash: string; item_hash: string }[];
    expect(assets.map((a) => a.item_hash).toSorted()).toEqual(done.drops.map((d) => d.item_hash).toSorted());
    expect(assets.map((a) => a.hash).toSorted()).toEqual(done.drops.map((d) => d.asset_hash!).toSorted());
    const held = await ok(winnerClient, 'inventory.getAssets', {});
    expect(held.items.map((a) => a.hash)).toEqual(expect.arrayContaining(assets.map((a) => a.hash)));

    // The loser got the game-done notice but no asset push.
    await loser.next('ARENA_GAME_CLOSED');
    expect(loser.frames.some((f) => f.type === 'INVENTORY_ASSET_ISSUED')).toBe(false);
  });
});

describe('the reaction bundle', () => {
  test('bundle.assets answers the seeded reactions, whose ids a battle accepts and its room hears', async () => {
    const ann = await s.server.player('react_ann');
    const { assets } = (await ok(ann, 'bundle.assets', { type: 'reactions' })) as { assets: { hash: string; content: string[] }[] };
    expect(assets[0]!.content.length).toBeGreaterThan(0);
    const id = `${assets[0]!.hash.replace(/^SF0+/, 'SF')}_0_${assets[0]!.content[0]}`;
    const created = await createBattle(ann, { number: 2 });
    const watcher = await ann.socket();
    watcher.send('join-room', { room: Rooms.arenaGame(created.game.hash) });
    await watcher.next('ROOM_JOINED');
    expect(await ok(ann, 'arena-battle.reaction', { token: created.game.token, reaction: id })).toEqual({ success: true });
    expect((await watcher.next('ARENA_GAME_REACTION')).data).toMatchObject({ game_hash: created.game.hash, reaction: id });
  });
});
