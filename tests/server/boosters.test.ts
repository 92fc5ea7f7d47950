/**
 * Boosters (document 1 sections 3, 4, 7; docs/decisions/0026): activation rules and each
 * kind's effect, measured in the system it changes (experience, deposits, battles, rain,
 * level rewards), over the real server, ledger and database.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError, type Booster, type BoosterKind } from '../../src/contract/index.ts';
import { boosterExtra } from '../../src/core/boosters.ts';
import { levelRewardValue } from '../../src/core/level-rewards.ts';
import { levelForExp } from '../../src/core/levels.ts';
import { solvePow } from '../../src/core/rain.ts';
import { RAIN_JOIN_MS, rainTick, startRain } from '../../sim-server/domains/chat/rain.ts';
import { grantBooster } from '../../sim-server/domains/boosters/grant.ts';
import { parseHash } from '../../src/core/hash-id.ts';
import { createBattle, startBattleServer, type BattleServer } from './battles-helpers.ts';
import { balanceOf, cheapestCase, ok, type Client } from './cases-helpers.ts';
import { hashOf, refused } from './chat-helpers.ts';
import { depositAddress, expectLedgerOk, sim, simPost, tick, transfer } from './wallet-helpers.ts';

let s: BattleServer;
beforeAll(async () => {
  s = await startBattleServer();
});
afterAll(() => s.server.close());

const db = () => s.server.services.db;

/** Grants a booster through the sim console (as a card or the Battle Pass would, through grantBooster). */
async function grant(client: Client, kind: BoosterKind, params: Record<string, number | null> = {}): Promise<string> {
  return (await sim<{ hash: string }>(client, '/api/sim/boosters/grant', { user: await hashOf(client), kind, params })).hash;
}

async function grantAndActivate(client: Client, kind: BoosterKind, params: Record<string, number | null> = {}): Promise<Booster> {
  const hash = await grant(client, kind, params);
  return (await ok(client, 'booster.activate', { booster_hash: hash })).booster;
}

const boosterOf = async (client: Client, hash: string) => (await ok(client, 'booster.load', {})).boosters[hash];
const expOf = async (client: Client) => (await ok(client, 'rewards.levels')).exp;

/** Opens one of the cheapest case: a wager of its price. */
async function wager(client: Client): Promise<number> {
  const box = await cheapestCase(client);
  await ok(client, 'arena-unbox.create', { box_hash: box.hash, count: 1 });
  return box.price;
}

