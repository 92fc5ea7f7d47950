import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { MethodResult } from '../../src/contract/index.ts';
import { parseHash, partyParticipantsHash, partyTicket, sha256Hex, toHash } from '../../src/core/index.ts';
import { FINISHED_LINGER_MS, OFFICIAL_PRIZES, TIER_EVERY_MS, TIER_LOCK_MS } from '../../sim-server/domains/parties/store.ts';
import { partyTick } from '../../sim-server/domains/parties/runner.ts';
import { cheapestCase, openCases } from './cases-helpers.ts';
import { hashOf, refused } from './chat-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { balanceOf, expectLedgerOk, ok, sim, simPost, testClock, type Client } from './wallet-helpers.ts';

const clock = testClock();
/** Tests that sign in dozens of players (a scrypt hash each) get longer on a busy shared machine. */
const SLOW_MS = 180_000;
let server: TestServer;
beforeAll(async () => {
  // Access tokens outlive the hours this file moves the clock (renewal is connect.test's subject).
  server = await startServer({ now: clock.now, accessTtl: 30 * 86_400 });
});
afterAll(() => server.close());

type Party = MethodResult<'event-party.get'>['party'];
const tick = () => partyTick(server.services);
const getParty = async (client: Client, id: string): Promise<Party> => (await ok(client, 'event-party.get', { id })).party;
const tierOf = async (client: Client, id: string, number: number) => (await ok(client, 'event-party.get-tier', { id, number })).tier;

/** Puts a player on air through the sim streams console; answers the stream hash. */
async function goLive(client: Client, name: string): Promise<string> {
  return (await sim<{ hash: string }>(client, '/api/sim/streams', { name, channel: `${name}_tv`, followers: 1500 })).hash;
}

/** A stream-club partner on air with their party settings; answers their client and stream. */
async function clubPartner(name: string, settings: Record<string, string | number>) {
  const partner = await server.player(name);
  await sim(partner, '/api/sim/partners/tag', { name, tag: 'club_member' });
  await refused(partner, 'partnership-plus.join-stream-club', {}, 'KICK_ACCOUNT_NOT_LINKED');
  const stream = await goLive(partner, name);
  // Having streamed is not enough: the club asks for the linked Kick channel (connect-kick).
  await refused(partner, 'partnership-plus.join-stream-club', {}, 'KICK_ACCOUNT_NOT_LINKED');
  expect(await ok(partner, 'partnership-plus.connect-kick', { name: `${name}_tv` })).toMatchObject({ kick: { name: `${name}_tv` } });
  expect(await ok(partner, 'partnership-plus.join-stream-club')).toEqual({ success: true, stream_club: true });
  await ok(partner, 'partnership-plus.change-party-settings', settings);
  return { partner, stream };
}

/** A referral of `partner` who has wagered `cases` (1, 5, 10...) of the cheapest case (1.00 coin each) under their code. */
async function referral(name: string, partner: string, cases = 10): Promise<Client> {
  const client = await server.player(name);
  await ok(client, 'partnership.activateCode', { code: partner, anonymous: 0 });
  if (cases > 0) await openCases(client, (await cheapestCase(client)).hash, cases);
  return client;
}


