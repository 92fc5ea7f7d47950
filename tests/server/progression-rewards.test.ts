import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { levelRewardKeys, levelRewardValue } from '../../src/core/level-rewards.ts';
import { LEVEL_EXP, levelForExp } from '../../src/core/levels.ts';
import { parseHash } from '../../src/core/hash-id.ts';
import { addBonusExperience } from '../../sim-server/domains/progression/experience.ts';
import { balanceOf, cheapestCase, ok, type Client } from './cases-helpers.ts';
import { startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ledgerRows = async () => (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n;
const cardsOf = async (client: Client) => (await ok(client, 'inventory.getCards')).cards;
const hashOf = async (client: Client) => ((await ok(client, 'user.getUser')) as { user: { hash: string } }).user.hash;

/** The case a reward of `value` cents opens: the dearest open case within it. */
async function caseFor(client: Client, value: number) {
  const { listing } = await ok(client, 'arena-case.listing', { fields: 'enabled' });
  return listing.filter((box) => box.price <= value).at(-1)!;
}

describe('level rewards: free cases and keys', () => {
  test('a level reached gives its free case card once; 20 claims at once give one card; the card opens its case; the rest is refused and changes nothing', async () => {
    const lou = await server.player('reward_lou');
    const socket = await lou.socket();
    const box = await cheapestCase(lou);
    await ok(lou, 'arena-unbox.create', { box_hash: box.hash, count: 5 });
    const level = levelForExp(5 * box.price);
    expect(level).toBeGreaterThanOrEqual(3);

    const list = await ok(lou, 'rewards.levels');
    expect(list.level).toBe(level);
    expect(list.rewards).toHaveLength(129);
    expect(list.keys).toEqual([]);
    expect(list.rewards.filter((r) => r.reached).map((r) => r.level)).toEqual(Array.from({ length: level - 1 }, (_, i) => i + 2));
    for (const r of list.rewards.filter((x) => x.level <= 12 || x.level % 10 === 0)) {
      const fits = await caseFor(lou, r.value);
      expect(r).toMatchObject({ value: levelRewardValue(r.level), case: { key: fits.key, price: fits.price }, keys: levelRewardKeys(r.value, fits.price), claimed: false });
    }

    const balance = await balanceOf(lou);
    const rows = await ledgerRows();
    const got = await ok(lou, 'rewards.claim', { level: 2 });
    const two = await caseFor(lou, levelRewardValue(2));
    expect(got).toMatchObject({ success: true, level: 2, value: levelRewardValue(2), keys: null, card: { type: 'free_case', name: 'Level 2 case', level: 2, box: { key: two.key } } });
    // The player sees the card arrive (the bp_card toast) and finds it in the inventory.
    expect((await socket.next('INVENTORY_ASSET_ISSUED', 10_000)).data).toMatchObject({ count: 1, source: 'reward', cards: [{ hash: got.card.hash }] });
    expect((await cardsOf(lou)).map((c) => c.hash)).toContain(got.card.hash);
    // A case card moves no money until it is opened.
    expect(await balanceOf(lou)).toBe(balance);
    expect(await ledgerRows()).toBe(rows);

    // Twenty claims of the next level at once: one card.
    const answers = await Promise.all(Array.from({ length: 20 }, () => lou.call('rewards.claim', { level: 3 })));
    expect(answers.filter((a) => 'response' in a)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.error_code === 19)).toHaveLength(19);
    expect((await cardsOf(lou)).filter((c) => c.name === 'Level 3 case')).toHaveLength(1);

    // The card opens its case for free through inventory.activate.
    const opened = await ok(lou, 'inventory.activate', { asset_hash: got.card.hash });
    expect(opened.path).toMatch(new RegExp(`^/case/${two.key}/\\w+$`));
    expect((await lou.call('inventory.activate', { asset_hash: got.card.hash })).error).toMatchObject({ error_code: 19 });
    expect(await balanceOf(lou)).toBe(balance);

    const cards = (await cardsOf(lou)).length;
    expect((await lou.call('rewards.claim', { level: 2 })).error).toMatchObject({ error_code: 19, error_msg: 'This reward was already claimed' });
    expect((await lou.call('rewards.claim', { level: level + 1 })).error).toMatchObject({ error_code: 19 });
    for (const bad of [1, 131, 'x']) expect((await lou.call('rewards.claim', { level: bad })).error).toMatchObject({ error_code: 16 });
    expect((await server.client().call('rewards.claim', { level: 2 })).error).toMatchObject({ error_code: 15 });
    expect((await cardsOf(lou)).length).toBe(cards);
    expect(await balanceOf(lou)).toBe(balance);
    expect((await ok(lou, 'rewards.levels')).rewards.filter((r) => r.claimed).map((r) => r.level)).toEqual([2, 3]);
    expect((await server.services.ledger.check(server.services.db)).ok).toBe(true);
    socket.close();
  });

  test('a high level gives keys of its case beside the card; each key opens one case: 20 opens at once spend exactly the keys held', async () => {
    const kai = await server.player('reward_kai');
    const socket = await kai.socket();
    const userId = parseHash(await hashOf(kai))!;
    const level = 80;
    // Experience as a booster's bonus would add it: an entry in the experience ledger and its sum.
    await server.services.db.transaction((tx) => addBonusExperience(tx, { hub: server.services.hub, now: server.services.config.now() }, userId, LEVEL_EXP[level]!, 'test', null));
    expect((await ok(kai, 'rewards.levels')).level).toBe(level);

    const value = levelRewardValue(level);
    const box = await caseFor(kai, value);
    const keys = levelRewardKeys(value, box.price);
    expect(keys).toBeGreaterThan(1);
    const got = await ok(kai, 'rewards.claim', { level });
    expect(got).toMatchObject({ level, value, card: { type: 'free_case', box: { key: box.key } }, keys: { id: box.key, count: keys } });
    expect((await socket.next('COMMUNITY_KEY_ISSUED', 10_000)).data).toEqual({ key: { id: box.key, count: keys } });
    expect((await ok(kai, 'rewards.levels')).keys).toEqual([{ id: box.key, count: keys, box: { hash: box.hash, key: box.key, name: box.name, price: box.price, image: box.image } }]);

    const balance = await balanceOf(kai);
    const opens = await Promise.all(Array.from({ length: 20 }, () => kai.call('rewards.openKey', { key: box.key })));
    const done = opens.flatMap((a) => ('response' in a ? [a.response as { path: string; keys_left: number }] : []));
    expect(done).toHaveLength(keys);
    expect(opens.filter((a) => a.error?.error_code === 19)).toHaveLength(20 - keys);
    expect(new Set(done.map((d) => d.path)).size).toBe(keys);
    for (const d of done) expect(d.path).toMatch(new RegExp(`^/case/${box.key}/\\w+$`));
    expect(done.map((d) => d.keys_left).sort()).toEqual(Array.from({ length: keys }, (_, i) => i));
    expect((await ok(kai, 'rewards.levels')).keys).toEqual([]);
    // A key's case is paid by the key: the balance did not move.
    expect(await balanceOf(kai)).toBe(balance);

    const unknown = await kai.call('rewards.openKey', { key: 'no-such-case' });
    expect(unknown.error).toMatchObject({ error_code: 19 });
    expect((await kai.call('rewards.openKey', { key: '' })).error).toMatchObject({ error_code: 16 });
    expect((await server.client().call('rewards.openKey', { key: box.key })).error).toMatchObject({ error_code: 15 });
    expect(await balanceOf(kai)).toBe(balance);
    socket.close();
  });
});
