/**
 * State two processes must agree on (issue 19, docs/decisions/0039): the case catalog's view,
 * the chat and battle flood guards, and the beacon chain. Two real processes on one PostgreSQL
 * and one Redis, as cluster-processes.test.ts runs them.
 */
import { randomBytes } from 'node:crypto';
import { Client as PgClient } from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ok } from './cases-helpers.ts';
import { clusterReady, signedIn, createCluster, throwawayDatabase, until, type Node } from './cluster-helpers.ts';
import { createClient } from './harness.ts';

const run = randomBytes(3).toString('hex');
const nameOf = (who: string) => `${who}_${run}`;

describe.skipIf(!clusterReady)('state shared by two processes', () => {
  let database: Awaited<ReturnType<typeof throwawayDatabase>>;
  let cluster: ReturnType<typeof createCluster>;
  let a: Node;
  let b: Node | undefined;
  const sql = async <T,>(text: string, params: unknown[] = []): Promise<T[]> => {
    const client = new PgClient({ connectionString: database.url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    database = await throwawayDatabase();
    cluster = createCluster(database.url);
    a = await cluster.start('state-a');
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
    await database?.drop();
  });

  const player = (node: Node, who: string) => signedIn(node, nameOf(who));

  test('a catalog stored by a process that starts later shows on the process already running, and both run one beacon chain', async () => {
    // A catalog changed behind A's back (an older release's prices, say) and read by A.
    const [box] = await sql<{ id: number; key: string; version: number }>('SELECT id, key, version FROM boxes WHERE deprecated = 0 ORDER BY id LIMIT 1');
    const [current] = await sql<{ price: number; slots: string }>('SELECT price, slots FROM box_versions WHERE box_id = $1 AND version = $2', [box!.id, box!.version]);
    await sql('INSERT INTO box_versions (box_id, version, price, slots, created_at) VALUES ($1, $2, $3, $4, $5)', [box!.id, box!.version + 1, Number(current!.price) + 100, current!.slots, Date.now()]);
    await sql('UPDATE boxes SET version = $1 WHERE id = $2', [box!.version + 1, box!.id]);
    const visitorA = createClient(a.url);
    const priceOn = async (client: ReturnType<typeof createClient>) => {
      const { listing } = await ok(client, 'arena-case.listing', { fields: 'enabled' });
      return listing.find((entry) => entry.key === box!.key)!.price;
    };
    expect(await priceOn(visitorA)).toBe(Number(current!.price) + 100);
    // A's beacon has produced blocks before B starts, so B's chain starting on its own would differ.
    await until(async () => (await ok(visitorA, 'beacon.blocks', { count: 3 })).blocks.length >= 2, 10_000, 'two blocks on A');
    const firstOnA = (await ok(visitorA, 'beacon.blocks', { count: 2 })).blocks.at(-1)!;

    // B starts and stores the code's catalog: A shows it too, without a restart.
    b = await cluster.start('state-b');
    const visitorB = createClient(b.url);
    expect(await priceOn(visitorB)).toBe(Number(current!.price));
    await until(async () => (await priceOn(visitorA)) === Number(current!.price), 10_000, 'the stored catalog on A');

    // One chain: B has A's older block, and every block both hold is the same block.
    const onA = (await ok(visitorA, 'beacon.blocks', { count: 20 })).blocks;
    const onB = (await ok(visitorB, 'beacon.blocks', { count: 20 })).blocks;
    const [early] = (await ok(visitorB, 'beacon.blocks', { count: 1, before: firstOnA.number + 1 })).blocks;
    expect(early).toEqual(firstOnA);
    const common = onB.filter((block) => onA.some((other) => other.number === block.number));
    expect(common.length).toBeGreaterThan(1);
    for (const block of common) expect(block).toEqual(onA.find((other) => other.number === block.number));
  }, 60_000);

  test('a player spreading battle messages and reactions over both processes meets one flood guard each', async () => {
    const host = await player(a, 'flooder');
    const onB = cluster.sameBrowser(host, b!);
    const { listing } = await ok(host, 'arena-case.listing', { fields: 'enabled' });
    const created = await ok(host, 'arena-battle.create', { scheme: `${listing[0]!.hash}-1`, mode: 'solo', number: 2 });
    const { token } = created.game;
    // Two messages per five seconds, whichever process takes them.
    await ok(host, 'arena-battle.message', { token, text: 'one on A' });
    await ok(onB, 'arena-battle.message', { token, text: 'two on B' });
    const third = await host.call('arena-battle.message', { token, text: 'three on A' });
    expect(third.error).toMatchObject({ error_code: 19, error_msg: 'Not so fast! Slow down with your messages.' });
    const fourth = await onB.call('arena-battle.message', { token, text: 'four on B' });
    expect(fourth.error).toMatchObject({ error_code: 19, error_msg: 'Not so fast! Slow down with your messages.' });
    const { messages } = (await ok(host, 'arena.game', { hash: created.game.hash })) as unknown as { messages: { text: string }[] };
    expect(messages.map((m) => m.text)).toEqual(['one on A', 'two on B']);

    // Reactions: three per three seconds, whichever process takes them; six at once, three on each.
    const { assets } = (await ok(host, 'bundle.assets', { type: 'reactions' })) as { assets: { hash: string; content: string[] }[] };
    const reaction = `${assets[0]!.hash.replace(/^SF0+/, 'SF')}_0_${assets[0]!.content[0]}`;
    const answers = await Promise.all([host, onB, host, onB, host, onB].map((client) => client.call('arena-battle.reaction', { token, reaction })));
    expect(answers.filter((answer) => answer.error === undefined)).toHaveLength(3);
    for (const answer of answers.filter((one) => one.error !== undefined)) expect(answer.error).toMatchObject({ error_code: 19, error_msg: "Easy there! Don't flood with reactions." });
  }, 30_000);
  test('staff spreading chat messages over both processes meet one flood guard of five in 20 s', async () => {
    const staff = await player(a, 'chatstaff');
    // Staff have no send delay, so only the flood guard stands between them and a sixth message.
    await sql('UPDATE users SET scope = 1 WHERE name = $1', [nameOf('chatstaff')]);
    const onB = cluster.sameBrowser(staff, b!);
    for (let i = 1; i <= 5; i++) await ok(i % 2 ? staff : onB, 'chat.send', { text: `line ${i} ${run}` });
    for (const client of [staff, onB]) {
      const sixth = await client.call('chat.send', { text: `one too many ${run}` });
      expect(sixth.error).toMatchObject({ error_code: 19, error_msg: 'Not so fast! Slow down with your messages.' });
    }
    const [row] = await sql<{ count: string }>('SELECT COUNT(*) AS count FROM chat_messages m JOIN users u ON u.id = m.user_id WHERE u.name = $1', [nameOf('chatstaff')]);
    expect(Number(row!.count)).toBe(5);
  }, 30_000);
});
