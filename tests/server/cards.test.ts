import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AVATAR_RESOURCES, EMOJI_CARD_BUNDLE, PATTERN_RESOURCES, REACTION_CARD_BUNDLE, bpReward } from '../../src/core/index.ts';
import { grantCard } from '../../sim-server/domains/cards/cards.ts';
import { toHash } from '../../src/core/index.ts';
import { balanceOf, cheapestCase, ok, openCases, type Client } from './cases-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { mapInOrder } from '../../sim-server/db/database.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ledgerRows = async () => (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n;
const cardsOf = async (client: Client) => (await ok(client, 'inventory.getCards')).cards;

/**
 * A player with the pass and its upgrade (tiers 1-5 open with little experience) who claimed
 * both tracks of tiers 1-5, and who wagered five cases: level 3 and up, as the tier 5 cards need.
 */
async function cardHolder(name: string) {
  const client = await server.player(name);
  await openCases(client, (await cheapestCase(client)).hash, 5);
  await ok(client, 'battlepass.purchase', { method: 'buy' });
  await ok(client, 'battlepass.purchase', { method: 'upgrade' });
  for (let tier = 1; tier <= 5; tier++) {
    for (const track of ['free', 'premium'] as const) await ok(client, 'battlepass.claim', { tier, track });
  }
  return client;
}

describe('cards', () => {
  test('a coins card pays its coins once through the ledger (20 uses at once: one payment); someone else cannot use it', async () => {
    const cora = await cardHolder('card_cora');
    const cards = await cardsOf(cora);
    expect(cards).toHaveLength(10);
    expect(cards.map((c) => c.type).sort()).toEqual(['avatar_unpack', 'booster', 'case', 'case', 'customize', 'free_coins', 'free_coins', 'free_coins', 'free_coins', 'free_coins']);
    const coins = cards.find((c) => c.type === 'free_coins' && c.amount === bpReward(1, 'premium').amount)!;

    const thief = await server.player('card_thief');
    const rows = await ledgerRows();
    expect((await thief.call('inventory.activate', { asset_hash: coins.hash })).error).toMatchObject({ error_code: 19, error_msg: 'Card not found.' });
    expect(await ledgerRows()).toBe(rows);

    const start = await balanceOf(cora);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cora.call('inventory.activate', { asset_hash: coins.hash })));
    expect(answers.filter((a) => 'response' in a)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.error_code === 19)).toHaveLength(19);
    expect(await balanceOf(cora)).toBe(start + coins.amount!);
    expect(await ledgerRows()).toBe(rows + 1);
    expect((await cardsOf(cora)).map((c) => c.hash)).not.toContain(coins.hash);
    const history = (await ok(cora, 'wallet.getHistory', { count: 10 })) as { actions: { type: string; amount: number }[] };
    expect(history.actions[0]).toMatchObject({ type: 'reward', amount: coins.amount });
    expect((await server.services.ledger.check(server.services.db)).ok).toBe(true);
  });

  test('a card above the player level is locked: refused and kept', async () => {
    const lee = await server.player('card_lee');
    const id = await server.services.db.transaction(async (tx) => {
      const user = (await tx.get<{ id: number }>("SELECT id FROM users WHERE name = 'card_lee'"))!;
      return grantCard(tx, await server.services.catalog.view(), user.id, { kind: 'free_coins', rarity: 'ultra', name: 'Coins card', level: 50, amount: 1_000 }, 'test', Date.now());
    });
    const rows = await ledgerRows();
    expect((await lee.call('inventory.activate', { asset_hash: toHash(id) })).error).toMatchObject({ error_code: 19, error_msg: 'Reach level 50 to use this card.' });
    expect(await ledgerRows()).toBe(rows);
    expect((await cardsOf(lee)).map((c) => c.hash)).toEqual([toHash(id)]);
  });

  test('case cards are listed by case and open their case for free, by activation or by create-card', async () => {
    const cal = await cardHolder('card_cal');
    const caseCards = (await cardsOf(cal)).filter((c) => c.type === 'case');
    expect(caseCards).toHaveLength(2);
    const box = caseCards[0]!.box!;
    expect(box.price).toBeLessThanOrEqual(200);
    const listed = await ok(cal, 'arena-case.cards', {});
    expect(listed.data).toEqual([{ key: box.key, price: box.price, count: 2, asset_hashes: caseCards.map((c) => c.hash) }]);

    const start = await balanceOf(cal);
    const rows = await ledgerRows();
    const items = (await ok(cal, 'inventory.getAssets', {})).items.length;
    const used = await ok(cal, 'inventory.activate', { asset_hash: caseCards[0]!.hash });
    expect(used.path).toMatch(new RegExp(`^/case/${box.key}/[A-Za-z0-9]{32}$`));
    const token = used.path!.split('/').at(-1)!;
    const roll = await ok(cal, 'arena-unbox.roll', { token });
    expect(roll.game.status).toBe('finished');
    const opened = await ok(cal, 'arena-case.create-card', { key: box.key });
    expect(opened.path).toMatch(new RegExp(`^/case/${box.key}/`));
    await ok(cal, 'arena-unbox.roll', { token: opened.path.split('/').at(-1)! });
    // No coins moved: the cards paid; both drops are in the inventory.
    expect(await balanceOf(cal)).toBe(start);
    expect(await ledgerRows()).toBe(rows);
    expect((await ok(cal, 'inventory.getAssets', {})).items).toHaveLength(items + 2);
    expect((await ok(cal, 'arena-case.cards', {})).data).toEqual([]);
    expect((await cal.call('arena-case.create-card', { key: box.key })).error).toMatchObject({ error_code: 19 });
    expect((await cal.call('arena-case.create-card', { key: 'no-such-case' })).error).toMatchObject({ error_code: 30 });
  });

  test('an avatar pack unpacks once: the roulette pool of 20, the avatar won and kept', async () => {
    const ava = await cardHolder('card_ava');
    const pack = (await cardsOf(ava)).find((c) => c.type === 'avatar_unpack')!;
    const opened = await ok(ava, 'resource.card', { hash: pack.hash });
    expect(opened.item.hash).toBe(pack.hash);
    expect(opened.item.options.data.resources).toHaveLength(20);
    const hashes = new Set(AVATAR_RESOURCES.map((r) => r.hash));
    expect(opened.item.options.data.resources.every((r) => hashes.has(r.hash))).toBe(true);
    expect(opened.resources).toHaveLength(1);
    const won = opened.resources[0]!;
    expect(AVATAR_RESOURCES).toContainEqual(won);
    expect((await ok(ava, 'resource.assets', { type: 'avatar' })).assets).toEqual([{ ...won, time: expect.any(Number) }]);
    expect((await ok(ava, 'resource.assets', { type: 'pattern' })).assets).toEqual([]);
    expect((await ava.call('resource.card', { hash: pack.hash })).error).toMatchObject({ error_code: 19 });
    const coins = (await cardsOf(ava)).find((c) => c.type === 'free_coins')!;
    expect((await ava.call('resource.card', { hash: coins.hash })).error).toMatchObject({ error_code: 19, error_msg: 'This card does not unpack.' });
    expect((await cardsOf(ava)).map((c) => c.hash)).toContain(coins.hash);
    expect((await ok(server.client(), 'resource.battlepass', { type: 'avatar' })).resources).toEqual([...AVATAR_RESOURCES]);
  });

  test('an unpacked avatar can be worn (account.applyResource): the account and a public profile show it; not owned or unknown: refused, nothing changes', async () => {
    const amy = await cardHolder('card_amy');
    const pack = (await cardsOf(amy)).find((c) => c.type === 'avatar_unpack')!;
    const won = (await ok(amy, 'resource.card', { hash: pack.hash })).resources[0]!;
    const other = AVATAR_RESOURCES.find((r) => r.hash !== won.hash)!;
    const avatarOf = async () => ((await ok(amy, 'user.getUser', {})) as { user: { info: { avatar: string | null } } }).user.info.avatar;
    expect(await avatarOf()).toBeNull();

    const stranger = await server.player('card_rival');
    expect((await stranger.call('account.applyResource', { type: 'avatar', hash: won.hash })).error).toMatchObject({ error_code: 19, error_msg: 'You do not have this avatar.' });
    expect((await amy.call('account.applyResource', { type: 'avatar', hash: other.hash })).error).toMatchObject({ error_code: 19 });
    expect((await amy.call('account.applyResource', { type: 'pattern', hash: won.hash })).error).toMatchObject({ error_code: 19 });
    expect((await amy.call('account.applyResource', { type: 'avatar', hash: 'avatar_999' })).error).toMatchObject({ error_code: 19 });
    expect((await amy.call('account.applyResource', { type: 'hat', hash: won.hash })).error).toBeDefined();
    expect((await server.client().call('account.applyResource', { type: 'avatar', hash: won.hash })).error).toBeDefined();
    expect(await avatarOf()).toBeNull();

    expect(await ok(amy, 'account.applyResource', { type: 'avatar', hash: won.hash })).toEqual({ success: true, info: { avatar: won.image, pattern: null, badge: null } });
    expect(await avatarOf()).toBe(won.image);
    const seen = (await ok(stranger, 'user.getUser', { user_name: 'card_amy' })) as { user: { info: { avatar: string | null } } };
    expect(seen.user.info.avatar).toBe(won.image);
    // Applying again is harmless; clearing goes back to the default.
    await ok(amy, 'account.applyResource', { type: 'avatar', hash: won.hash });
    await ok(amy, 'account.clearInfo', { value: 'avatar' });
    expect(await avatarOf()).toBeNull();
  });

  test('a card becomes an A gift code: it leaves the giver, the redeemer gets it once; a newcomer cannot use a card above their level', async () => {
    const gil = await cardHolder('card_gil');
    const card = (await cardsOf(gil)).find((c) => c.type === 'free_coins' && c.level === 1)!;
    const late = (await cardsOf(gil)).find((c) => c.type === 'free_coins' && c.level === 3)!;
    const lateGift = await ok(gil, 'inventory.generateGift', { asset_hash: late.hash });
    const gift = await ok(gil, 'inventory.generateGift', { asset_hash: card.hash });
    expect(gift.code).toMatch(/^A[A-Z0-9]{4}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(gift.url).toBe(`/gift/${gift.code}`);
    expect((await cardsOf(gil)).map((c) => c.hash)).not.toContain(card.hash);
    expect((await gil.call('inventory.activate', { asset_hash: card.hash })).error).toMatchObject({ error_code: 19 });

    const hal = await server.player('card_hal');
    const answers = await Promise.all(Array.from({ length: 5 }, () => hal.call('inventory.gift', { code: gift.code })));
    expect(answers.filter((a) => (a.response as { success?: boolean } | undefined)?.success === true)).toHaveLength(1);
    expect(answers.filter((a) => (a.response as { cause?: string } | undefined)?.cause === 'This code has already been used')).toHaveLength(4);
    expect((await cardsOf(hal)).map((c) => c.hash)).toEqual([card.hash]);
    const start = await balanceOf(hal);
    await ok(hal, 'inventory.activate', { asset_hash: card.hash });
    expect(await balanceOf(hal)).toBe(start + card.amount!);
    expect(await ok(hal, 'inventory.gift', { code: lateGift.code })).toEqual({ success: true });
    expect((await hal.call('inventory.activate', { asset_hash: late.hash })).error).toMatchObject({ error_code: 19, error_msg: 'Reach level 3 to use this card.' });
    expect(await balanceOf(hal)).toBe(start + card.amount!);
  });

  test('a booster card starts its booster once: the boosters list has it running, found by the card hash too', async () => {
    const bo = await cardHolder('card_bo');
    const card = (await cardsOf(bo)).find((c) => c.type === 'booster')!;
    expect(card.detail).toBe(bpReward(3, 'premium').detail);
    const answers = await Promise.all(Array.from({ length: 10 }, () => bo.call('inventory.activate', { asset_hash: card.hash })));
    const used = answers.filter((a) => 'response' in a);
    expect(used).toHaveLength(1);
    const boosterHash = (used[0]!.response as { booster_hash: string }).booster_hash;
    const state = await ok(bo, 'booster.load', {});
    const running = Object.values(state.boosters);
    expect(running).toHaveLength(1);
    expect(running[0]).toMatchObject({ hash: boosterHash, kind: card.detail, active: true, status: 'active' });
    expect((await bo.call('booster.bonus', { asset_hash: card.hash })).error).toBeUndefined();
    expect((await cardsOf(bo)).map((c) => c.hash)).not.toContain(card.hash);
  });

  test('a nickname card gives one nickname change; an avatar card one upload right; a rain spoiler tells when the next rain starts', async () => {
    const nia = await cardHolder('card_nia');
    const refused = await nia.call('account.updateSettings', { name: 'nia_renamed' });
    expect(refused.error).toMatchObject({ error_code: 15 });
    const nickname = (await ok(nia, 'inventory.findCard', { type: 'nickname' })).card!;
    expect(nickname).toMatchObject({ type: 'customize', detail: 'nickname', name: 'Nickname card' });
    expect(await ok(nia, 'inventory.activate', { asset_hash: nickname.hash })).toMatchObject({ right: 'nickname' });
    expect(await ok(nia, 'inventory.findCard', { type: 'nickname' })).toEqual({ card: null });
    await ok(nia, 'account.updateSettings', { name: 'nia_renamed' });
    expect((await ok(nia, 'user.getUser', {}) as { user: { name: string } }).user.name).toBe('nia_renamed');
    // The right was spent: a second change needs another card.
    expect((await nia.call('account.updateSettings', { name: 'nia_again' })).error).toMatchObject({ error_code: 15 });

    const userId = (await server.services.db.get<{ id: number }>("SELECT id FROM users WHERE name = 'nia_renamed'"))!.id;
    const [avatarCard, spoiler] = await server.services.db.transaction(async (tx) => [
      await grantCard(tx, await server.services.catalog.view(), userId, { ...bpReward(8, 'free'), level: 1 }, 'test', Date.now()),
      await grantCard(tx, await server.services.catalog.view(), userId, { ...bpReward(12, 'free'), level: 1 }, 'test', Date.now()),
    ]);
    expect(await ok(nia, 'inventory.activate', { asset_hash: toHash(avatarCard) })).toMatchObject({ right: 'avatar' });
    expect((await server.services.db.get<{ n: number }>("SELECT COUNT(*) AS n FROM customize_rights WHERE user_id = ? AND kind = 'avatar' AND used_at IS NULL", userId))!.n).toBe(1);
    // The server counts the seconds at its own moment within the call: a second may turn over
    // between that and the test's clock, so the answer lies between the counts before and after.
    const asked = Date.now();
    const told = await ok(nia, 'inventory.activate', { asset_hash: toHash(spoiler) });
    const nextAt = Number((await server.services.db.get<{ value: string }>("SELECT value FROM chat_settings WHERE key = 'rain_next_at'"))?.value ?? '0');
    const secondsAt = (moment: number) => Math.max(0, Math.ceil((nextAt - moment) / 1000));
    expect(nextAt).toBeGreaterThan(asked);
    expect(told.rain_start_in).toBeLessThanOrEqual(secondsAt(asked));
    expect(told.rain_start_in).toBeGreaterThanOrEqual(secondsAt(Date.now()));
  });

  test('a reactions card shows its bundle, unlocks it for battles once, and a second one is kept', async () => {
    const rex = await server.player('card_rex');
    const userId = (await server.services.db.get<{ id: number }>("SELECT id FROM users WHERE name = 'card_rex'"))!.id;
    const [first, second] = await server.services.db.transaction(async (tx) => await mapInOrder([0, 1], async () => grantCard(tx, await server.services.catalog.view(), userId, { ...bpReward(18, 'free'), level: 1 }, 'test', Date.now()))) as [number, number];
    const bundleHashes = async () => (await ok(rex, 'bundle.assets', { type: 'reactions' })).assets.map((a) => (a as { hash: string }).hash);
    expect(await bundleHashes()).not.toContain(REACTION_CARD_BUNDLE);
    const preview = await ok(rex, 'bundle.card', { hash: toHash(first) });
    expect(preview.bundle.type).toBe('reactions');
    expect(preview.bundle.content.length).toBeGreaterThan(0);
    await ok(rex, 'inventory.activate', { asset_hash: toHash(first) });
    expect(await bundleHashes()).toContain(REACTION_CARD_BUNDLE);
    expect((await rex.call('inventory.activate', { asset_hash: toHash(second) })).error).toMatchObject({ error_code: 19, error_msg: 'You have this bundle already.' });
    expect((await cardsOf(rex)).map((c) => c.hash)).toEqual([toHash(second)]);
    expect((await rex.call('bundle.card', { hash: toHash(first) })).error).toMatchObject({ error_code: 19 });
  });

  test('an emojis card unlocks the Elite chat pack for its owner only: the picker lists it, chat.send takes its emojis; before, chat.send refuses them', async () => {
    const emma = await server.player('card_emma');
    const other = await server.player('card_emil');
    const userId = (await server.services.db.get<{ id: number }>("SELECT id FROM users WHERE name = 'card_emma'"))!.id;
    const [first, second] = await server.services.db.transaction(async (tx) => await mapInOrder([0, 1], async () => grantCard(tx, await server.services.catalog.view(), userId, { ...bpReward(22, 'free'), level: 1 }, 'test', Date.now()))) as [number, number];
    const elite = async (client: Client) => (await ok(client, 'chat.messages', {})).bundles.find((b) => b.hash === EMOJI_CARD_BUNDLE)!;
    const messages = async () => (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM chat_messages'))!.n;
    expect((await elite(emma)).tags).toEqual(['card', 'locked']);
    const before = await messages();
    expect((await emma.call('chat.send', { text: 'look ::elite_0::' })).error).toEqual({ error_code: 15, error_msg: 'Unlock this emoji pack with its card first' });
    expect(await messages()).toBe(before);
    const preview = await ok(emma, 'bundle.card', { hash: toHash(first) });
    expect(preview.bundle).toMatchObject({ type: 'emojis', content: expect.arrayContaining(['goat', 'dragon']) });
    const assetHashes = async (client: Client) => (await ok(client, 'bundle.assets', { type: 'emojis' })).assets.map((a) => (a as { hash: string }).hash);
    expect(await assetHashes(emma)).not.toContain(EMOJI_CARD_BUNDLE);

    await ok(emma, 'inventory.activate', { asset_hash: toHash(first) });
    expect((await elite(emma)).tags).toEqual(['card']);
    expect(await assetHashes(emma)).toContain(EMOJI_CARD_BUNDLE);
    const sent = await ok(emma, 'chat.send', { text: 'look ::elite_0::' });
    expect(sent.message.text).toBe('look ::elite_0::');
    // Others see it drawn (the pack's glyphs are served to them, tagged locked) but cannot send it.
    expect((await elite(other)).tags).toEqual(['card', 'locked']);
    expect((await other.call('chat.send', { text: '::elite_3:: mine too' })).error).toMatchObject({ error_code: 15 });
    expect(await assetHashes(other)).not.toContain(EMOJI_CARD_BUNDLE);
    expect((await emma.call('inventory.activate', { asset_hash: toHash(second) })).error).toMatchObject({ error_code: 19, error_msg: 'You have this bundle already.' });
    expect((await cardsOf(emma)).map((c) => c.hash)).toEqual([toHash(second)]);
  });

  test('a pattern pack unpacks into a profile pattern, which can be worn and taken off; the Battle Pass issues pattern packs', async () => {
    expect(bpReward(6, 'premium').kind).toBe('pattern_unpack');
    expect(bpReward(22, 'free').kind).toBe('emojis');
    const pat = await server.player('card_pat');
    const stranger = await server.player('card_seer');
    const userId = (await server.services.db.get<{ id: number }>("SELECT id FROM users WHERE name = 'card_pat'"))!.id;
    const [packId, secondId] = await server.services.db.transaction(async (tx) => await mapInOrder([0, 1], async () => grantCard(tx, await server.services.catalog.view(), userId, { ...bpReward(6, 'premium'), level: 1 }, 'test', Date.now()))) as [number, number];
    const opened = await ok(pat, 'resource.card', { hash: toHash(packId) });
    const hashes = new Set(PATTERN_RESOURCES.map((r) => r.hash));
    expect(opened.item.options.data.resources).toHaveLength(20);
    expect(opened.item.options.data.resources.every((r) => hashes.has(r.hash))).toBe(true);
    const won = opened.resources[0]!;
    expect(PATTERN_RESOURCES).toContainEqual(won);
    // The second pack through inventory.activate, as the inventory's other kinds are used.
    const second = await ok(pat, 'inventory.activate', { asset_hash: toHash(secondId) });
    expect(PATTERN_RESOURCES).toContainEqual(second.resources![0]);
    const owned = (await ok(pat, 'resource.assets', { type: 'pattern' })).assets.map((a) => a.hash);
    expect(owned.sort()).toEqual([won.hash, second.resources![0]!.hash].sort());
    expect((await ok(pat, 'resource.assets', { type: 'avatar' })).assets).toEqual([]);
    expect((await ok(server.client(), 'resource.battlepass', { type: 'pattern' })).resources).toEqual([...PATTERN_RESOURCES]);

    const notOwned = PATTERN_RESOURCES.find((r) => !owned.includes(r.hash))!;
    expect((await pat.call('account.applyResource', { type: 'pattern', hash: notOwned.hash })).error).toMatchObject({ error_code: 19, error_msg: 'You do not have this pattern.' });
    expect((await stranger.call('account.applyResource', { type: 'pattern', hash: won.hash })).error).toMatchObject({ error_code: 19 });
    expect((await pat.call('account.applyResource', { type: 'avatar', hash: won.hash })).error).toMatchObject({ error_code: 19 });
    const seen = async () => ((await ok(stranger, 'user.getUser', { user_name: 'card_pat' })) as { user: { info: { avatar: string | null; pattern: string | null } } }).user.info;
    expect(await seen()).toMatchObject({ pattern: null });
    expect(await ok(pat, 'account.applyResource', { type: 'pattern', hash: won.hash })).toEqual({ success: true, info: { avatar: null, pattern: won.image, badge: null } });
    expect(await seen()).toMatchObject({ avatar: null, pattern: won.image });
    expect(await ok(pat, 'account.clearInfo', { value: 'pattern' })).toMatchObject({ success: true, info: { pattern: null } });
    expect(await seen()).toMatchObject({ pattern: null });
  });

  test('one-off cards are looked up by kind; bad input and visitors are refused', async () => {
    const fin = await cardHolder('card_fin');
    expect(await ok(fin, 'inventory.findCard', { type: 'avatar' })).toEqual({ card: null });
    expect((await fin.call('inventory.findCard', { type: 'hat' })).error).toMatchObject({ error_code: 16 });
    const booster = (await cardsOf(fin)).find((c) => c.type === 'booster')!;
    const rows = await ledgerRows();
    for (const asset_hash of ['x', 'SF', '12']) expect((await fin.call('inventory.activate', { asset_hash })).error).toMatchObject({ error_code: 16 });
    expect((await fin.call('inventory.activate', { asset_hash: 'SF999999' })).error).toMatchObject({ error_code: 19, error_msg: 'Card not found.' });
    expect((await server.client().call('inventory.activate', { asset_hash: booster.hash })).error).toMatchObject({ error_code: 15 });
    expect((await server.client().call('inventory.generateGift', { asset_hash: booster.hash })).error).toMatchObject({ error_code: 15 });
    expect(await ledgerRows()).toBe(rows);
    expect(await cardsOf(fin)).toHaveLength(10);
  });
});
