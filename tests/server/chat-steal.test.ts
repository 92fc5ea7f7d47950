import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NamedError, NumericError, type StealGame } from '../../src/contract/index.ts';
import { hashDecision } from '../../src/core/fair-ticket.ts';
import { parseHash } from '../../src/core/hash-id.ts';
import { powValid, solvePow } from '../../src/core/rain.ts';
import { STEAL_ROULETTE, stealPayout, stealPicks, stealRollX, stealStrip } from '../../src/core/steal-roulette.ts';
import { STEAL_BATTLE_MS, STEAL_REWARD, STEAL_ROLL_MS, STEAL_WAIT_MS, startSteal, stealTick } from '../../sim-server/domains/chat/steal.ts';
import { activePlayer as activeChatter, balanceOf, hashOf, ok, refused } from './chat-helpers.ts';
import { operatorHeaders, startServer, wrongNonce, type TestServer } from './harness.ts';
import { expectLedgerOk, testClock } from './wallet-helpers.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(() => server.close());

let made = 0;
const activePlayer = () => activeChatter(server, `stealer${made++}`);

/** Steps the game (the server's own timer may step it too) until it reaches `status`. */
async function until(status: StealGame['status']): Promise<StealGame> {
  for (let i = 0; i < 5; i++) {
    const { game } = await ok(server.client(), 'chat-steal.get', {});
    if (game?.status === status) return game;
    await stealTick(server.services);
  }
  throw new Error(`the game did not reach ${status}`);
}

/** Steps a rolling game until the beacon has drawn it. */
async function untilDrawn(): Promise<void> {
  for (let i = 0; i < 5; i++) {
    if ((await ok(server.client(), 'chat-steal.get', {})).game?.roulette) return;
    await stealTick(server.services);
  }
  throw new Error('the game was not drawn');
}

/**
 * Replays a drawn game from its public record alone (beacon, hash, published participants):
 * the picks, the strip and where the roulette settles.
 */
function expectReplayable(game: StealGame): void {
  const roulette = game.roulette!;
  const sorted = roulette.participants.toSorted((a, b) => parseHash(a)! - parseHash(b)!);
  expect(roulette.participants).toEqual(sorted);
  const picks = stealPicks(game.beacon!, game.hash, roulette.participants, game.winners);
  expect(game.players.map((p) => p.hash)).toEqual(picks);
  expect(stealStrip(game.beacon!, game.hash, roulette.participants, picks[0]!)).toEqual({ units: roulette.units, index: roulette.index });
  expect(roulette.units).toHaveLength(STEAL_ROULETTE.units);
  expect(roulette.units[roulette.index]).toBe(picks[0]);
  expect(roulette.timestamp_end).toBe(game.states.battle_at! - STEAL_ROULETTE.settleMs);
}

/** A game with `joining` joined players and `winners` winners, rolled to battling; answers the picked. */
async function battlingGame(joining = 3, winners = 2) {
  const joiners = await Promise.all(Array.from({ length: joining }, () => activePlayer()));
  const game = await startSteal(server.services, { difficulty: 8, winners });
  for (const j of joiners) await ok(j.client, 'chat-steal.join', { game_hash: game.hash, token: solvePow(game.captcha.challenge, j.hash, 8)! });
  clock.advance(STEAL_WAIT_MS);
  await until('rolling');
  clock.advance(1_000);
  await untilDrawn();
  // Drawn: the roulette spins while the game is still rolling; nobody decides yet.
  const drawn = (await ok(server.client(), 'chat-steal.get', {})).game!;
  expect(drawn.status).toBe('rolling');
  expect(drawn.players).toHaveLength(winners);
  expectReplayable(drawn);
  await refused(joiners.find((j) => j.hash === drawn.players[0]!.hash)!.client, 'chat-steal.decision', { game_hash: game.hash, decision: 'split' }, NumericError.INVALID_DATA);
  clock.advance(STEAL_ROLL_MS);
  const battling = await until('battling');
  expect(battling.states.end_at).toBe(battling.states.battle_at! + STEAL_BATTLE_MS);
  const picked = battling.players.map((p) => joiners.find((j) => j.hash === p.hash)!);
  const bystander = joiners.find((j) => !battling.players.some((p) => p.hash === j.hash))!;
  return { game: battling, picked, bystander };
}

