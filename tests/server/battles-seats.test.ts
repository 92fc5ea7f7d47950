import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { balanceOf, ok, type Client } from './cases-helpers.ts';
import { battle, cheapBox, createBattle, startBattleServer, type BattleServer } from './battles-helpers.ts';

let s: BattleServer;
beforeAll(async () => {
  s = await startBattleServer();
});
afterAll(() => s.server.close());

const db = () => s.server.services.db;
const ledgerRows = async () => (await db().get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger'))!.n;
const battleRows = async () => (await db().get<{ n: number }>('SELECT COUNT(*) AS n FROM battles'))!.n;

/** Expects a call to be refused with `code` (and `message` when given) and to move no money at all. */
async function refused(client: Client, method: string, params: Record<string, unknown>, code: number | string, message?: string) {
  const [before, entries] = [await balanceOf(client), await ledgerRows()];
  const answer = await client.call(method, params as never);
  expect(answer.error).toMatchObject(message === undefined ? { error_code: code } : { error_code: code, error_msg: message });
  expect(await balanceOf(client)).toBe(before);
  expect(await ledgerRows()).toBe(entries);
}

describe('creating a battle', () => {
  test('create debits the seat price (one of each round’s case) as arena_join and answers the battle', async () => {
    const ann = await s.server.player('create_ann');
    const { listing } = await ok(ann, 'arena-case.listing', { fields: 'enabled' });
    const [a, b] = [listing[0]!, listing[3]!];
    const start = await balanceOf(ann);
    const created = await ok(ann, 'arena-battle.create', { scheme: `${a.hash}-5-${b.hash}-1`, mode: 'team', seed: 'annSeed1', options: { fast: 1, tiebreak: 1 } });
    const price = 5 * a.price + b.price;
    expect(created.game).toMatchObject({ price, seats: 4, mode: 'team', rounds: 6, members: 1, status: 'waiting' });
    expect(created.game.options).toEqual({ crazy: false, terminal: false, tiebreak: true, kings: 0, rob: false, share: false, fast: true });
    expect(created.game.users).toEqual([expect.objectContaining({ number: 1, creator: true, client_seed: 'annSeed1', reward: null })]);
    expect(created.game.scheme).toBe(`SF${Number(a.hash.slice(2))}-5-SF${Number(b.hash.slice(2))}-1`);
    expect(created.users.map((u) => u.name)).toEqual(['create_ann']);
    expect(await balanceOf(ann)).toBe(start - price);
    const history = (await ok(ann, 'wallet.getHistory', {})) as { actions: { type: string; amount: number }[] };
    expect(history.actions.filter((entry) => entry.type === 'arena_join')).toEqual([expect.objectContaining({ amount: -price })]);
  });

  test('a deprecated or unknown case, over 100 rounds, a setup the rules refuse or a short balance creates nothing and charges nothing', async () => {
    const ben = await s.server.player('create_ben');
    const { listing } = await ok(ben, 'arena-case.listing', {});
    const retired = listing.find((box) => box.deprecated)!;
    const cheap = listing.find((box) => !box.deprecated)!;
    const dear = listing.filter((box) => !box.deprecated).at(-1)!;
    const rows = await battleRows();
    await refused(ben, 'arena-battle.create', { scheme: `${cheap.hash}-1-${retired.hash}-1`, mode: 'solo' }, 19, `Box ${retired.hash} deprecated.`);
    await refused(ben, 'arena-battle.create', { scheme: 'SF999999-1', mode: 'solo' }, 19, 'Box SF0000999999 not found.');
    await refused(ben, 'arena-battle.create', { scheme: `${cheap.hash}-100-${cheap.hash}-1`, mode: 'solo' }, 16, 'scheme: Too many rounds');
    await refused(ben, 'arena-battle.create', { scheme: `${cheap.hash}-3`, mode: 'solo' }, 16, 'scheme: Invalid case count 3');
    await refused(ben, 'arena-battle.create', { scheme: `${cheap.hash}-1`, mode: 'team', number: 3 }, 16, 'A team battle has 4 seats');
    await refused(ben, 'arena-battle.create', { scheme: `${cheap.hash}-1`, mode: 'solo', options: { rob: 1, share: 1 } }, 16, 'Rob and share cannot be combined');
    await refused(ben, 'arena-battle.create', { scheme: `${cheap.hash}-1`, mode: 'solo', kings: 2 }, 16, 'Kings needs no more crowns than rounds');
    // 100 openings of the dearest case cost more than the starting balance.
    expect(100 * dear.price).toBeGreaterThan(await balanceOf(ben));
    await refused(ben, 'arena-battle.create', { scheme: `${dear.hash}-100`, mode: 'solo' }, 'COMMIT_ERROR', 'Not enough funds');
    expect(await battleRows()).toBe(rows);
  });
});

describe('joining and leaving', () => {
  test('20 clients race for the last seat: exactly one gets it and only that one is charged', async () => {
    const host = await s.server.player('race_host');
    const first = await s.server.player('race_first');
    const created = await createBattle(host, { number: 3 });
    await ok(first, 'arena-battle.join', { token: created.game.token });
    const racers = await Promise.all(Array.from({ length: 20 }, (_, i) => s.server.player(`racer${String(i).padStart(2, '0')}`)));
    const before = await Promise.all(racers.map(balanceOf));
    const answers = await Promise.all(racers.map((racer) => racer.call('arena-battle.join', { token: created.game.token })));
    const winners = answers.flatMap((answer, i) => ('response' in answer ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.error).map((answer) => answer.error)).toEqual(Array.from({ length: 19 }, () => ({ error_code: 19, error_msg: 'The battle is full' })));
    const after = await Promise.all(racers.map(balanceOf));
    expect(after.map((balance, i) => before[i]! - balance)).toEqual(racers.map((_, i) => (i === winners[0] ? created.game.price : 0)));
    const seated = await battle(host, created.game.hash);
    expect(seated.game).toMatchObject({ status: 'process', members: 3 });
    expect(seated.game.users[2]!.hash).toBe(seated.users[2]!.hash);
    expect(seated.users.map((u) => u.name)).toEqual(['race_host', 'race_first', `racer${String(winners[0]).padStart(2, '0')}`]);
    const joins = (await db().get<{ n: number }>("SELECT COUNT(*) AS n FROM ledger WHERE ref = ? AND type = 'arena_join'", created.game.hash))!.n;
    expect(joins).toBe(3);
  });

  test('a leave before the start refunds the seat; the creator leaving closes the battle and refunds everyone', async () => {
    const host = await s.server.player('leave_host');
    const guest = await s.server.player('leave_guest');
    const [hostStart, guestStart] = [await balanceOf(host), await balanceOf(guest)];
    const created = await createBattle(host, { number: 3 });
    await ok(guest, 'arena-battle.join', { token: created.game.token, options: { seat: 3 } });
    expect(await balanceOf(guest)).toBe(guestStart - created.game.price);
    const left = await ok(guest, 'arena-battle.leave', { token: created.game.token });
    expect(left.game).toMatchObject({ status: 'waiting', members: 1 });
    expect(await balanceOf(guest)).toBe(guestStart);
    const refunds = (await ok(guest, 'wallet.getHistory', {})) as { actions: { type: string; amount: number }[] };
    expect(refunds.actions.filter((a) => a.type === 'arena_refund')).toEqual([expect.objectContaining({ amount: created.game.price })]);

    await ok(guest, 'arena-battle.join', { token: created.game.token });
    const closed = await ok(host, 'arena-battle.leave', { token: created.game.token });
    expect(closed.game).toMatchObject({ status: 'closed', close_reason: 'creator_left' });
    expect([await balanceOf(host), await balanceOf(guest)]).toEqual([hostStart, guestStart]);
    expect((await s.server.services.ledger.check(db())).ok).toBe(true);
  });

  test('joining a full, running, finished or closed battle, twice, a taken seat or one beyond the count is refused and charges nothing', async () => {
    const host = await s.server.player('refuse_host');
    const guest = await s.server.player('refuse_guest');
    const late = await s.server.player('refuse_late');
    const created = await createBattle(host, { number: 2 }, 5);
    const { token } = created.game;
    await refused(host, 'arena-battle.join', { token }, 19, 'You are already in this battle');
    await refused(guest, 'arena-battle.join', { token, options: { seat: 1 } }, 19, 'Seat 1 is taken');
    await refused(guest, 'arena-battle.join', { token, options: { seat: 3 } }, 19, 'This battle has seats 1 to 2');
    await refused(guest, 'arena-battle.join', { token, options: { seat: 6 } }, 16);
    await refused(guest, 'arena-battle.join', { token: 'x'.repeat(32) }, 'GAME_ERROR', 'Game not found.');
    await ok(guest, 'arena-battle.join', { token });
    await refused(guest, 'arena-battle.join', { token }, 19, 'The battle is full');
    await refused(late, 'arena-battle.join', { token }, 19, 'The battle is full');
    await refused(guest, 'arena-battle.leave', { token }, 19, 'The battle has started');
    await s.advance(4_000);
    expect((await battle(late, token)).game.status).toBe('running');
    await refused(late, 'arena-battle.join', { token }, 19, 'The battle has started');
    await s.playToEnd(late, token);
    await refused(late, 'arena-battle.join', { token }, 19, 'The battle is over');

    // A seat the balance does not cover: COMMIT_ERROR, and the seat stays free.
    const { listing } = await ok(host, 'arena-case.listing', { fields: 'enabled' });
    const dear = listing.at(-1)!;
    const pricey = await ok(host, 'arena-battle.create', { scheme: `${dear.hash}-20`, mode: 'solo', number: 2 });
    const poor = await s.server.player('refuse_poor');
    while ((await balanceOf(poor)) >= pricey.game.price) await ok(poor, 'arena-battle.create', { scheme: `${dear.hash}-20`, mode: 'solo', number: 2 });
    await refused(poor, 'arena-battle.join', { token: pricey.game.token }, 'COMMIT_ERROR', 'Not enough funds');
    expect((await battle(host, pricey.game.token)).game.members).toBe(1);

    const gone = await createBattle(host, { number: 2 });
    await ok(host, 'arena-battle.leave', { token: gone.game.token });
    await refused(late, 'arena-battle.join', { token: gone.game.token }, 19, 'The battle was closed');
  });

  test('only the creator of a waiting personal battle may remove a player, who is refunded', async () => {
    const host = await s.server.player('kick_host');
    const guest = await s.server.player('kick_guest');
    const other = await s.server.player('kick_other');
    const created = await createBattle(host, { number: 4, personal: 1 });
    expect(created.path).toBe(`/battle/${created.game.token}`);
    const guestStart = await balanceOf(guest);
    await ok(guest, 'arena-battle.join', { token: created.game.token });
    await ok(other, 'arena-battle.join', { token: created.game.token });
    const guestHash = (await battle(host, created.game.token)).game.users[1]!.hash;
    await refused(other, 'arena-battle.kick', { game_token: created.game.token, user_hash: guestHash }, 15, 'Only the creator can remove players');
    await refused(host, 'arena-battle.kick', { game_token: created.game.token, user_hash: created.game.users[0]!.hash }, 19, 'The creator cannot remove themselves');
    const kicked = await ok(host, 'arena-battle.kick', { game_token: created.game.token, user_hash: guestHash });
    expect(kicked.game.users.map((u) => u.hash)).not.toContain(guestHash);
    expect(await balanceOf(guest)).toBe(guestStart);

    const open = await createBattle(host, { number: 3 });
    await ok(guest, 'arena-battle.join', { token: open.game.token });
    await refused(host, 'arena-battle.kick', { game_token: open.game.token, user_hash: guestHash }, 19, 'Players can only be removed from a personal battle');
  });

  test('bots are called and a battle run by its creator only', async () => {
    const host = await s.server.player('bots_host');
    const guest = await s.server.player('bots_guest');
    const created = await createBattle(host, { number: 5 });
    await ok(guest, 'arena-battle.join', { token: created.game.token });
    await refused(guest, 'arena-battle.callBots', { hash: created.game.hash }, 15, 'Only the creator can call bots');
    await refused(guest, 'arena-battle.run', { token: created.game.token }, 15, 'Only the creator can start the battle');
    const run = await ok(host, 'arena-battle.run', { token: created.game.token });
    expect(run.game).toMatchObject({ status: 'process', members: 5 });
    const bots = run.game.users.filter((u) => u.bot);
    expect(bots).toHaveLength(3);
    expect(new Set(bots.map((u) => u.hash)).size).toBe(3);
    const detail = await battle(host, created.game.hash);
    expect(detail.users.filter((u) => u.tags.includes('bot'))).toHaveLength(3);
    // Bots pay nothing: two seats were paid.
    expect((await db().get<{ n: number }>("SELECT COUNT(*) AS n FROM ledger WHERE ref = ? AND type = 'arena_join'", created.game.hash))!.n).toBe(2);
    expect((await ok(host, 'arena-battle.run', { token: created.game.token })).game.status).toBe('process');
    await refused(host, 'arena-battle.callBots', { hash: created.game.hash }, 19, 'The battle is full');
  });

  test('sponsored seats cost their takers nothing; credits nobody used go back to the sponsor', async () => {
    const host = await s.server.player('spon_host');
    const sponsor = await s.server.player('spon_payer');
    const taker = await s.server.player('spon_taker');
    const created = await createBattle(host, { number: 4 });
    const { price, token } = created.game;
    const sponsorStart = await balanceOf(sponsor);
    await refused(sponsor, 'arena-battle.sponsor', { token, seats: 4 }, 19, 'Only 3 free seats can be sponsored');
    const paid = await ok(sponsor, 'arena-battle.sponsor', { token, seats: 2 });
    const sponsorHash = ((await ok(sponsor, 'user.getUser')) as { user: { hash: string } }).user.hash;
    expect(paid.game.sponsor).toEqual({ seats: 2, sponsors: [sponsorHash] });
    expect(await balanceOf(sponsor)).toBe(sponsorStart - 2 * price);
    const takerStart = await balanceOf(taker);
    const took = await ok(taker, 'arena-battle.lobbyJoin', {});
    expect(took.game.hash).toBe(created.game.hash);
    expect(took.game.users.at(-1)).toMatchObject({ sponsored: true });
    expect(await balanceOf(taker)).toBe(takerStart);
    // The last free seats go to bots: the credit nobody took is refunded.
    await ok(host, 'arena-battle.callBots', { hash: created.game.hash });
    expect(await balanceOf(sponsor)).toBe(sponsorStart - price);
    expect((await battle(host, token)).game.sponsor).toEqual({ seats: 0, sponsors: [] });
    await refused(taker, 'arena-battle.lobbyJoin', { token }, 19, 'The battle is full');
    expect((await s.server.services.ledger.check(db())).ok).toBe(true);
  });
});

describe('messages and reactions', () => {
  test('messages reach the battle room; a flood is refused with the spec text', async () => {
    const host = await s.server.player('chat_host');
    const created = await createBattle(host, { number: 2 });
    const first = await ok(host, 'arena-battle.message', { token: created.game.token, text: '  good luck  ' });
    expect(first.message).toMatchObject({ text: 'good luck', user_hash: created.game.users[0]!.hash });
    await ok(host, 'arena-battle.message', { token: created.game.token, text: 'have fun' });
    await refused(host, 'arena-battle.message', { token: created.game.token, text: 'spam' }, 19, 'Not so fast! Slow down with your messages.');
    expect((await battle(host, created.game.hash)).messages.map((m) => m.text)).toEqual(['good luck', 'have fun']);
    await s.advance(5_000);
    await ok(host, 'arena-battle.message', { token: created.game.token, text: 'back again' });

    const box = await cheapBox(host);
    const reaction = `${box.hash}_0_smile`;
    for (let i = 0; i < 3; i++) expect(await ok(host, 'arena-battle.reaction', { token: created.game.token, reaction })).toEqual({ success: true });
    await refused(host, 'arena-battle.reaction', { token: created.game.token, reaction }, 19, "Easy there! Don't flood with reactions.");
  });
});