describe('activation', () => {
  test('a granted booster is ready and listed; activating starts its timer; 20 activations at once start it once', async () => {
    const ann = await s.server.player('boost_ann');
    const socket = await ann.socket();
    const hash = await grant(ann, 'xp_multiplier');
    expect((await socket.next('BOOSTER_CREATED')).data).toMatchObject({ hash, kind: 'xp_multiplier', status: 'ready', active: false, expires_at: null, locked: false });
    const state = await ok(ann, 'booster.load', {});
    expect(state.resume.boosters_count).toBe(1);
    expect(state.boosters[hash]).toMatchObject({ name: 'XP Multiplier', params: { multiplier: 2, expires: 3_600_000 } });

    const answers = await Promise.all(Array.from({ length: 20 }, () => ann.call('booster.activate', { booster_hash: hash })));
    expect(answers.filter((a) => 'response' in a)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.error_code === NumericError.INVALID_DATA)).toHaveLength(19);
    const running = await boosterOf(ann, hash);
    expect(running).toMatchObject({ status: 'active', active: true, activated_at: s.now(), expires_at: s.now() + 3_600_000 });
    expect((await db().get<{ n: number }>("SELECT COUNT(*) AS n FROM boosters WHERE id = ? AND status = 'active'", running!.id))!.n).toBe(1);
  });

  test("someone else's booster, a malformed hash, an unknown one or a level too low are refused and nothing changes", async () => {
    const bea = await s.server.player('boost_bea');
    const cid = await s.server.player('boost_cid');
    const hash = await grant(bea, 'rain_boost', { level: 2 });
    await refused(cid, 'booster.activate', { booster_hash: hash }, NumericError.NOT_FOUND);
    await refused(cid, 'booster.bonus', { booster_hash: hash }, NumericError.NOT_FOUND);
    await refused(bea, 'booster.activate', { booster_hash: 'nonsense' }, NumericError.INPUT_ERROR);
    await refused(bea, 'booster.activate', { booster_hash: 'SF0999999999' }, NumericError.NOT_FOUND);
    await refused(bea, 'booster.bonus', {}, NumericError.INPUT_ERROR);
    expect(await boosterOf(bea, hash)).toMatchObject({ level: 2, locked: true, status: 'ready' });
    expect(await refused(bea, 'booster.activate', { booster_hash: hash }, NumericError.INVALID_DATA)).toBe('Reach level 2 to activate this booster');
    expect(await boosterOf(bea, hash)).toMatchObject({ status: 'ready', expires_at: null });
    // Level 2 is 100 experience: one case of a coin or more reaches it, and the lock lifts.
    await wager(bea);
    expect((await ok(bea, 'rewards.levels')).level).toBeGreaterThanOrEqual(2);
    expect(await boosterOf(bea, hash)).toMatchObject({ locked: false });
    expect((await ok(bea, 'booster.activate', { booster_hash: hash })).booster).toMatchObject({ status: 'active' });
  });

  test('a booster whose time is up closes, leaves the state and is listed in the history', async () => {
    const dee = await s.server.player('boost_dee');
    const socket = await dee.socket();
    const booster = await grantAndActivate(dee, 'auto_join', { duration_ms: 60_000 });
    await s.advance(60_000);
    let closed: Booster | undefined;
    while (!closed) {
      const frame = await socket.next('BOOSTER_MODIFIED');
      if ((frame.data as Booster).status === 'closed') closed = frame.data as Booster;
    }
    expect(closed).toMatchObject({ hash: booster.hash, closed_at: booster.expires_at });
    expect(await boosterOf(dee, booster.hash)).toBeUndefined();
    const history = await ok(dee, 'booster.history', { list: 'boosters' });
    expect(history.boosters.map((b) => [b.hash, b.status])).toEqual([[booster.hash, 'closed']]);
    expect(history.offset).toBeNull();
    await refused(dee, 'booster.activate', { booster_hash: booster.hash }, NumericError.INVALID_DATA);
    await refused(dee, 'booster.history', { offset: 'x' }, NumericError.INPUT_ERROR);
  });
});