describe('split-or-steal', () => {
  const pairs: [('split' | 'steal' | null), ('split' | 'steal' | null), [number, number]][] = [
    ['split', 'split', [STEAL_REWARD / 2, STEAL_REWARD / 2]],
    ['steal', 'split', [STEAL_REWARD, 0]],
    ['split', 'steal', [0, STEAL_REWARD]],
    ['steal', 'steal', [0, 0]],
    [null, 'steal', [0, STEAL_REWARD]],
    [null, null, [STEAL_REWARD / 2, STEAL_REWARD / 2]],
  ];
  for (const [a, b, [ra, rb]] of pairs) {
    test(`${a ?? 'no decision'} + ${b ?? 'no decision'} pays ${ra} and ${rb}, revealed decisions match their commitments`, async () => {
      const { game, picked, bystander } = await battlingGame();
      const before = await Promise.all(picked.map((p) => balanceOf(p.client)));
      await refused(bystander.client, 'chat-steal.decision', { game_hash: game.hash, decision: 'steal' }, NumericError.ACCESS_DENIED);
      await refused(picked[0]!.client, 'chat-steal.decision', { game_hash: game.hash, decision: 'share' }, NumericError.INPUT_ERROR);
      const commitA = a ? (await ok(picked[0]!.client, 'chat-steal.decision', { game_hash: game.hash, decision: a })).decision_hashed : null;
      // Until the close only the commitment is public.
      expect((await ok(server.client(), 'chat-steal.get', {})).game!.players[0]!).toMatchObject({ decision_hashed: commitA, decision: null, salt: null });
      if (a) await refused(picked[0]!.client, 'chat-steal.decision', { game_hash: game.hash, decision: a }, NumericError.INVALID_DATA);
      if (b) await ok(picked[1]!.client, 'chat-steal.decision', { game_hash: game.hash, decision: b });
      if (!a || !b) {
        clock.advance(STEAL_BATTLE_MS);
        await stealTick(server.services);
      }
      const closed = await until('closed');
      expect(closed.players.map((p) => p.reward)).toEqual([ra, rb]);
      expect(closed.result).toBe(ra + rb === 0 ? 'lost' : ra === rb ? 'split' : 'steal');
      const revealed = closed.players.filter((p) => p.decision !== null);
      expect(revealed.map((p) => hashDecision(p.decision!, p.salt!))).toEqual(revealed.map((p) => p.decision_hashed));
      expect(revealed.map((p) => p.decision)).toEqual([a, b].filter((d) => d !== null));
      expect(await Promise.all(picked.map((p) => balanceOf(p.client)))).toEqual([before[0]! + ra, before[1]! + rb]);
      await expectLedgerOk(server);
      await Promise.all(picked.map((p) => p.client.renew()));
    });
  }

  test('1 to 6 winners: all split share to the cent, exactly one steal takes it all, two steals lose it', async () => {
    for (const [winners, decisions, expected] of [
      [1, ['steal'], [STEAL_REWARD]],
      [3, ['split', 'split', null], [334, 333, 333]],
      [4, ['split', 'steal', 'split', null], [0, STEAL_REWARD, 0, 0]],
      [6, ['steal', 'split', 'steal', 'split', 'split', 'split'], [0, 0, 0, 0, 0, 0]],
    ] as [number, ('split' | 'steal' | null)[], number[]][]) {
      const { game, picked, bystander } = await battlingGame(winners + 1, winners);
      const before = await Promise.all(picked.map((p) => balanceOf(p.client)));
      await refused(bystander.client, 'chat-steal.decision', { game_hash: game.hash, decision: 'split' }, NumericError.ACCESS_DENIED);
      for (const [i, d] of decisions.entries()) if (d) await ok(picked[i]!.client, 'chat-steal.decision', { game_hash: game.hash, decision: d });
      if (decisions.includes(null)) {
        clock.advance(STEAL_BATTLE_MS);
        await stealTick(server.services);
      }
      const closed = await until('closed');
      expect(closed.players.map((p) => p.reward)).toEqual([...expected]);
      expect(await Promise.all(picked.map((p) => balanceOf(p.client)))).toEqual(before.map((b, i) => b + expected[i]!));
      // The public record, fetched by its hash by a visitor, recomputes the picks, strip and payout.
      const record = (await ok(server.client(), 'chat-steal.get', { game_hash: game.hash })).game!;
      expect(record).toEqual(closed);
      const pool = record.roulette!.participants;
      const picks = stealPicks(record.beacon!, record.hash, pool, record.winners);
      expect(record.players.map((p) => p.hash)).toEqual(picks);
      expect(stealStrip(record.beacon!, record.hash, pool, picks[0]!)).toEqual({ units: record.roulette!.units, index: record.roulette!.index });
      expect(stealPayout(record.reward, record.players.map((p) => p.decision))).toEqual({ result: record.result, rewards: record.players.map((p) => p.reward) });
      await expectLedgerOk(server);
      await Promise.all(picked.map((p) => p.client.renew()));
    }
  });

  test('the winner count is 1 to 6; a game needs a joiner per winner', async () => {
    const start = (body: unknown) =>
      fetch(`${server.url}/api/sim/steal/start`, { method: 'POST', headers: { ...operatorHeaders({ base: server.url }), 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json() as Promise<{ error?: { error_code: number } }>);
    for (const winners of [0, 7, 2.5, 'two']) expect((await start({ winners })).error?.error_code).toBe(NumericError.INPUT_ERROR);
    // A record that does not exist is null; a malformed hash is an input error.
    expect((await ok(server.client(), 'chat-steal.get', { game_hash: 'SF99999999' })).game).toBeNull();
    await refused(server.client(), 'chat-steal.get', { game_hash: 'nope' }, NumericError.INPUT_ERROR);
    expect((await ok(server.client(), 'chat-steal.get', {})).game?.status ?? 'closed').toBe('closed');
    const game = await startSteal(server.services, { difficulty: 8, winners: 3 });
    expect(game.winners).toBe(3);
    for (const j of [await activePlayer(), await activePlayer()]) await ok(j.client, 'chat-steal.join', { game_hash: game.hash, token: solvePow(game.captcha.challenge, j.hash, 8)! });
    clock.advance(STEAL_WAIT_MS);
    expect((await until('closed')).result).toBe('cancelled');
    await expectLedgerOk(server);
  });

  test('the roulette lands the first pick under the pointer within the roll distance', () => {
    const pitch = STEAL_ROULETTE.unitWidth + STEAL_ROULETTE.gap;
    for (const index of [0, 7, 29])
      for (const distance of [2000, 2999, 3000, 3999]) {
        const x = stealRollX(index, distance);
        expect(x).toBeGreaterThanOrEqual(distance);
        expect(x - distance).toBeLessThan(pitch * STEAL_ROULETTE.units);
        expect(((x - STEAL_ROULETTE.unitWidth / 2) / pitch) % STEAL_ROULETTE.units).toBe(index);
      }
  });

  test('joins without the requirement, a wrong captcha, twice or after waiting are refused; too few players cancel', async () => {
    const idle = await server.player('stealidle');
    const active = await activePlayer();
    const game = await startSteal(server.services, { difficulty: 8 });
    await refused(idle, 'chat-steal.join', { game_hash: game.hash, token: solvePow(game.captcha.challenge, await hashOf(idle), 8)! }, NumericError.INVALID_DATA);
    await refused(active.client, 'chat-steal.join', { game_hash: game.hash, token: wrongNonce((nonce) => powValid(game.captcha.challenge, active.hash, nonce, 8)) }, NamedError.CAPTCHA_REQUIRED);
    const token = solvePow(game.captcha.challenge, active.hash, 8)!;
    await ok(active.client, 'chat-steal.join', { game_hash: game.hash, token });
    await refused(active.client, 'chat-steal.join', { game_hash: game.hash, token }, NumericError.INVALID_DATA);
    await refused(active.client, 'chat-steal.decision', { game_hash: game.hash, decision: 'split' }, NumericError.INVALID_DATA);
    clock.advance(STEAL_WAIT_MS);
    const closed = await until('closed');
    expect(closed.result).toBe('cancelled');
    await expectLedgerOk(server);
  });
});
