/**
 * The live race boards across two processes on one PostgreSQL and one Redis (decision 0040):
 * each process's committed wagers are told to the other through the broker, so a board read
 * from either process ranks every wager, at once rather than at the next rebuild.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cheapestCase, ok } from './cases-helpers.ts';
import { clusterReady, signedIn, createCluster, throwawayDatabase, until, type Node } from './cluster-helpers.ts';
import { createClient } from './harness.ts';

const run = randomBytes(3).toString('hex');
const nameOf = (who: string) => `${who}_${run}`;

describe.skipIf(!clusterReady)('race boards shared by two processes', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let cluster: ReturnType<typeof createCluster>;
  let a: Node;
  let b: Node;
  beforeAll(async () => {
    database = await throwawayDatabase();
    cluster = createCluster(database.url);
    a = await cluster.start('race-a');
    b = await cluster.start('race-b');
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
  });

  const player = (node: Node, who: string) => signedIn(node, nameOf(who));
  /** The daily board as process `node` shows it: [name, wagered] by place. */
  const board = async (node: Node) => {
    const answer = await ok(createClient(node.url), 'race.leaderboard', { period: 'daily' });
    return answer.leaders.map((l) => [l.user.name, l.wagered]);
  };

  test('wagers made on A and on B rank on both boards, in the same order, without a rebuild', async () => {
    const [onA, onB] = [await player(a, 'ana'), await player(b, 'ben')];
    const box = await cheapestCase(onA);
    // Both boards are built (each process builds them at start, and a read keeps them).
    expect(await board(a)).toEqual([]);
    expect(await board(b)).toEqual([]);

    await ok(onA, 'arena-unbox.create', { box_hash: box.hash, count: 1 });
    await ok(onB, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
    const expected = [
      [nameOf('ben'), 5 * box.price],
      [nameOf('ana'), 1 * box.price],
    ];
    const agreed = async () => JSON.stringify(await board(a)) === JSON.stringify(expected) && JSON.stringify(await board(b)) === JSON.stringify(expected);
    await until(agreed, 10_000, 'both boards ranking both wagers');

    // More on A overtakes on B's board too; the field's size and a player's own place agree.
    await ok(onA, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
    const after = [
      [nameOf('ana'), 6 * box.price],
      [nameOf('ben'), 5 * box.price],
    ];
    await until(async () => JSON.stringify(await board(b)) === JSON.stringify(after), 10_000, "A's second wager on B's board");
    expect(await board(a)).toEqual(after);
    const benOnA = createClient(a.url);
    for (const [name, cookie] of onB.jar) benOnA.jar.set(name, { ...cookie });
    expect(await ok(onB, 'race.leaderboard', { period: 'daily' })).toMatchObject({ players: 2, me: { place: 2, wagered: 5 * box.price } });
    expect(await ok(benOnA, 'race.leaderboard', { period: 'daily' })).toMatchObject({ players: 2, me: { place: 2, wagered: 5 * box.price } });
  }, 60_000);
});
