import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CASE_HOUSE_EDGE, casePriceFor, expectedValue, pickByTicket, validateRanges } from '../../src/core/index.ts';
import { NumericError } from '../../src/contract/index.ts';
import { generateCatalog } from '../../sim-server/world/catalog.ts';
import { ok } from './cases-helpers.ts';
import { startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the case catalog over HTTP', () => {
  test('at least 40 cases can be opened, priced from 1 to 22 coins, cheapest first', async () => {
    const { listing } = await ok(server.client(), 'arena-case.listing', { fields: 'enabled' });
    expect(listing.length).toBeGreaterThanOrEqual(40);
    expect(listing.every((box) => !box.deprecated)).toBe(true);
    expect(listing[0]!.price).toBe(100);
    expect(listing.at(-1)!.price).toBe(2_200);
    expect(listing.map((box) => box.price)).toEqual(listing.map((box) => box.price).toSorted((a, b) => a - b));
    const { cases } = await ok(server.client(), 'case.getCases', { method: 'cases' });
    expect(cases.map((box) => box.hash)).toEqual(listing.map((box) => box.hash));
  });

  test("every case's ranges cover 1..100000 exactly and its price is its expected value plus the house edge", async () => {
    const visitor = server.client();
    const { listing } = await ok(visitor, 'arena-case.listing');
    const problems: string[] = [];
    for (const summary of listing) {
      const { box, items } = await ok(visitor, 'arena-case.case', { hash: summary.hash });
      const gap = validateRanges(box.slots);
      if (gap) problems.push(`${box.key}: ${gap}`);
      expect(items.map((item) => item.hash)).toEqual(box.slots.map((slot) => slot.item_hash));
      const ev = expectedValue(box.slots.map((slot, i) => ({ price: items[i]!.price, range: slot.range })));
      if (box.price !== casePriceFor(ev)) problems.push(`${box.key}: price ${box.price} for an expected value of ${ev}`);
      // Whole cents move the edge by at most half a cent of the price.
      if (Math.abs(box.price * (1 - CASE_HOUSE_EDGE) - ev) > 0.5) problems.push(`${box.key}: edge is not ${CASE_HOUSE_EDGE}`);
    }
    expect(listing.length).toBeGreaterThanOrEqual(40);
    expect(problems).toEqual([]);
  });

  test('a case reads the same by key and by hash; an unknown key or hash answers NOT_FOUND', async () => {
    const visitor = server.client();
    const first = (await ok(visitor, 'arena-case.listing')).listing[0]!;
    const byKey = await ok(visitor, 'case.getBoxByKey', { key: first.key });
    const byHash = await ok(visitor, 'arena-case.case', { hash: first.hash });
    expect(byKey.box).toEqual(byHash.box);
    expect(byKey.items).toEqual(byHash.items);
    expect((await visitor.call('case.getBoxByKey', { key: 'no-such-case' })).error).toEqual({ error_code: 30, error_msg: 'Box no-such-case not found.' });
    expect((await visitor.call('arena-case.case', { hash: 'SF999999' })).error?.error_code).toBe(30);
    expect((await visitor.call('arena-case.item', { key: 'no-such-item' })).error?.error_code).toBe(30);
  });

  test('items cover every category with wear, star prefix and rarity colour, and read back by key and hash', async () => {
    const visitor = server.client();
    const { listing } = await ok(visitor, 'arena-case.listing');
    const items = new Map<string, Awaited<ReturnType<typeof ok<'arena-case.item'>>>['item']>();
    for (const box of listing) for (const item of (await ok(visitor, 'arena-case.case', { hash: box.hash })).items) items.set(item.hash, item);
    const all = [...items.values()];
    expect(new Set(all.map((item) => item.type))).toEqual(new Set(['knife', 'gloves', 'pistol', 'smg', 'rifle', 'sniper_rifle', 'shotgun', 'machinegun', 'other']));
    const starred = (type: string) => type === 'knife' || type === 'gloves';
    expect(all.filter((item) => item.name.startsWith('★ ') !== starred(item.type)).map((item) => item.name)).toEqual([]);
    expect(all.filter((item) => item.wear !== null && !['FN', 'MW', 'FT', 'WW', 'BS'].includes(item.wear)).map((item) => item.name)).toEqual([]);
    expect(all.filter((item) => !/^#[0-9a-f]{6}$/.test(item.color) || !Number.isSafeInteger(item.price) || item.price <= 0)).toEqual([]);
    const some = all.slice(0, 3);
    expect((await ok(visitor, 'arena-case.item', { key: some[0]!.key })).item).toEqual(some[0]);
    const asked = [some[2]!.hash, 'SF999999', some[0]!.hash];
    expect((await ok(visitor, 'item.getItemsByHashes', { hashes: asked })).items).toEqual([some[2], some[0]]);
  });

  test('deprecated cases are listed with the flag, but left out of the enabled listing and case.getCases', async () => {
    const visitor = server.client();
    const all = (await ok(visitor, 'arena-case.listing')).listing;
    const deprecated = all.filter((box) => box.deprecated);
    expect(deprecated.length).toBeGreaterThanOrEqual(2);
    const enabled = (await ok(visitor, 'arena-case.listing', { fields: 'enabled' })).listing;
    expect(enabled.length).toBe(all.length - deprecated.length);
    const picked = await ok(visitor, 'arena-case.listing', { hashes: [deprecated[0]!.hash, enabled[0]!.hash] });
    expect(picked.listing.map((box) => box.hash).toSorted()).toEqual([deprecated[0]!.hash, enabled[0]!.hash].toSorted());
  });

  test('case and item art is SVG cached for a year; unknown art is a 404', async () => {
    const visitor = server.client();
    const { box, items } = await ok(visitor, 'arena-case.case', { hash: (await ok(visitor, 'arena-case.listing')).listing[0]!.hash });
    for (const url of [box.image, box.background, box.logo, box.scene.spin_border, items[0]!.image]) {
      const { status, response, body } = await visitor.request(url);
      expect({ url, status }).toEqual({ url, status: 200 });
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(String(body.text)).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<\/svg>$/);
    }
    expect((await visitor.request('/api/art/item/no-such-item.svg')).status).toBe(404);
    expect((await visitor.request(`/api/art/poster/${box.key}.svg`)).status).toBe(404);
  });

  test('a new player holds no case cards, and opening one without a card is refused (cards.test.ts opens held ones)', async () => {
    const player = await server.player('cardholder');
    expect(await ok(player, 'arena-case.cards')).toEqual({ data: [] });
    expect((await player.call('arena-case.create-card', { key: 'pocket-change' })).error?.error_code).toBe(NumericError.INVALID_DATA);
  });
});

