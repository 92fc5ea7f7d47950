/**
 * Two real server processes on one PostgreSQL and one Redis (issue 19): a battle watched on the
 * other process, money raced over both, a logout seen by both, and the clock owner killed
 * mid-battle. Process A starts first, so it owns the game clocks until it dies.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rooms } from '../../src/contract/index.ts';
import { balanceOf, ok } from './cases-helpers.ts';
import { clusterReady, signedIn, createCluster, throwawayDatabase, until, type Node } from './cluster-helpers.ts';
import { openSocket, type Frame } from './harness.ts';

const run = randomBytes(3).toString('hex');
/** A player name unique to this run (the database outlives it). */
const nameOf = (who: string) => `${who}_${run}`;

/** The room frames of one battle as `STATUS x` / `ROLL n` / the frame type, in arrival order. */
const steps = (frames: readonly Frame[], room: string) =>
  frames.filter((f) => f.room === room).map((f) => (f.type === 'ARENA_GAME_STATUS' ? `STATUS ${f.data.status as string}` : f.type === 'ARENA_GAME_ROLL' ? `ROLL ${f.data.round as number}` : f.type));

describe.skipIf(!clusterReady)('two processes, one PostgreSQL, one Redis', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let cluster: ReturnType<typeof createCluster>;
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    database = await throwawayDatabase();
    cluster = createCluster(database.url);
    a = await cluster.start('proc-a');
    b = await cluster.start('proc-b');
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
  });

  const player = (node: Node, who: string) => signedIn(node, nameOf(who));

  test('a player joins a battle on process A while a watcher on process B sees every round, in order, with consecutive offsets', async () => {
    const creator = await player(b, 'creator');
    const joiner = await player(a, 'joiner');
    const { listing } = await ok(creator, 'arena-case.listing', { fields: 'enabled' });
    const created = await ok(creator, 'arena-battle.create', { scheme: `${listing[0]!.hash}-1-${listing[1]!.hash}-1`, mode: 'solo', number: 3, options: { fast: 1 } });
    const { hash, token } = created.game;
    const room = Rooms.arenaGame(hash);
    const watch = await openSocket(b.url);
    watch.send('join-room', { room });
    await watch.next('ROOM_JOINED');

    await ok(joiner, 'arena-battle.join', { token });
    // The creator fills the last seat with a bot, through B.
    await ok(creator, 'arena-battle.callBots', { hash });
    await until(() => steps(watch.frames, room).includes('STATUS finished'), 60_000, 'the battle finishing on B');
    await until(() => steps(watch.frames, room).at(-1) === 'ARENA_GAME_UPDATE', 10_000, 'the final update on B');

    expect(steps(watch.frames, room).filter((x) => x.startsWith('ROLL') || x.startsWith('STATUS'))).toEqual(['STATUS process', 'STATUS running', 'ROLL 1', 'ROLL 2', 'STATUS finished']);
    const offsets = watch.frames.filter((f) => f.room === room).map((f) => f.offset!);
    expect(offsets).toEqual(offsets.map((_, i) => offsets[0]! + i));
    const final = await ok(creator, 'arena.game', { hash });
    const rolls = watch.frames.filter((f) => f.room === room && f.type === 'ARENA_GAME_ROLL');
    expect(rolls.flatMap((f) => (f.data.drops as { hash: string }[]).map((d) => d.hash))).toEqual((final as { drops: { hash: string }[] }).drops.map((d) => d.hash));

    // A socket that reconnects to the other process replays what it missed from its last offset.
    const again = await openSocket(a.url);
    again.send('join-room', { room, offset: offsets[4]! });
    await again.next('ROOM_JOINED');
    expect(again.frames.filter((f) => f.room === room).map((f) => f.offset)).toEqual(offsets.slice(5));
    watch.close();
    again.close();
  }, 90_000);

  test('200 concurrent debits split over both processes against a balance that covers 37: exactly 37 succeed', async () => {
    const onA = await player(a, 'racer');
    const onB = cluster.sameBrowser(onA, b);
    // The wallet brought down to 3,700 cents: the rest goes to the vault first.
    const start = await balanceOf(onA);
    await ok(onA, 'wallet-vault.deposit', { amount: start - 3_700 });
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? onA : onB).call('wallet-vault.deposit', { amount: 100 })));
    expect(answers.filter((x) => x.response)).toHaveLength(37);
    expect(answers.filter((x) => x.error?.error_code === 'COMMIT_ERROR')).toHaveLength(163);
    for (const client of [onA, onB]) {
      expect(await balanceOf(client)).toBe(0);
      expect(((await client.call('wallet-vault.info')).response as { amount: number }).amount).toBe(start);
    }
  }, 60_000);

  test('a logout on A refuses the token on B at once, and drops the socket of the session on B', async () => {
    const onA = await player(a, 'leaver');
    const onB = cluster.sameBrowser(onA, b);
    const socket = await onB.socket();
    expect((await onB.call('user.getUser')).response).toBeTruthy();
    const stale = cluster.sameBrowser(onA, b);
    await onA.logout(true);
    const refused = await stale.call('user.getUser');
    expect(refused.error?.error_code).toBe(15);
    await socket.next('LEAVED', 5_000);
    socket.close();
  }, 30_000);

  test('killing the clock owner mid-battle: B takes the battle over within 5 s and pays it once', async () => {
    const owner = await player(b, 'survivor');
    const before = await balanceOf(owner);
    const { listing } = await ok(owner, 'arena-case.listing', { fields: 'enabled' });
    const created = await ok(owner, 'arena-battle.create', { scheme: `${listing[0]!.hash}-1-${listing[1]!.hash}-1-${listing[2]!.hash}-1`, mode: 'solo', number: 2, options: { fast: 1 } });
    const { hash, price } = created.game;
    const room = Rooms.arenaGame(hash);
    const watch = await openSocket(b.url);
    watch.send('join-room', { room });
    await watch.next('ROOM_JOINED');
    await ok(owner, 'arena-battle.callBots', { hash });
    // A drives the rounds; it dies as soon as the first one has been rolled.
    await until(() => steps(watch.frames, room).includes('ROLL 1'), 30_000, 'round 1');
    a.kill('SIGKILL');
    await a.exited;
    const killedAt = Date.now();
    await until(() => steps(watch.frames, room).includes('ROLL 2'), 30_000, 'round 2 from B');
    // Round 2 was due 3 s after round 1 at most: B took the clocks over within 5 s of the death.
    expect(Date.now() - killedAt).toBeLessThan(3_000 + 5_000);
    await until(() => steps(watch.frames, room).includes('STATUS finished'), 30_000, 'the end from B');

    expect(steps(watch.frames, room).filter((s) => s.startsWith('ROLL') || s.startsWith('STATUS'))).toEqual([
      'STATUS process', 'STATUS running', 'ROLL 1', 'ROLL 2', 'ROLL 3', 'STATUS finished',
    ]);
    const offsets = watch.frames.filter((f) => f.room === room).map((f) => f.offset!);
    expect(offsets).toEqual(offsets.map((_, i) => offsets[0]! + i));
    const done = (await ok(owner, 'arena.game', { hash })) as { drops: unknown[]; game: { status: string; outcome: { payout: { kind: string; shares: { seat: number; amount: number }[] } } } };
    expect(done.game.status).toBe('finished');
    const payout = done.game.outcome.payout;
    const coins = payout.kind === 'coins' ? (payout.shares.find((s) => s.seat === 1)?.amount ?? 0) : 0;
    // Paid once: the price out, the player's share (if coins) in, once.
    expect(await balanceOf(owner)).toBe(before - price + coins);
    const won = payout.kind === 'drops' && payout.shares[0]!.seat === 1 ? done.drops.length : 0;
    expect((await ok(owner, 'inventory.getAssets', {})).items).toHaveLength(won);
    watch.close();
  }, 90_000);
});