describe('effects', () => {
  test('XP Multiplier: a wager earns multiplier times the experience while it runs, and plain experience after', async () => {
    const eve = await s.server.player('boost_eve');
    const plain = await s.server.player('boost_plain');
    const booster = await grantAndActivate(eve, 'xp_multiplier', { multiplier_milli: 3000, duration_ms: 120_000 });
    const [eveBefore, plainBefore] = [await expOf(eve), await expOf(plain)];
    const price = await wager(eve);
    await wager(plain);
    expect((await expOf(plain)) - plainBefore).toBe(price);
    expect((await expOf(eve)) - eveBefore).toBe(3 * price);
    expect((await boosterOf(eve, booster.hash))!.process.bonus_issued_exprience).toBe(2 * price);
    await s.advance(120_000);
    const after = await expOf(eve);
    await wager(eve);
    expect((await expOf(eve)) - after).toBe(price);
  });

  test('XP Multiplier: a held battle seat earns neither experience nor the booster\'s extra; once the battle fills, both', async () => {
    const host = await s.server.player('boost_xhost');
    const gus = await s.server.player('boost_xgus');
    const ivy = await s.server.player('boost_xivy');
    const booster = await grantAndActivate(gus, 'xp_multiplier', { multiplier_milli: 3000, duration_ms: 600_000 });
    const before = await expOf(gus);
    const created = await createBattle(host, { number: 3 });
    await ok(gus, 'arena-battle.join', { token: created.game.token, options: { seat: 2 } });
    expect(await expOf(gus)).toBe(before);
    await ok(gus, 'arena-battle.leave', { token: created.game.token });
    expect(await expOf(gus)).toBe(before);
    expect((await boosterOf(gus, booster.hash))!.process.bonus_issued_exprience).toBe(0);
    // Joined again, and the battle fills: the seat counts now, with the booster's extra.
    await ok(gus, 'arena-battle.join', { token: created.game.token });
    await ok(ivy, 'arena-battle.join', { token: created.game.token });
    expect((await expOf(gus)) - before).toBe(3 * created.game.price);
    const entries = await db().all<{ amount: number; source: string }>(
      'SELECT amount, source FROM experience_entries WHERE user_id = ? ORDER BY id', parseHash(await hashOf(gus))!,
    );
    expect(entries.slice(-2)).toEqual([
      { amount: created.game.price, source: 'arena_join' },
      { amount: 2 * created.game.price, source: 'booster_xp' },
    ]);
  });

  test('Deposit Bonus: a deposit gets (multiplier - 1) on top until bonus_left runs out', async () => {
    const fay = await s.server.player('boost_fay');
    const booster = await grantAndActivate(fay, 'deposit_bonus', { multiplier_milli: 1250, bonus_max: 2_000 });
    expect(booster.params).toMatchObject({ multiplier: 1.25, bonus_max: 2_000, bonus_left: 2_000 });
    const start = await balanceOf(fay);
    const address = await depositAddress(fay, 'btc');
    const deposit = async (amount: string) => {
      await transfer(fay, { address, amount });
      for (let i = 0; i < 2; i++) {
        await s.advance(60_000);
        await tick(fay);
      }
    };
    await deposit('0.001'); // 6,500 cents at the sim's rate: 25% is 1,625
    expect(await balanceOf(fay)).toBe(start + 6_500 + 1_625);
    expect(await ok(fay, 'booster.bonus', { booster_hash: booster.hash })).toEqual({ data: { bonus_left: 375, bonus_wager_requirement: 0 } });
    expect(await ok(fay, 'booster-bonus', { booster_hash: booster.hash })).toEqual({ data: { bonus_left: 375, bonus_wager_requirement: 0 } });
    await deposit('0.001'); // only the 375 left
    expect(await balanceOf(fay)).toBe(start + 13_000 + 2_000);
    expect(await boosterOf(fay, booster.hash)).toBeUndefined();
    const history = await ok(fay, 'wallet.getHistory', { count: 10 });
    expect(history.actions.filter((a) => a.type === 'booster_deposit_bonus').map((a) => a.amount)).toEqual([375, 1_625]);
    await expectLedgerOk(s.server);
  });

  /**
   * Plays 2-seat battles of the two until one ends with a seat that won nothing (a split pays
   * both seats, which is no loss); answers that battle's loser and winner, with their balances before.
   */
  async function battleWithLoser(a: Client, b: Client) {
    for (let attempt = 0; attempt < 10; attempt++) {
      const created = await createBattle(a, { number: 2 }, 1);
      await ok(b, 'arena-battle.join', { token: created.game.token });
      const starts = [await balanceOf(a), await balanceOf(b)];
      const done = await s.playToEnd(a, created.game.token);
      const rewards = done.game.users.map((u) => u.reward);
      const ends = [await balanceOf(a), await balanceOf(b)];
      // A split is no loss, so no refund: checked by the caller's count of refund entries.
      if (!rewards.includes(0)) continue;
      const loser = rewards[0] === 0 ? 0 : 1;
      return { price: created.game.price, loser, winner: 1 - loser, starts, ends, rewards };
    }
    throw new Error('ten battles without a loser');
  }

  test('Battle Refund: the player who wins nothing gets the seat back once; the winner gets nothing from it', async () => {
    const gus = await s.server.player('boost_gus');
    const hal = await s.server.player('boost_hal');
    const refunds = await Promise.all([gus, hal].map((p) => grantAndActivate(p, 'battle_refund', { max_price: 100_000 })));
    const { price, loser, winner, starts, ends, rewards } = await battleWithLoser(gus, hal);
    const clients = [gus, hal];
    expect(ends[loser]).toBe(starts[loser]! + price);
    expect(rewards[winner]).toBeGreaterThan(0);
    expect(await boosterOf(clients[loser]!, refunds[loser]!.hash)).toBeUndefined();
    expect((await ok(clients[loser]!, 'booster.history', {})).boosters[0]).toMatchObject({ hash: refunds[loser]!.hash, process: { refund_price: price }, params: { bonus_left: 0 } });
    expect(await boosterOf(clients[winner]!, refunds[winner]!.hash)).toMatchObject({ status: 'active', params: { bonus_left: 1 } });
    const entries = await db().all<{ amount: number }>("SELECT amount FROM ledger WHERE type = 'booster_battle_refund'");
    expect(entries).toEqual([{ amount: price }]);
    await expectLedgerOk(s.server);
  });

  test('Battle Refund: capped at max_price; without the booster a loss is not refunded', async () => {
    const ida = await s.server.player('boost_ida');
    const jon = await s.server.player('boost_jon');
    await grantAndActivate(ida, 'battle_refund', { max_price: 1 });
    await grantAndActivate(jon, 'battle_refund', { max_price: 1 });
    const first = await battleWithLoser(ida, jon);
    expect(first.ends[first.loser]).toBe(first.starts[first.loser]! + 1);
    // The loser's booster is used up; the next loss of that player is not refunded.
    const kit = await s.server.player('boost_kit');
    const loserClient = [ida, jon][first.loser]!;
    const next = await battleWithLoser(loserClient, kit);
    expect(next.ends[next.loser]).toBe(next.starts[next.loser]);
  });

  test('Rain Boost, Auto-Join and Free Access: the boosted share is paid on top, auto-joiners are in, free access skips the requirement', async () => {
    const tipper = await s.server.player('boost_tipper');
    await ok(tipper, 'chat-rain.tip', { amount: 10_000 });
    const kim = await s.server.player('boost_kim'); // Rain Boost x2, joins by hand
    const lee = await s.server.player('boost_lee'); // plain, joins by hand
    const max = await s.server.player('boost_max'); // Auto-Join
    const ned = await s.server.player('boost_ned'); // Free Access, never wagered
    const oli = await s.server.player('boost_oli'); // never wagered, no booster
    for (const p of [kim, lee, max]) await wager(p);
    const kimBoost = await grantAndActivate(kim, 'rain_boost', { multiplier_milli: 2000 });
    await grantAndActivate(max, 'auto_join');
    await grantAndActivate(ned, 'free_access');

    const rain = await startRain(s.server.services, { difficulty: 8 });
    expect(rain.participants).toBe(1);
    expect((await ok(max, 'chat-rain.get', {})).joined).toBe(true);
    const join = async (p: Client) => p.call('chat-rain.join', { rain_hash: rain.hash, token: solvePow(rain.captcha.challenge, await hashOf(p), rain.captcha.difficulty)! });
    for (const p of [kim, lee, ned]) expect(await join(p)).toHaveProperty('response.success', true);
    expect((await join(oli)).error).toEqual({ error_code: NumericError.INVALID_DATA, error_msg: 'Be active (wager at least 1.00 coins) in the last hour' });

    const before = await Promise.all([kim, lee, max, ned].map(balanceOf));
    await s.advance(RAIN_JOIN_MS);
    await rainTick(s.server.services);
    await s.advance(1_000);
    await rainTick(s.server.services);
    const { rain: finished } = await ok(kim, 'chat-rain.getRewards', { rain_hash: rain.hash });
    const share = new Map(finished!.rewards.map((r) => [r.user_hash, r.reward]));
    const hashes = await Promise.all([kim, lee, max, ned].map(hashOf));
    expect(hashes.every((h) => share.has(h))).toBe(true);
    const after = await Promise.all([kim, lee, max, ned].map(balanceOf));
    const kimShare = share.get(hashes[0]!)!;
    expect(after[0]! - before[0]!).toBe(kimShare + boosterExtra(kimShare, 2000));
    for (const i of [1, 2, 3]) expect(after[i]! - before[i]!).toBe(share.get(hashes[i]!)!);
    expect((await boosterOf(kim, kimBoost.hash))!.process.bonus_issued_amount).toBe(kimShare);
    await expectLedgerOk(s.server);
  });

  test('Auto-Claim: level rewards reached while it runs are given at once (their free case cards), each once', async () => {
    const pam = await s.server.player('boost_pam');
    const booster = await grantAndActivate(pam, 'auto_claim');
    const start = await balanceOf(pam);
    const price = await wager(pam);
    const level = levelForExp(price);
    expect(level).toBeGreaterThanOrEqual(2);
    const levels = await ok(pam, 'rewards.levels');
    const reached = levels.rewards.filter((r) => r.reached);
    expect(reached.every((r) => r.claimed)).toBe(true);
    // Each reached level's card is in the inventory, once; the rewards move no money.
    const cards = (await ok(pam, 'inventory.getCards')).cards;
    for (const r of reached) expect(cards.filter((c) => c.type === 'free_case' && c.name === `Level ${r.level} case` && c.box?.key === r.case?.key)).toHaveLength(1);
    // The case's drop may be sold or kept; only the wager touches the balance here.
    expect(await balanceOf(pam)).toBe(start - price);
    expect((await boosterOf(pam, booster.hash))!.process.bonus_issued_amount).toBe(reached.reduce((sum, r) => sum + levelRewardValue(r.level), 0));
    await refused(pam, 'rewards.claim', { level: 2 }, NumericError.INVALID_DATA);
    // The next wager finds nothing left to claim: no second card.
    await wager(pam);
    const again = (await ok(pam, 'inventory.getCards')).cards.filter((c) => c.name === 'Level 2 case');
    expect(again).toHaveLength(1);
  });
});