describe('stream parties', () => {
  test('a partner party runs three tiers in order on the clock, pauses while the host is away, and every draw recomputes from its published record', async () => {
    const { partner, stream } = await clubPartner('party_host', { min_wagered: 500, min_period: 5, min_level: 0, invite_code: 'Gold Hat' });
    const socket = await partner.socket();
    socket.send('join-room', { room: 'STREAM_PARTY_LOBBY' });
    await socket.next('ROOM_JOINED');

    const before = await balanceOf(partner);
    const partyHouse = () => server.services.ledger.balance(server.services.db, { house: 'party' });
    const partyHeld = await partyHouse();
    const bought = await ok(partner, 'partnership-plus.buy-party-fuel', { amount: 10_000, stamp: 'fuel-1' });
    // The fuel is the three prizes' value: 20%, 30% and 50% of it.
    expect(bought.fuel).toBe(10_000);
    expect(await partyHouse()).toBe(partyHeld + 10_000);
    expect(await balanceOf(partner)).toBe(before - bought.fuel);
    // The same stamp answers the first result and charges nothing more.
    expect(await ok(partner, 'partnership-plus.buy-party-fuel', { amount: 10_000, stamp: 'fuel-1' })).toEqual(bought);
    expect(await balanceOf(partner)).toBe(before - bought.fuel);
    // A second party while this one is open: the close-party flow's error.
    await refused(partner, 'partnership-plus.buy-party-fuel', { amount: 3_000, stamp: 'fuel-2' }, 'ACTIVE_STREAM_PARTY_EXISTS');
    expect((await socket.next('STREAM_PARTY_CREATED')).data).toMatchObject({ id: bought.party, official: false });

    const id = bought.party;
    const start = await getParty(partner, id);
    expect(start).toMatchObject({ status: 'active', official: false, conditions: { min_wagered: 500, min_period: 5 * 86_400, invite_code: 'Gold Hat' } });
    expect(start.tiers.map((t) => t.time_at)).toEqual([TIER_EVERY_MS, 2 * TIER_EVERY_MS, 3 * TIER_EVERY_MS]);
    expect(start.tiers.map((t) => [t.item_name, t.item_price, t.prize?.type, t.prize?.kind, t.item_hash])).toEqual([
      ['Deposit Bonus', 2_000, 'booster', 'deposit_bonus', ''],
      ['Coins card', 3_000, 'card', 'free_coins', ''],
      ['Coins card', 5_000, 'card', 'free_coins', ''],
    ]);
    const seedHashes = start.tiers.map((t) => t.server_seed_hashed);

    // Referrals who wagered join; the lobby of a referral shows their partner's party.
    const viewers = await Promise.all(['partyref_a', 'partyref_b', 'partyref_c'].map((n) => referral(n, 'party_host')));
    const seen = await ok(viewers[0]!, 'event-party.lobby');
    expect(seen.parties.map((p) => p.id)).toEqual([id]);
    expect(seen.parties[0]!.conditions.invite_code).toBeNull();
    expect(seen.parties[0]!.participation).toMatchObject({ joined: false, referral: true });
    expect(seen.parties[0]!.participation!.progress.wagered).toBeGreaterThanOrEqual(500);
    for (const v of viewers) expect(await ok(v, 'event-party.join', { id, invite_code: 'Gold Hat' })).toMatchObject({ success: true });
    expect((await getParty(viewers[0]!, id)).participants).toBe(3);

    // Five minutes on air, then the host leaves: inactive, and 20 minutes away add nothing.
    clock.advance(5 * 60_000);
    await tick();
    await sim(partner, `/api/sim/streams/${stream}/stop`);
    await tick();
    clock.advance(20 * 60_000);
    await tick();
    const paused = await getParty(viewers[0]!, id);
    expect(paused.status).toBe('inactive');
    expect(paused.progress.air_time).toBe(5 * 60_000);
    expect(paused.tiers.every((t) => !t.completed)).toBe(true);
    expect(paused.stream.profile).toBeNull();
    // The joins announced the party active; then the pause is announced.
    let frame = await socket.next('STREAM_PARTY_UPDATED');
    while (frame.data.status === 'active') frame = await socket.next('STREAM_PARTY_UPDATED');
    expect(frame.data).toMatchObject({ id, status: 'inactive', air_time: 5 * 60_000, participants: 3 });

    // Back on air: the party resumes from where it was.
    await goLive(partner, 'party_host');
    await tick();
    expect((await getParty(viewers[0]!, id)).status).toBe('active');

    // Just before tier 1's draw the list is published with its hash; the draw follows.
    clock.advance(5 * 60_000 - TIER_LOCK_MS / 2);
    await tick();
    const locked = await tierOf(viewers[0]!, id, 1);
    expect(locked.completed).toBe(false);
    expect(locked.server_seed).toBeNull();
    expect(locked.participants).toHaveLength(3);
    expect(locked.participants_hash).toBe(partyParticipantsHash(locked.participants!));
    // Joining after the list is published does not change it.
    const late = await referral('partyref_late', 'party_host');
    await ok(late, 'event-party.join', { id, invite_code: 'Gold Hat' });
    expect((await tierOf(late, id, 1)).participants).toEqual(locked.participants);
    expect((await socket.next('STREAM_PARTY_TIER_LOCKED')).data).toMatchObject({ id, number: 1, participants: 3, participants_hash: locked.participants_hash });

    const winners: string[] = [];
    for (const number of [1, 2, 3]) {
      clock.advance(number === 1 ? TIER_LOCK_MS / 2 : TIER_EVERY_MS);
      await tick();
      const tier = await tierOf(viewers[1]!, id, number);
      // Recompute from the published record: the seed matches its hash shown from the start, the ticket and winner follow the rule.
      expect(tier.completed).toBe(true);
      expect(sha256Hex(tier.server_seed!)).toBe(seedHashes[number - 1]);
      expect(tier.participants_hash).toBe(partyParticipantsHash(tier.participants!));
      expect(tier.ticket).toBe(partyTicket(tier.server_seed!, tier.participants!.length));
      expect(tier.winner_hash).toBe(tier.participants![tier.ticket! - 1]);
      expect(tier.participants).toHaveLength(number === 1 ? 3 : 4);
      const roll = await socket.next('STREAM_PARTY_ROLL');
      expect(roll.data).toMatchObject({ id, number, winner_hash: tier.winner_hash, ticket: tier.ticket });
      expect((await socket.next('STREAM_PARTY_TIER_COMPLETED')).data).toEqual({ id, number });
      winners.push(tier.winner_hash!);
      // Tiers complete in order: the later ones are still open.
      const open = (await ok(viewers[1]!, 'event-party.lobby')).parties;
      expect(open.map((p) => p.tiers.map((t) => t.completed))).toEqual([[1, 2, 3].map((n) => n <= number)]);
    }
    // Every tier drawn: a minute later (the last winner shown) the party closes and leaves the lobby.
    clock.advance(FINISHED_LINGER_MS - 1);
    await tick();
    expect((await ok(viewers[0]!, 'event-party.lobby')).parties).toHaveLength(1);
    clock.advance(1);
    await tick();
    expect((await ok(viewers[0]!, 'event-party.lobby')).parties).toEqual([]);
    await refused(viewers[0]!, 'event-party.get', { id }, 30);

    // Each prize is with its winner once: tier 1 a Deposit Bonus booster capped at its value,
    // tiers 2 and 3 coins cards of theirs; more ticks deliver nothing more.
    const tiers = await server.services.db.all<{ winner_id: number; asset_id: number | null; booster_id: number | null; price: number }>(
      'SELECT winner_id, asset_id, booster_id, price FROM stream_party_tiers WHERE party_id = ? ORDER BY number', parseHash(id));
    expect(tiers.map((t) => toHash(t.winner_id))).toEqual(winners);
    const counts = async () => (await server.services.db.get<{ a: number; b: number }>('SELECT (SELECT COUNT(*) FROM assets) AS a, (SELECT COUNT(*) FROM boosters) AS b'))!;
    const countsBefore = await counts();
    clock.advance(TIER_EVERY_MS);
    await tick();
    await tick();
    expect(await counts()).toEqual(countsBefore);
    const booster = await server.services.db.get<{ user_id: number; kind: string; bonus_max: number; source: string; status: string }>('SELECT user_id, kind, bonus_max, source, status FROM boosters WHERE id = ?', tiers[0]!.booster_id);
    expect(booster).toEqual({ user_id: tiers[0]!.winner_id, kind: 'deposit_bonus', bonus_max: 2_000, source: 'party', status: 'ready' });
    const byHash = new Map(await Promise.all([...viewers, late].map(async (v) => [await hashOf(v), v] as const)));
    for (const t of tiers.slice(1)) {
      const winner = byHash.get(toHash(t.winner_id))!;
      const cards = (await ok(winner, 'inventory.getCards', {})).cards.filter((c) => c.hash === toHash(t.asset_id!));
      expect(cards).toMatchObject([{ type: 'free_coins', amount: t.price, name: 'Coins card' }]);
    }
    // The winner's card pays its value once, from the house the fuel moved to.
    const cardTier = tiers[1]!;
    const cardWinner = byHash.get(toHash(cardTier.winner_id))!;
    const held = await balanceOf(cardWinner);
    const cardHash = toHash(cardTier.asset_id!);
    await ok(cardWinner, 'inventory.activate', { asset_hash: cardHash });
    expect(await balanceOf(cardWinner)).toBe(held + cardTier.price);
    expect((await cardWinner.call('inventory.activate', { asset_hash: cardHash })).error).toBeDefined();
    // All three tiers were drawn: the party house gave out every cent of the fuel to the prizes' houses.
    expect(await partyHouse()).toBe(partyHeld);
    const moved = await server.services.db.all<{ amount: number }>("SELECT amount FROM ledger WHERE type = 'party_prize' AND ref LIKE ? ORDER BY id", `${id}:%`);
    expect(moved.map((m) => m.amount)).toEqual([2_000, 3_000, 5_000]);
    await expectLedgerOk(server);
    socket.close();
  }, SLOW_MS);

  test('100 viewers join an official party at once: each counted once, and the tier draws from all of them', async () => {
    const host = await server.player('official_host');
    await goLive(host, 'official_host');
    const { id } = await sim<{ id: string }>(host, '/api/sim/parties', { host: 'official_host' });
    const viewers = await Promise.all(Array.from({ length: 100 }, (_, i) => server.player(`crowdviewer_${i}`)));
    const answers = await Promise.all(viewers.map((v) => ok(v, 'event-party.join', { id, invite_code: 'skinfans' })));
    expect(answers.every((a) => a.success)).toBe(true);
    expect(Math.max(...answers.map((a) => a.participants))).toBe(100);
    expect(new Set(answers.map((a) => a.participants)).size).toBe(100);
    // Joining again, all at once, changes nothing.
    const again = await Promise.all(viewers.slice(0, 20).map((v) => v.call('event-party.join', { id, invite_code: 'skinfans' })));
    expect(again.every((a) => a.error?.error_code === 19)).toBe(true);
    const party = await getParty(viewers[0]!, id);
    expect(party.participants).toBe(100);
    expect(party.official).toBe(true);
    expect(party.conditions.invite_code).toBe('skinfans');

    clock.advance(TIER_EVERY_MS);
    await tick();
    const tier = await tierOf(viewers[0]!, id, 1);
    expect(new Set(tier.participants).size).toBe(100);
    expect(tier.winner_hash).toBe(tier.participants![partyTicket(tier.server_seed!, 100) - 1]);
    expect(tier.users).toHaveLength(100);
    // The official prize is the house's: a Deposit Bonus booster worth the first official value, with the winner.
    const prize = await server.services.db.get<{ user_id: number; bonus_max: number }>("SELECT user_id, bonus_max FROM boosters WHERE source = 'party' AND ref = ?", `${id}:1`);
    expect(prize).toEqual({ user_id: parseHash(tier.winner_hash!), bonus_max: OFFICIAL_PRIZES[0] });
  }, SLOW_MS);

  test('bad input is refused with the spec\'s errors and moves nothing; close-party lets the host open a new one', async () => {
    const { partner } = await clubPartner('bad_host', { min_wagered: 1000, min_period: 3, min_level: 0, invite_code: 'Blue Cap' });
    const { party: id } = await ok(partner, 'partnership-plus.buy-party-fuel', { amount: 3_000 });
    const stranger = await server.player('bad_stranger');
    const lazy = await referral('badlazy_ref', 'bad_host', 5);
    const good = await referral('badgood_ref', 'bad_host');
    const visitor = server.client();
    const snapshot = () => server.services.db.get('SELECT status, min_wagered, min_period, min_level, invite_code, (SELECT COUNT(*) FROM stream_party_members WHERE party_id = ?) AS members FROM stream_parties WHERE id = ?', parseHash(id), parseHash(id));
    const before = await snapshot();

    expect(await refused(stranger, 'event-party.join', { id, invite_code: 'Blue Cap' }, 15)).toBe('You must be a referral of the streamer to be able to join the Party.');
    await refused(good, 'event-party.join', { id, invite_code: 'blue cap' }, 28);
    await refused(good, 'event-party.join', { id, invite_code: '' }, 16);
    expect(await refused(lazy, 'event-party.join', { id, invite_code: 'Blue Cap' }, 19)).toContain('Wager 10.00 coins under the streamer\'s code within 3 days to join (5.00 so far)');
    await refused(good, 'event-party.join', { id: 'SF999999', invite_code: 'Blue Cap' }, 30);
    expect((await visitor.call('event-party.join', { id, invite_code: 'Blue Cap' })).error?.error_code).toBe(15);
    await refused(good, 'event-party.disband', { id }, 15);
    await refused(good, 'event-party.update-settings', { id, min_wagered: 500, min_period: 5, min_level: 0, invite_code: 'mine' }, 15);
    await refused(partner, 'event-party.update-settings', { id, min_wagered: 123, min_period: 5, min_level: 0, invite_code: 'x' }, 16);
    await refused(partner, 'event-party.update-settings', { id, min_wagered: 500, min_period: 2, min_level: 0, invite_code: 'x' }, 16);
    await refused(partner, 'event-party.update-settings', { id, min_wagered: 500, min_period: 5, min_level: 141, invite_code: 'x' }, 16);
    await refused(partner, 'event-party.update-settings', { id, min_wagered: 500, min_period: 5, min_level: 0, invite_code: ' ' }, 16);
    await refused(partner, 'partnership-plus.change-party-settings-advanced', { mode: 'rank', required: '1,2,7' }, 16);
    await refused(partner, 'partnership-plus.change-party-settings-advanced', { mode: 'level', required: '1,2' }, 16);
    await refused(partner, 'partnership-plus.buy-party-fuel', { amount: 1234 }, 16);
    await refused(good, 'partnership-plus.party-settings', {}, 'DASHBOARD_ACCESS_DENIED');
    await refused(partner, 'event-party.get-tier', { id, number: 4 }, 16);
    await refused(partner, 'partnership-plus.leave-stream-club', {}, 19);
    expect(await snapshot()).toEqual(before);

    // The host changes the dress code; the old one stops working, the new one lets a referral in, twice is refused.
    expect(await ok(partner, 'event-party.update-settings', { id, min_wagered: 500, min_period: 5, min_level: 0, invite_code: 'Red Scarf' })).toEqual({ success: true });
    await refused(good, 'event-party.join', { id, invite_code: 'Blue Cap' }, 28);
    await ok(good, 'event-party.join', { id, invite_code: 'Red Scarf' });
    await refused(good, 'event-party.join', { id, invite_code: 'Red Scarf' }, 19);

    // The close-party flow: the undrawn tiers' fuel comes back once, then a new party opens.
    const held = await balanceOf(partner);
    const fuel = ((await server.services.db.get<{ fuel: number }>('SELECT fuel FROM stream_parties WHERE id = ?', parseHash(id))))!.fuel;
    const closed = await ok(partner, 'partnership-plus.close-party', { stamp: 'close-1' });
    expect(closed).toEqual({ success: true, refunded: fuel });
    expect(await ok(partner, 'partnership-plus.close-party', { stamp: 'close-1' })).toEqual(closed);
    expect(await balanceOf(partner)).toBe(held + fuel);
    await refused(partner, 'partnership-plus.close-party', { stamp: 'close-2' }, 19);
    const next = await ok(partner, 'partnership-plus.buy-party-fuel', { amount: 3_000 });
    expect(next.party).not.toBe(id);
    expect((await ok(partner, 'partnership-plus.party-settings')).party).toBe(next.party);
    // Disband by the host ends it too; the host then sees no party.
    expect((await ok(partner, 'event-party.disband', { id: next.party })).success).toBe(true);
    expect((await ok(partner, 'event-party.lobby')).parties).toEqual([]);
    expect(await ok(partner, 'partnership-plus.leave-stream-club')).toEqual({ success: true, stream_club: false });
    await refused(partner, 'partnership-plus.buy-party-fuel', { amount: 3_000 }, 15);
    await expectLedgerOk(server);
    expect(await hashOf(partner)).toMatch(/^SF/);
  }, SLOW_MS);

  test('the sim console refuses unknown hosts and bad modes, and moves a party\'s air time on', async () => {
    const client = server.client();
    const host = await server.player('advance_host');
    await goLive(host, 'advance_host');
    const { id } = await sim<{ id: string }>(host, '/api/sim/parties', { host: 'advance_host' });
    const viewer = await server.player('advance_viewer');
    await ok(viewer, 'event-party.join', { id, invite_code: 'SkinFans' });
    expect(await sim(client, `/api/sim/parties/${id}/advance`, { minutes: 10 })).toEqual({ air_time: TIER_EVERY_MS });
    expect((await tierOf(viewer, id, 1)).winner_hash).toBe(await hashOf(viewer));
    expect((await simPost(client, `/api/sim/parties/${id}/advance`, { minutes: 0 })).error?.error_code).toBe(16);
    expect((await simPost(client, '/api/sim/parties/SF999999/advance', { minutes: 1 })).error?.error_code).toBe(30);
    expect((await simPost(client, '/api/sim/parties', { host: 'nosuch_host' })).error?.error_code).toBe(30);
    expect((await simPost(client, '/api/sim/parties', { host: 'official_host', mode: 'luck' })).error?.error_code).toBe(16);
  });
});
