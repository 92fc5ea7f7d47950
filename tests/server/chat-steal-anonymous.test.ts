// Anonymous split-or-steal games (document 2 section 3 `anonymous`; docs/decisions/0052): the
// draw names nobody until the close, each picked player learns their own seat, joined players
// cannot write in the chat while the game battles, and the schedule takes turns.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError, type StealGame } from '../../src/contract/index.ts';
import { solvePow } from '../../src/core/rain.ts';
import { stealPicks, stealStrip } from '../../src/core/steal-roulette.ts';
import { IN_GIVEAWAY } from '../../sim-server/domains/chat/giveaway.ts';
import { STEAL_BATTLE_MS, STEAL_EVERY_MS, STEAL_ROLL_MS, STEAL_WAIT_MS, startSteal, stealTick } from '../../sim-server/domains/chat/steal.ts';
import { activePlayer as activeChatter, chatSocket, ok, refused, type Client } from './chat-helpers.ts';
import { operatorHeaders, startServer, type TestServer } from './harness.ts';
import { expectLedgerOk, testClock } from './wallet-helpers.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(() => server.close());

let made = 0;
const activePlayer = () => activeChatter(server, `anonsteal${made++}`);

/** Steps the game until `done` holds for what a visitor reads. */
async function until(done: (game: StealGame) => boolean): Promise<StealGame> {
  for (let i = 0; i < 6; i++) {
    const { game } = await ok(server.client(), 'chat-steal.get', {});
    if (game && done(game)) return game;
    await stealTick(server.services);
  }
  throw new Error('the game did not get there');
}

/** A game with three joiners rolled to battling; answers it with the joiners. */
async function battling(anonymous: boolean) {
  const joiners = await Promise.all([activePlayer(), activePlayer(), activePlayer()]);
  const game = await startSteal(server.services, { difficulty: 8, winners: 2, anonymous });
  expect(game.anonymous).toBe(anonymous);
  for (const j of joiners) await ok(j.client, 'chat-steal.join', { game_hash: game.hash, token: solvePow(game.captcha.challenge, j.hash, 8)! });
  clock.advance(STEAL_WAIT_MS);
  await until((g) => g.status === 'rolling');
  clock.advance(1_000);
  await until((g) => g.players.length > 0);
  clock.advance(STEAL_ROLL_MS);
  return { game: await until((g) => g.status === 'battling'), joiners };
}

/** How many messages players wrote (the house's own posts left out). */
const playerMessages = async () => (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM chat_messages WHERE origin IS NULL'))!.n;

/** Each joiner's seat among the picked players, as chat-steal.get answers it to them. */
const seatsOf = (joiners: { client: Client }[]) => Promise.all(joiners.map(async (j) => (await ok(j.client, 'chat-steal.get', {})).seat));

describe('anonymous split-or-steal', () => {
  test('the draw names nobody until the close: no roulette, no player hashes, no users, in answers and frames alike', async () => {
    const watcher = await chatSocket((await activePlayer()).client);
    const { game, joiners } = await battling(true);
    expect(game).toMatchObject({ anonymous: true, roulette: null, players_hashes: [] });
    expect(game.players.map((p) => p.hash)).toEqual([null, null]);
    expect((await ok(server.client(), 'chat-steal.get', {})).users).toEqual({});
    for (const type of ['CHAT_STEAL_ROLL', 'CHAT_STEAL_UPDATED'] as const) {
      const frame = (await watcher.next(type)).data as { game: StealGame; users: unknown[] };
      expect(frame.game).toMatchObject({ roulette: null, players_hashes: [] });
      expect(frame.game.players.every((p) => p.hash === null)).toBe(true);
      expect(frame.users).toEqual([]);
    }
    watcher.close();

    // Each picked player is told their own seat, and only theirs; the one left out has none.
    const seats = await seatsOf(joiners);
    expect(seats.filter((s) => s !== null).toSorted()).toEqual([0, 1]);
    const picked = [0, 1].map((seat) => joiners[seats.indexOf(seat)]!);
    for (const p of picked) await ok(p.client, 'chat-steal.decision', { game_hash: game.hash, decision: 'split' });

    // Closed: the picks, the roulette and the decisions are public and recompute from the beacon.
    const closed = await until((g) => g.status === 'closed');
    expect(closed.players.map((p) => p.hash)).toEqual(picked.map((p) => p.hash));
    const pool = closed.roulette!.participants;
    const picks = stealPicks(closed.beacon!, closed.hash, pool, closed.winners);
    expect(closed.players.map((p) => p.hash)).toEqual(picks);
    expect(closed.players_hashes).toEqual(picks);
    expect(stealStrip(closed.beacon!, closed.hash, pool, picks[0]!)).toEqual({ units: closed.roulette!.units, index: closed.roulette!.index });
    expect(closed.players.map((p) => p.reward)).toEqual([500, 500]);
    await expectLedgerOk(server);
  });

  test('while it battles its joined players cannot write in the chat (nothing is posted); others can, and they can again once it ends', async () => {
    const { game, joiners } = await battling(true);
    const outsider = await activePlayer();
    const before = await playerMessages();
    for (const j of joiners) expect(await refused(j.client, 'chat.send', { text: `hello from seat ${made}` }, NumericError.INVALID_DATA)).toBe(IN_GIVEAWAY);
    expect(await playerMessages()).toBe(before);
    await ok(outsider.client, 'chat.send', { text: 'a bystander may talk' });
    clock.advance(STEAL_BATTLE_MS);
    await until((g) => g.status === 'closed' && g.hash === game.hash);
    await ok(joiners[0]!.client, 'chat.send', { text: 'the giveaway is over' });
    expect(await playerMessages()).toBe(before + 2);
  });

  test('an open game names its picks at once and its players may write while it battles', async () => {
    const { game, joiners } = await battling(false);
    expect(game.players.every((p) => p.hash !== null)).toBe(true);
    expect(game.roulette).not.toBeNull();
    await ok(joiners[0]!.client, 'chat.send', { text: 'split please' });
    clock.advance(STEAL_BATTLE_MS);
    await until((g) => g.status === 'closed');
  });

  test('the schedule takes turns: after an open game comes an anonymous one, then an open one', async () => {
    const previous = (await ok(server.client(), 'chat-steal.get', {})).game!;
    expect(previous).toMatchObject({ status: 'closed', anonymous: false });
    const seen: boolean[] = [];
    for (let i = 0; i < 2; i++) {
      clock.advance(STEAL_EVERY_MS);
      await stealTick(server.services);
      const next = (await ok(server.client(), 'chat-steal.get', {})).game!;
      expect(next.status).toBe('waiting');
      seen.push(next.anonymous);
      // Nobody joins: it is cancelled at its roll.
      clock.advance(STEAL_WAIT_MS);
      await until((g) => g.status === 'closed');
    }
    expect(seen).toEqual([true, false]);
  });

  test('the sim console opens an anonymous game on request; the chat room hears it created', async () => {
    const watcher = await chatSocket(await server.player('anonwatcher'));
    const answer = (await (
      await fetch(`${server.url}/api/sim/steal/start`, { method: 'POST', headers: { ...operatorHeaders({ base: server.url }), 'content-type': 'application/json' }, body: JSON.stringify({ anonymous: true }) })
    ).json()) as { response: StealGame };
    expect(answer.response.anonymous).toBe(true);
    expect(((await watcher.next('CHAT_STEAL_CREATED')).data as { game: StealGame }).game).toMatchObject({ hash: answer.response.hash, anonymous: true });
    watcher.close();
    clock.advance(STEAL_WAIT_MS);
    await until((g) => g.status === 'closed');
  });
});