describe('grantBooster (what cards and the Battle Pass call)', () => {
  test('a card grant with activate starts the booster at once; the same (source, ref) grants once; booster.bonus finds it by the card hash', async () => {
    const rex = await s.server.player('boost_rex');
    const userId = parseHash(await hashOf(rex))!;
    const grantOnce = () =>
      db().transaction((tx) => grantBooster(tx, userId, 'deposit_bonus', { source: 'card', ref: 'SF0000000777', now: s.now(), activate: true, params: { bonus_max: 500 } }));
    const first = await grantOnce();
    const again = await grantOnce();
    expect(first.created).toBe(true);
    expect(again).toEqual({ ...first, created: false });
    expect(await boosterOf(rex, first.hash)).toMatchObject({ status: 'active', activated_at: s.now(), expires_at: s.now() + 7 * 86_400_000 });
    expect(await ok(rex, 'booster.bonus', { asset_hash: 'SF0000000777' })).toEqual({ data: { bonus_left: 500, bonus_wager_requirement: 0 } });
    await refused(rex, 'booster.bonus', { asset_hash: 'SF0000000778' }, NumericError.NOT_FOUND);
  });
});

describe('the sim grant', () => {
  test('needs the operator key and a real kind', async () => {
    const quinn = await s.server.player('boost_quinn');
    const { body } = await quinn.request('/api/sim/boosters/grant', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: await hashOf(quinn), kind: 'xp_multiplier' }) });
    expect(body.error?.error_code).toBe(NumericError.ACCESS_DENIED);
    expect((await simPost(quinn, '/api/sim/boosters/grant', { user: await hashOf(quinn), kind: 'mega' })).error?.error_code).toBe(NumericError.INPUT_ERROR);
    expect((await ok(quinn, 'booster.load', {})).resume.boosters_count).toBe(0);
  });
});
