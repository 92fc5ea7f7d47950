import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { balanceOf, cheapestCase, ok, openCases, type Client } from './cases-helpers.ts';
import { startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** A player holding the drops of `count` openings of the cheapest case. */
async function holder(name: string, count: number): Promise<{ player: Client; assets: string[] }> {
  const player = await server.player(name);
  const { rolls } = await openCases(player, (await cheapestCase(player)).hash, count);
  return { player, assets: rolls.map((r) => r.asset.hash) };
}

describe('instant sell', () => {
  test('selling pays the item prices from the house and the items leave the inventory', async () => {
    const { player, assets } = await holder('quick_seller', 5);
    const before = await balanceOf(player);
    const held = await ok(player, 'inventory.getAssets', {});
    const selling = held.items.slice(0, 3);
    const worth = selling.reduce((sum, a) => sum + a.price, 0);
    const sold = await ok(player, 'inventory.instantSell', { hashes: selling.map((a) => a.hash) });
    expect(sold).toEqual({ balance: before + worth, amount: worth });
    expect(await balanceOf(player)).toBe(before + worth);
    const left = await ok(player, 'inventory.getAssets', {});
    expect(left.items.map((a) => a.hash).toSorted()).toEqual(assets.filter((h) => !selling.some((a) => a.hash === h)).toSorted());
    const history = (await ok(player, 'wallet.getHistory', {})) as { actions: { type: string; amount: number }[] };
    expect(history.actions[0]).toMatchObject({ type: 'unbox_instant_sell', amount: worth });
    expect(await server.services.ledger.check(server.services.db)).toMatchObject({ ok: true });
  });

  test('20 concurrent sells of the same item pay once', async () => {
    const { player, assets } = await holder('race_seller', 1);
    const before = await balanceOf(player);
    const answers = await Promise.all(Array.from({ length: 20 }, () => player.call('inventory.instantSell', { hashes: [assets[0]!] })));
    const paid = answers.filter((a) => a.response);
    expect(paid).toHaveLength(1);
    expect(answers.filter((a) => a.error?.error_msg === `Item ${assets[0]} already sold.`)).toHaveLength(19);
    const { amount } = paid[0]!.response as { amount: number };
    expect(await balanceOf(player)).toBe(before + amount);
    expect(await server.services.ledger.check(server.services.db)).toMatchObject({ ok: true });
  });

  test("selling twice, or someone else's item, answers INVALID_DATA and pays nothing", async () => {
    const mine = await holder('twice_seller', 5);
    const theirs = await holder('other_holder', 1);
    await ok(mine.player, 'inventory.instantSell', { hashes: [mine.assets[0]!] });
    const before = await balanceOf(mine.player);
    expect((await mine.player.call('inventory.instantSell', { hashes: [mine.assets[0]!] })).error).toEqual({
      error_code: 19,
      error_msg: `Item ${mine.assets[0]} already sold.`,
    });
    // A sale with one bad item sells none of them.
    expect((await mine.player.call('inventory.instantSell', { hashes: [mine.assets[1]!, theirs.assets[0]!] })).error).toEqual({
      error_code: 19,
      error_msg: `Item ${theirs.assets[0]} not found.`,
    });
    expect(await balanceOf(mine.player)).toBe(before);
    expect((await ok(mine.player, 'inventory.getAssets', {})).items.map((a) => a.hash)).toEqual(mine.assets.slice(1).toReversed());
    expect((await ok(theirs.player, 'inventory.getAssets', {})).items.map((a) => a.hash)).toEqual(theirs.assets);
    expect((await mine.player.call('inventory.instantSell', { hashes: [] })).error?.error_code).toBe(16);
  });

  test('the same asset listed twice in one sale is paid once', async () => {
    const { player, assets } = await holder('double_lister', 1);
    const before = await balanceOf(player);
    const [asset] = (await ok(player, 'inventory.getAssets', {})).items;
    const sold = await ok(player, 'inventory.instantSell', { hashes: [assets[0]!, assets[0]!] });
    expect(sold).toEqual({ amount: asset!.price, balance: before + asset!.price });
    expect(await balanceOf(player)).toBe(before + asset!.price);
  });
});

describe('inventory pages', () => {
  let player: Client;
  let assets: string[];
  beforeAll(async () => {
    ({ player, assets } = await holder('page_turner', 20));
  });

  test('pages by last hash run newest first through every item once', async () => {
    const seen: string[] = [];
    let offset: string | undefined;
    for (;;) {
      const page = await ok(player, 'inventory.getAssets', { count: 6, offset });
      seen.push(...page.items.map((a) => a.hash));
      if (page.items.length < 6) break;
      offset = page.items.at(-1)!.hash;
    }
    expect(seen).toEqual(assets.toReversed());
  });

  test('pages by price continue by count and keep the price order', async () => {
    const first = await ok(player, 'inventory.getAssets', { sort: 'price_desc', count: 8 });
    const second = await ok(player, 'inventory.getAssets', { sort: 'price_desc', count: 8, offset: '8' });
    const third = await ok(player, 'inventory.getAssets', { sort: 'price_desc', count: 8, offset: '16' });
    const all = [...first.items, ...second.items, ...third.items];
    expect(all.map((a) => a.hash).toSorted()).toEqual(assets.toSorted());
    expect(all.map((a) => a.price)).toEqual(all.map((a) => a.price).toSorted((a, b) => b - a));
    const ascending = await ok(player, 'inventory.getAssets', { sort: 'price_asc', count: 100 });
    expect(ascending.items.map((a) => a.price)).toEqual(all.map((a) => a.price).toReversed());
    expect((await player.call('inventory.getAssets', { sort: 'price_desc', offset: 'SF12' })).error?.error_code).toBe(16);
    expect((await player.call('inventory.getAssets', { offset: '12' })).error?.error_code).toBe(16);
  });

  test('filters narrow by category and rarity; resume counts each facet under the other filter', async () => {
    const all = (await ok(player, 'inventory.getAssets', { count: 100 })).items;
    const type = all[0]!.type;
    const rarity = all[0]!.rarity;
    const byType = await ok(player, 'inventory.getAssets', { type: [type], count: 100 });
    expect(byType.items.map((a) => a.hash)).toEqual(all.filter((a) => a.type === type).map((a) => a.hash));
    const both = await ok(player, 'inventory.getAssets', { type: [type], rarity: [rarity], count: 100 });
    const expected = all.filter((a) => a.type === type && a.rarity === rarity);
    expect(both.items.map((a) => a.hash)).toEqual(expected.map((a) => a.hash));
    expect(both.resume.total_count).toBe(expected.length);
    expect(both.resume.total_price).toBe(expected.reduce((sum, a) => sum + a.price, 0));
    expect(both.resume.types[type]).toBe(all.filter((a) => a.rarity === rarity && a.type === type).length);
    expect(both.resume.rarities[rarity]).toBe(all.filter((a) => a.type === type && a.rarity === rarity).length);
    expect(Object.values(byType.resume.rarities).reduce((a, b) => a + b, 0)).toBe(byType.items.length);
  });

  test('only_counters answers the totals without items', async () => {
    const counters = await ok(player, 'inventory.getAssets', { only_counters: 1 });
    expect(counters.items).toEqual([]);
    expect(counters.resume.total_count).toBe(20);
    expect(Object.values(counters.resume.types).reduce((a, b) => a + b, 0)).toBe(20);
  });

  test('a visitor has no inventory', async () => {
    expect((await server.client().call('inventory.getAssets', {})).error?.error_code).toBe(15);
  });
});
