import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { levelForExp } from '../../src/core/levels.ts';
import { balanceOf, cheapestCase, ok, openCases, type Client } from './cases-helpers.ts';
import { startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const hashOf = async (client: Client) => ((await ok(client, 'user.getUser')) as { user: { hash: string } }).user.hash;
const followRows = async () => (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM follows'))!.n;

describe('profiles', () => {
  test('a profile shows wagered, games, best drop, level and season rank, and followers', async () => {
    const ann = await server.player('prof_ann');
    const box = await cheapestCase(ann);
    await openCases(ann, box.hash, 5);
    const profile = await ok(server.client(), 'user.getUser', { user_name: 'PROF_ANN' });
    if ('user_wallet' in profile) throw new Error('expected a profile');
    const wagered = 5 * box.price;
    expect(profile.user).toMatchObject({
      name: 'prof_ann', total_wager: wagered, games: 1, level: levelForExp(wagered), followers_count: 0, is_following: false, private: false,
      user_progress: { level: levelForExp(wagered), exp: wagered },
      season_experience: expect.objectContaining({ exp: wagered }),
      stats: { level: levelForExp(wagered), rank: expect.any(Number), race: 1 },
    });
    const held = (await server.services.db.get<{ price: number }>(
      "SELECT MAX(i.price) AS price FROM assets a JOIN items i ON i.id = a.item_id WHERE a.user_id = (SELECT id FROM users WHERE name = 'prof_ann')",
    ))!;
    expect(profile.user.best_drop?.price).toBe(held.price);
    expect((await server.client().call('user.getUser', { user_name: 'nobody_here' })).error).toMatchObject({ error_code: 30, error_msg: 'User not found.' });
  });

  test('follow, the widget and followings; oneself, twice, unknown and not-following are refused and change nothing', async () => {
    const fan = await server.player('prof_fan');
    const star = await server.player('prof_star');
    const starHash = await hashOf(star);
    const fanHash = await hashOf(fan);
    const starSocket = await star.socket();

    expect(await ok(fan, 'follower.follow', { user_hash: starHash })).toEqual({ success: true, followers_count: 1 });
    expect((await starSocket.next('FOLLOWER_FOLLOWED')).data).toEqual({ user_hash: fanHash, followers_count: 1 });
    const rows = await followRows();
    expect((await fan.call('follower.follow', { user_hash: starHash })).error).toMatchObject({ error_code: 19 });
    expect((await fan.call('follower.follow', { user_hash: fanHash })).error).toMatchObject({ error_code: 19 });
    expect((await fan.call('follower.follow', { user_hash: 'SF0000999999' })).error).toMatchObject({ error_code: 30 });
    expect((await fan.call('follower.follow', { user_hash: 'nope' })).error).toMatchObject({ error_code: 16 });
    expect((await server.client().call('follower.follow', { user_hash: starHash })).error).toMatchObject({ error_code: 15 });
    expect(await followRows()).toBe(rows);

    expect(await ok(fan, 'follower.followings')).toEqual({ hashes: [starHash] });
    const widget = await ok(fan, 'user.widget', { user_hash: starHash });
    expect(widget.user).toMatchObject({ hash: starHash, name: 'prof_star', followers_count: 1, is_following: true });
    expect((await ok(server.client(), 'user.widget', { user_hash: starHash })).user.is_following).toBe(false);
    expect((await fan.call('user.widget', { user_hash: 'SF0000999999' })).error).toMatchObject({ error_code: 30 });

    expect(await ok(fan, 'follower.unfollow', { user_hash: starHash })).toEqual({ success: true, followers_count: 0 });
    expect((await starSocket.next('FOLLOWER_UNFOLLOWED')).data).toEqual({ user_hash: fanHash, followers_count: 0 });
    expect((await fan.call('follower.unfollow', { user_hash: starHash })).error).toMatchObject({ error_code: 19 });
    expect(await ok(fan, 'follower.followings')).toEqual({ hashes: [] });
    starSocket.close();
  });

  test('names: availability, display name rules, privacy; a name change needs a card', async () => {
    const cat = await server.player('prof_cat');
    await server.player('prof_dog');
    expect(await ok(cat, 'account.checkName', { display_name: 'Cat Queen' })).toEqual({ available: true });
    expect(await ok(cat, 'account.getCheckName', { display_name: 'prof_dog' })).toEqual({ available: false });
    expect(await ok(cat, 'account.checkName', { name: 'prof_cat' })).toEqual({ available: true });
    expect((await cat.call('account.checkName', { name: '1abc_def' })).error).toMatchObject({ error_code: 16 });

    for (const bad of ['ab', ' spaced', 'dash-', 'x'.repeat(26), 'bad!name']) {
      expect((await cat.call('account.updateSettings', { display_name: bad })).error).toMatchObject({ error_code: 16 });
    }
    expect((await cat.call('account.updateSettings', { display_name: 'PROF_DOG' })).error).toMatchObject({ error_code: 19, error_msg: 'This name is already used' });
    expect((await cat.call('account.updateSettings', { name: 'prof_cat2' })).error).toMatchObject({ error_code: 15 });
    const unchanged = await ok(server.client(), 'user.getUser', { user_name: 'prof_cat' });
    expect('user_wallet' in unchanged ? null : unchanged.user.display_name).toBe('prof_cat');

    const saved = await ok(cat, 'account.updateSettings', { display_name: 'Cat Queen', status: ' purring ', private: 1 });
    expect(saved).toMatchObject({ success: true, user: { display_name: 'Cat Queen', status: 'purring', private: true, total_wager: 0 } });
    const seen = await ok(server.client(), 'user.getUser', { user_name: 'prof_cat' });
    expect('user_wallet' in seen ? null : seen.user).toMatchObject({ display_name: 'Cat Queen', private: true, total_wager: null, games: null, best_drop: null });
  });

  test('a break shuts every money method but withdrawals and the vault until it ends; out of range it is refused', async () => {
    const rest = await server.player('prof_rest');
    const box = await cheapestCase(rest);
    const now = Math.floor(Date.now() / 1000);
    for (const expire of [now + 3_600, now + 366 * 86_400, now - 10]) {
      expect((await rest.call('account.break', { expire })).error).toMatchObject({ error_code: 16 });
    }
    expect((await server.services.db.get<{ b: number | null }>("SELECT break_until AS b FROM users WHERE name = 'prof_rest'"))!.b).toBeNull();

    const answer = await ok(rest, 'account.break', { expire: now + 7 * 86_400 });
    expect(answer).toEqual({ success: true, break_until: now + 7 * 86_400 });
    expect((await rest.call('account.break', { expire: now + 2 * 86_400 })).error).toMatchObject({ error_code: 19 });

    const balance = await balanceOf(rest);
    const ledgerRows = (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n;
    for (const [method, params] of [
      ['arena-unbox.create', { box_hash: box.hash, count: 1 }],
      ['arena-battle.create', { scheme: `${box.hash}-1`, mode: 'solo', number: 2 }],
      ['chat-tip.send', { user_hash: 'SF0000000001', amount: 100 }],
    ] as const) {
      expect((await rest.call(method, params)).error).toMatchObject({ error_code: 15, error_msg: expect.stringMatching(/^You are on a break until /) });
    }
    expect(await balanceOf(rest)).toBe(balance);
    expect((await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n).toBe(ledgerRows);
    // The vault stays open.
    await ok(rest, 'wallet-vault.deposit', { amount: 100 });
    expect(await balanceOf(rest)).toBe(balance - 100);
  });
});

describe('achievements', () => {
  test('issued once by the rule of each, pushed after commit, and shown on the hexagon board', async () => {
    const ace = await server.player('prof_ace');
    const socket = await ace.socket();
    const box = await cheapestCase(ace);
    await ok(ace, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
    expect((await socket.next('#ACHIEVE_ISSUED')).data).toEqual({ name: 'Fresh Cut', hex: { rarity: 'low' }, user_hash: await hashOf(ace) });
    // A wager of 100 coins or more, which also lifts the player past level 10.
    const count = 100;
    expect(count * box.price).toBeGreaterThanOrEqual(10_000);
    await ok(ace, 'arena-unbox.create', { box_hash: box.hash, count });
    const names = [(await socket.next('#ACHIEVE_ISSUED')).data.name, (await socket.next('#ACHIEVE_ISSUED')).data.name].sort();
    expect(names).toEqual(['High Roller', 'Rising']);
    // A third wager that crosses no threshold (Gold I is the next, at 11,000 season exp).
    expect(106 * box.price).toBeLessThan(11_000);
    await ok(ace, 'arena-unbox.create', { box_hash: box.hash, count: 1 });
    // The third wager's push has arrived, and no achievement came with it.
    await expect.poll(() => socket.frames.filter((f) => f.type === '#EXPERIENCE_CHANGED').length).toBe(3);
    expect(socket.frames.filter((f) => f.type === '#ACHIEVE_ISSUED')).toHaveLength(3);

    // A first follower.
    const fan = await server.player('prof_acefan');
    await ok(fan, 'follower.follow', { user_hash: await hashOf(ace) });
    expect((await socket.next('#ACHIEVE_ISSUED')).data.name).toBe('Noticed');

    const board = await ok(server.client(), 'achieve.getHexagone', { user_name: 'prof_ace' });
    const held = board.achieves.filter((a) => a.count === 1).map((a) => a.name).sort();
    expect(held).toEqual(['first_case', 'high_roller', 'level_10', 'noticed']);
    for (const a of board.achieves) expect(a.usage).toBeGreaterThanOrEqual(0.01);
    const players = (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n;
    const holders = (await server.services.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM achievements WHERE name = 'high_roller'"))!.n;
    expect(board.achieves.find((a) => a.name === 'high_roller')!.usage).toBe(Math.round((holders / players) * 10_000) / 100);
    expect((await server.client().call('achieve.getHexagone', { user_name: 'nobody_here' })).error).toMatchObject({ error_code: 30, error_msg: 'User not found.' });
    socket.close();
  });
});