describe('restarts', () => {
  test('a restart on the same data keeps every case, hash, version and item as it was', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arena-catalog-'));
    try {
      const first = await startServer({ dataDir });
      const before = await ok(first.client(), 'arena-case.listing');
      const items = await ok(first.client(), 'arena-case.case', { hash: before.listing[5]!.hash });
      await first.close();
      const second = await startServer({ dataDir });
      try {
        expect(await ok(second.client(), 'arena-case.listing')).toEqual(before);
        expect(await ok(second.client(), 'arena-case.case', { hash: before.listing[5]!.hash })).toEqual(items);
        expect(before.listing.every((box) => box.version === 1)).toBe(true);
        expect((await second.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM box_versions'))!.n).toBe(before.listing.length);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('catalog changes', () => {
  test('a changed case gets a new version, games bought before still roll on the old ranges, a case gone from the code is deprecated', async () => {
    const local = await startServer();
    try {
      const player = await local.player('version_keeper');
      const [changed, , removed] = (await ok(player, 'arena-case.listing', { fields: 'enabled' })).listing;
      const before = await ok(player, 'arena-case.case', { hash: changed!.hash });
      const bought = await ok(player, 'arena-unbox.create', { box_hash: changed!.hash, count: 1 });

      // The code now moves each item to the next one's tickets, adds 5 cents and drops another case.
      const catalog = generateCatalog();
      const edited = catalog.cases.find((box) => box.key === changed!.key)!;
      const keys = edited.slots.map((slot) => slot.itemKey);
      edited.slots = edited.slots.map((slot, i) => ({ ...slot, itemKey: keys[(i + 1) % keys.length]! }));
      edited.price += 5;
      catalog.cases = catalog.cases.filter((box) => box.key !== removed!.key);
      await local.services.catalog.store(Date.now(), catalog);

      const after = await ok(player, 'arena-case.case', { hash: changed!.hash });
      expect(after.box).toMatchObject({ version: 2, price: before.box.price + 5 });
      expect(after.box.slots.map((slot) => slot.range)).toEqual(before.box.slots.map((slot) => slot.range));
      expect((await ok(player, 'arena-case.case', { hash: removed!.hash })).box.deprecated).toBe(true);

      const roll = await ok(player, 'arena-unbox.roll', { token: bought.game.token });
      expect(roll.drop.box_version).toBe(1);
      expect(roll.drop.item_hash).toBe(pickByTicket(before.box.slots, roll.drop.ticket)!.item_hash);
      const record = await ok(player, 'arena.game', { hash: bought.game.token });
      expect(record.boxes).toEqual([before.box]);

      // Restarting the same code again changes nothing more.
      await local.services.catalog.store(Date.now(), catalog);
      expect((await ok(player, 'arena-case.case', { hash: changed!.hash })).box.version).toBe(2);
    } finally {
      await local.close();
    }
  });
});
