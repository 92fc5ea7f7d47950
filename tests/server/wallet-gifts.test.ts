import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type TestServer } from './harness.ts';
import { balanceOf, expectLedgerOk, ok, sim, simPost, walletCode } from './wallet-helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const START = 100_000;

describe('wallet gift codes', () => {
  test('a code redeemed twice at once, by two players or by one, pays once', async () => {
    const first = await server.player('giftracer_a');
    const second = await server.player('giftracer_b');
    const code = await walletCode(first, '40');
    const [a, b] = await Promise.all([first.call('wallet.gift', { code }), second.call('wallet.gift', { code })]);
    expect([a.response, b.response]).toEqual(expect.arrayContaining([{ success: true }, { success: false, cause: 'This code has already been used' }]));
    expect((await balanceOf(first)) + (await balanceOf(second))).toBe(2 * START + 4_000);

    const again = await walletCode(first, '15');
    const answers = await Promise.all(Array.from({ length: 20 }, () => first.call('wallet.gift', { code: again })));
    expect(answers.filter((x) => (x.response as { success: boolean }).success)).toHaveLength(1);
    expect(await balanceOf(first)).toBe(START + ((a.response as { success: boolean }).success ? 4_000 : 0) + 1_500);
    await expectLedgerOk(server);
  });

  test('codes that are not three dash-joined groups of five are refused by the contract', async () => {
    const player = await server.player('gift_malformed');
    for (const code of ['CABCD-1234', 'CABCD-12345-XYZ0!', '', 'CABCD12345XYZ00']) {
      expect((await player.call('wallet.gift', { code })).error?.error_code).toBe(16);
    }
    expect(await balanceOf(player)).toBe(START);
  });
});

describe('inventory gift codes', () => {
  test('an A code gives its item once; wallet and inventory codes do not cross', async () => {
    const player = await server.player('item_gifted');
    const { listing } = await ok(player, 'arena-case.listing', { fields: 'enabled' });
    const { items } = await ok(player, 'arena-case.case', { hash: listing[0]!.hash });
    const item = items[0]!;
    const { code, item_hash } = await sim<{ code: string; item_hash: string }>(player, '/api/sim/gift-codes', { kind: 'inventory', item: item.key });
    expect(code).toMatch(/^A[A-Z0-9]{4}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(item_hash).toBe(item.hash);
    expect(await ok(player, 'wallet.gift', { code })).toEqual({ success: false, cause: 'Invalid Code' });

    const socket = await player.socket();
    expect(await ok(player, 'inventory.gift', { code })).toEqual({ success: true });
    const inventory = await ok(player, 'inventory.getAssets');
    expect(inventory.items.map((a) => a.item_hash)).toEqual([item.hash]);
    expect((await socket.next('INVENTORY_ASSET_ISSUED')).data).toEqual({ assets: [inventory.items[0]], count: 1, source: 'gift', game_hash: null });
    socket.close();
    expect(await ok(player, 'inventory.gift', { code })).toEqual({ success: false, cause: 'This code has already been used' });

    const coins = await walletCode(player, '5');
    expect(await ok(player, 'inventory.gift', { code: coins })).toEqual({ success: false, cause: 'Invalid Code' });
    expect((await ok(player, 'inventory.getAssets')).items).toHaveLength(1);
    expect((await simPost(player, '/api/sim/gift-codes', { kind: 'inventory', item: 'no-such-item' })).error?.error_code).toBe(16);
  });
});
