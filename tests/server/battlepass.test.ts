import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { BP_PRICES, BP_TIERS, bpReward, bpSeasonAt, bpSeasonBounds, bpTierOf } from '../../src/core/battlepass.ts';
import { balanceOf, cheapestCase, ok, type Client } from './cases-helpers.ts';
import { startServer, type TestServer } from './harness.ts';

// The clock starts a minute before a season ends, so one test can cross into the next season.
const SEASON = bpSeasonAt(Date.now());
let clock = bpSeasonBounds(SEASON).to - 60_000;
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: () => clock });
});
afterAll(() => server.close());

const ledgerRows = async () => (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n;
const cardsOf = async (client: Client) => (await ok(client, 'inventory.getCards')).cards;
const bpData = (client: Client) => ok(client, 'battlepass.getData');

/** Opens the cheapest case `count` times (a wager that earns its price in season experience). */
async function wager(client: Client, count: 1 | 5 | 10) {
  const box = await cheapestCase(client);
  const created = await ok(client, 'arena-unbox.create', { box_hash: box.hash, count });
  for (let i = 0; i < count; i++) await ok(client, 'arena-unbox.roll', { token: created.game.token });
  return box.price * count;
}

describe('Battle Pass', () => {
  test('a visitor sees the season on the server clock, 30 tiers with free and premium rewards, and no progress', async () => {
    const data = await bpData(server.client());
    const { from, to } = bpSeasonBounds(SEASON);
    expect(data.season).toMatchObject({ id: SEASON, from: from / 1000, to: to / 1000, ends_in: 60 });
    expect(to - from).toBe(90 * 86_400_000);
    expect(data.battlepass.scheme.map((t) => t.exp)).toEqual(Array.from({ length: BP_TIERS }, (_, i) => (i + 1) * 1000));
    expect(data.items).toHaveLength(30);
    expect(data.items[0]!.free).toMatchObject({ type: 'free_coins', rarity: 'low' });
    expect(data.items[29]!.premium.rarity).toBe('ultra');
    expect(new Set(data.items.flatMap((t) => [t.free.type, t.premium.type]))).toEqual(new Set(['free_coins', 'case', 'avatar_unpack', 'booster', 'customize', 'action', 'reactions', 'pattern_unpack', 'emojis']));
    expect(data.items.find((t) => t.free.type === 'case')!.free.box).not.toBeNull();
    expect(data.progress).toBeNull();
  });

  test('experience through the season: a tier opens exactly at each 1,000; its reward is claimed once, 20 claims at once pay once', async () => {
    const ana = await server.player('bp_ana');
    const price = (await cheapestCase(ana)).price;
    let exp = 0;
    // Wager in steps and check the tier follows floor(exp / 1000) at every step, up to tier 2.
    while (exp < 2_000) {
      const step = exp + price * 5 <= 2_000 && 1_000 - (exp % 1_000) >= price * 5 ? 5 : 1;
      exp += await wager(ana, step);
      const { progress } = await bpData(ana);
      expect(progress).toMatchObject({ exp, tier: bpTierOf(exp), has_buy: false });
      // Below the first 1,000 the first tier is still closed.
      const early = exp < 1_000 ? await ana.call('battlepass.claim', { tier: 1, track: 'free' }) : null;
      expect(early?.error ?? null).toEqual(exp < 1_000 ? { error_code: 19, error_msg: 'Reach tier 1 to claim its reward.' } : null);
    }
    expect(Math.floor(exp / 1000)).toBe(2);

    const rows = await ledgerRows();
    const answers = await Promise.all(Array.from({ length: 20 }, () => ana.call('battlepass.claim', { tier: 1, track: 'free' })));
    expect(answers.filter((a) => 'response' in a)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.error_code === 19 && a.error.error_msg === 'This reward was already claimed.')).toHaveLength(19);
    const cards = await cardsOf(ana);
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ type: 'free_coins', amount: bpReward(1, 'free').amount, rarity: 'low', level: 1 });
    expect(await ledgerRows()).toBe(rows);
    expect((await bpData(ana)).progress!.claimed).toEqual([{ tier: 1, track: 'free' }]);

    // Tier 3 is not reached; premium needs the pass; nothing is issued for either.
    expect((await ana.call('battlepass.claim', { tier: 3, track: 'free' })).error).toMatchObject({ error_code: 19 });
    expect((await ana.call('battlepass.claim', { tier: 1, track: 'premium' })).error).toMatchObject({ error_code: 19, error_msg: 'The premium track needs the Battle Pass.' });
    expect(await cardsOf(ana)).toHaveLength(1);
  });

  test('the pass is bought through the ledger once (20 at once: one debit); the upgrade needs it and adds five tiers', async () => {
    const ben = await server.player('bp_ben');
    const start = await balanceOf(ben);
    expect((await ben.call('battlepass.purchase', { method: 'upgrade' })).error).toMatchObject({ error_code: 19, error_msg: 'Buy the Battle Pass before the upgrade.' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => ben.call('battlepass.purchase', { method: 'buy' })));
    expect(answers.filter((a) => 'response' in a)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.error_code === 19)).toHaveLength(19);
    expect(await balanceOf(ben)).toBe(start - BP_PRICES.buy);
    expect((await bpData(ben)).progress).toMatchObject({ has_buy: true, has_upgrade: false, tier: 0 });

    const upgraded = await ok(ben, 'battlepass.purchase', { method: 'upgrade', stamp: 'up-1' });
    expect(upgraded).toEqual({ success: true, balance: start - BP_PRICES.buy - BP_PRICES.upgrade, has_buy: true, has_upgrade: true });
    // The same stamp again answers the first result and moves nothing; a second upgrade is refused.
    expect(await ok(ben, 'battlepass.purchase', { method: 'upgrade', stamp: 'up-1' })).toEqual(upgraded);
    expect((await ben.call('battlepass.purchase', { method: 'upgrade' })).error).toMatchObject({ error_code: 19, error_msg: 'You already have the upgrade.' });
    expect(await balanceOf(ben)).toBe(start - BP_PRICES.buy - BP_PRICES.upgrade);
    const history = (await ok(ben, 'wallet.getHistory', { count: 100 })) as { actions: { type: string; amount: number }[] };
    expect(history.actions.filter((e) => e.type.startsWith('battlepass')).map((e) => [e.type, e.amount])).toEqual([
      ['battlepass_upgrade', -BP_PRICES.upgrade],
      ['battlepass_bought', -BP_PRICES.buy],
    ]);

    const { progress } = await bpData(ben);
    expect(progress).toMatchObject({ has_upgrade: true, exp: 0, tier: 5 });
    const socket = await ben.socket();
    const card = await ok(ben, 'battlepass.claim', { tier: 5, track: 'premium' });
    expect(card.card).toMatchObject({ type: bpReward(5, 'premium').kind, level: 3 });
    // The claim tells the player's tabs: the spec's 'inventory asset(s) issued' with its count.
    expect((await socket.next('INVENTORY_ASSET_ISSUED')).data).toEqual({ assets: [], cards: [card.card], count: 1, source: 'battlepass', game_hash: null });
    socket.close();
    expect((await ben.call('battlepass.claim', { tier: 6, track: 'free' })).error).toMatchObject({ error_code: 19 });
    expect((await server.services.ledger.check(server.services.db)).ok).toBe(true);
  });

  test('buying without the coins moves nothing', async () => {
    const cid = await server.player('bp_cid');
    const all = await balanceOf(cid);
    await ok(cid, 'wallet-vault.deposit', { amount: all - 500 });
    const rows = await ledgerRows();
    expect((await cid.call('battlepass.purchase', { method: 'buy' })).error).toMatchObject({ error_code: 'COMMIT_ERROR' });
    expect(await balanceOf(cid)).toBe(500);
    expect(await ledgerRows()).toBe(rows);
    expect((await bpData(cid)).progress).toMatchObject({ has_buy: false });
  });

  test('bad input and visitors are refused in the envelope and nothing changes', async () => {
    const dan = await server.player('bp_dan');
    const rows = await ledgerRows();
    for (const params of [{ tier: 0, track: 'free' }, { tier: 31, track: 'free' }, { tier: 'x', track: 'free' }, { tier: 1, track: 'gold' }, { tier: 1 }]) {
      expect((await dan.call('battlepass.claim', params)).error).toMatchObject({ error_code: 16 });
    }
    for (const method of ['', 'premium', 'x'.repeat(40)]) expect((await dan.call('battlepass.purchase', { method })).error).toMatchObject({ error_code: 16 });
    expect((await dan.call('battlepass.commitProgress', { exp: -1 })).error).toMatchObject({ error_code: 16 });
    expect((await dan.call('battlepass.commitProgress', { exp: 1 })).error).toMatchObject({ error_code: 19, error_msg: 'More experience than this season holds.' });
    const visitor = server.client();
    expect((await visitor.call('battlepass.purchase', { method: 'buy' })).error).toMatchObject({ error_code: 15 });
    expect((await visitor.call('battlepass.claim', { tier: 1, track: 'free' })).error).toMatchObject({ error_code: 15 });
    expect(await ledgerRows()).toBe(rows);
    expect(await cardsOf(dan)).toEqual([]);
  });

  test('commitProgress keeps the highest experience shown, within what the season holds', async () => {
    const eve = await server.player('bp_eve');
    const exp = await wager(eve, 5);
    expect(await ok(eve, 'battlepass.commitProgress', { exp })).toEqual({ success: true, last_experience: exp });
    expect(await ok(eve, 'battlepass.commitProgress', { exp: 1 })).toEqual({ success: true, last_experience: exp });
    expect((await bpData(eve)).progress!.last_experience).toBe(exp);
  });

  test('the season ends on the server clock and the next starts with no tiers, no pass and its own claims', async () => {
    const ana = await server.player('bp_ana');
    const before = (await bpData(ana)).progress!;
    expect(before.tier).toBe(2);
    clock += 120_000;
    const next = await bpData(ana);
    expect(next.season).toMatchObject({ id: SEASON + 1, ends_in: 90 * 86_400 - 60 });
    expect(next.progress).toMatchObject({ exp: 0, tier: 0, has_buy: false, claimed: [] });
    expect((await ana.call('battlepass.claim', { tier: 1, track: 'free' })).error).toMatchObject({ error_code: 19, error_msg: 'Reach tier 1 to claim its reward.' });
    // The season's experience starts again from the first wager of the new season.
    const exp = await wager(ana, 5);
    expect((await bpData(ana)).progress).toMatchObject({ exp, tier: bpTierOf(exp) });
    // The old season's cards are still held.
    expect(await cardsOf(ana)).toHaveLength(1);
  });
});
