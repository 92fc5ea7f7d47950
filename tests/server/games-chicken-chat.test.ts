import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHICKEN_BIG_WIN, chickenMultiplier, isChickenBigWin, payoutOf } from '../../src/core/index.ts';
import { ok, survivingGame } from './games-helpers.ts';
import { chatSocket } from './chat-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { TEST_DATABASE_URL } from './test-db.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const idOf = async (name: string) => (await server.services.db.get<{ id: number }>('SELECT id FROM users WHERE name = ?', name))!.id;
const fund = (name: string, amount: number) =>
  server.services.db.transaction(async (tx) => server.services.ledger.transfer(tx, { from: { house: 'faucet' }, to: { user: await idOf(name) }, amount, type: 'signup_bonus' }));
const chickenPosts = async () => (await server.services.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM chat_messages WHERE origin = 'game_chicken'"))!.n;

describe('Catch the Chicken in the chat', () => {
  test('the big-win rule: 10x the stake, or 100.00 coins of profit', () => {
    expect(CHICKEN_BIG_WIN).toEqual({ multiple: 10, profitCents: 10_000 });
    expect(isChickenBigWin(100, 1_000)).toBe(true);
    expect(isChickenBigWin(100, 999)).toBe(false);
    expect(isChickenBigWin(500_000, 510_000)).toBe(true);
    expect(isChickenBigWin(500_000, 509_999)).toBe(false);
  });

  test('a big cash-out posts one game_chicken message, live and kept; a small one posts nothing', async () => {
    const whale = await server.player('chick_whale');
    await fund('chick_whale', 5_000_000);
    const watcher = await chatSocket(await server.player('chick_watch'));

    // A small win first: 1.00 coin on the low road, one step.
    const small = await survivingGame(whale, 100, 1);
    await ok(whale, 'chicken.cashout', { hash: small.hash });
    expect(await chickenPosts()).toBe(0);

    // 10,000.00 coins on the low road, one step: x1.0104 is 104.00 coins of profit.
    const big = await survivingGame(whale, 1_000_000, 1);
    const { game } = await ok(whale, 'chicken.cashout', { hash: big.hash });
    const payout = payoutOf(1_000_000, chickenMultiplier('low', 1));
    expect(game.payout).toBe(payout);
    const pushed = await watcher.next('MSG_CREATED');
    expect(pushed.data.message).toMatchObject({
      origin: 'game_chicken', text: '', details: { game_hash: big.hash, risk: 'low', bet: 1_000_000, payout, multiplier: chickenMultiplier('low', 1) },
    });
    expect(await chickenPosts()).toBe(1);
    const { messages } = await ok(server.client(), 'chat.messages', {});
    expect(messages.filter((m) => m.origin === 'game_chicken').map((m) => m.details.game_hash)).toEqual([big.hash]);
    // A game's post is not the player's words: it leaves their send delay alone.
    await ok(whale, 'chat.send', { text: 'what a run' });
    watcher.close();
  });
});

// SQLite's table rebuild replayed on a file that held rows before migration 17 shipped; a
// PostgreSQL database is always made by the whole chain at once (docs/decisions/0030).
test.skipIf(TEST_DATABASE_URL)('migration 17 keeps every message, id and reply of the chat', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'arena-chat-origins-'));
  try {
    const first = await startServer({ dataDir });
    const ann = await first.player('origin_ann');
    const bob = await first.player('origin_bob');
    const { message } = await ok(ann, 'chat.send', { text: 'first words' });
    await ok(bob, 'chat.send', { text: 'a reply', reply_hash: message.hash });
    // Replay the rebuild on a table that holds rows (a server started before it shipped).
    await first.services.db.run('DELETE FROM schema_migrations WHERE id = 17');
    // The columns 17 rebuilds with: a column added after it (0067's ip) is not there yet on a
    // database that really runs 17, and the replay here cannot keep it.
    const columns = 'SELECT id, user_id, text, origin, details, reply_id, hidden, deleted, created_at FROM chat_messages ORDER BY id';
    const before = await first.services.db.all(columns);
    await first.close();
    const second = await startServer({ dataDir });
    expect(await second.services.db.all(columns)).toEqual(before);
    expect((await second.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM pragma_foreign_key_check'))!.n).toBe(0);
    const sql = (await second.services.db.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'chat_messages'"))!.sql;
    expect(sql).toContain('game_chicken');
    expect(sql).toContain('REFERENCES "chat_messages"');
    await second.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
