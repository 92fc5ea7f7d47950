/**
 * Two real server processes on one PostgreSQL writing at the same time (docs/decisions/0058):
 * a row lock holds back only the calls that need that row, money races over both processes
 * overdraw nothing, and wagers of different players on both all commit with the ledger
 * balanced. The old design (one writers' lock for the cluster) fails the first test.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { openDb } from '../../sim-server/db/database.ts';
import { createLedger } from '../../sim-server/db/ledger.ts';
import { balanceOf } from './cases-helpers.ts';
import { clusterReady, createCluster, signedIn, throwawayDatabase, type Node } from './cluster-helpers.ts';

const run = randomBytes(3).toString('hex');
const nameOf = (who: string) => `${who}_${run}`;
const START = 3_700;

/** Settles with 'pending' when `promise` has not settled within `ms`. */
const within = <T,>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms))]);

describe.skipIf(!clusterReady)('two processes writing at once on one PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let cluster: ReturnType<typeof createCluster>;
  let a: Node;
  let b: Node;
  let side: Client;
  beforeAll(async () => {
    database = await throwawayDatabase();
    cluster = createCluster(database.url, { SIM_START_BALANCE: String(START) });
    a = await cluster.start('rowlock-a');
    b = await cluster.start('rowlock-b');
    side = new Client({ connectionString: database.url });
    await side.connect();
  }, 60_000);
  afterAll(async () => {
    await side?.end();
    await cluster?.stop();
    await database?.drop();
  });

  const idOf = async (who: string) => Number((await side.query('SELECT id FROM users WHERE name = $1', [nameOf(who)])).rows[0].id);
  const ledgerCheck = async () => {
    const db = await openDb({ path: ':memory:', url: database.url });
    try {
      return await createLedger({ now: Date.now }).check(db);
    } finally {
      await db.close();
    }
  };

  test("a row lock held on player A's wallet: player B's deposit answers on both processes while A's waits", async () => {
    const playerA = await signedIn(a, nameOf('locked'));
    const onA = await signedIn(a, nameOf('free'));
    const onB = cluster.sameBrowser(onA, b);
    const id = await idOf('locked');
    await side.query('BEGIN');
    try {
      await side.query('SELECT balance FROM accounts WHERE code = $1 FOR UPDATE', [`user:${id}:main:SFC`]);
      const waiting = playerA.call('wallet-vault.deposit', { amount: 100 });
      for (const free of [onA, onB]) {
        const answer = await within(free.call('wallet-vault.deposit', { amount: 100 }), 5_000);
        expect(answer).not.toBe('pending');
        expect((answer as { error?: unknown }).error).toBeUndefined();
      }
      expect(await within(waiting, 300)).toBe('pending');
      await side.query('ROLLBACK');
      expect((await waiting).error).toBeUndefined();
    } finally {
      await side.query('ROLLBACK').catch(() => {});
    }
    expect(((await playerA.call('wallet-vault.info')).response as { amount: number }).amount).toBe(100);
    expect(((await onB.call('wallet-vault.info')).response as { amount: number }).amount).toBe(200);
  }, 30_000);

  test('200 debits of one wallet at once, spread over both processes, on a balance that covers 37: exactly 37 go through', async () => {
    const onA = await signedIn(a, nameOf('spender'));
    const onB = cluster.sameBrowser(onA, b);
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? onB : onA).call('wallet-vault.deposit', { amount: 100 })));
    const refused = answers.filter((x) => x.error);
    expect(answers.length - refused.length).toBe(37);
    expect(new Set(refused.map((x) => (x.error as { error_msg: string }).error_msg))).toEqual(new Set(['Not enough withdrawable funds']));
    expect(((await onA.call('wallet-vault.info')).response as { amount: number }).amount).toBe(3_700);
    expect(await balanceOf(onB)).toBe(0);
    expect((await ledgerCheck()).ok).toBe(true);
  }, 60_000);

  test('wagers of different players on both processes at once all commit, and the ledger balances', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, (_, i) => signedIn(i % 2 ? b : a, nameOf(`wager${i}`))));
    const rolls = await Promise.all(players.map(async (player) => {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(player.call('dice.roll', { bet: 100, side: 'under', target: 5_000 }));
      return Promise.all(answers);
    }));
    const failed = rolls.flat().filter((x) => x.error);
    expect(failed).toEqual([]);
    const entries = Number((await side.query("SELECT COUNT(*) AS n FROM ledger WHERE type = 'dice_bet'")).rows[0].n);
    expect(entries).toBe(48);
    const check = await ledgerCheck();
    expect(check.problems).toEqual([]);
  }, 60_000);
});
