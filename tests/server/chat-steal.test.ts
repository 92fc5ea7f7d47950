import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NamedError, NumericError, type StealGame } from '../../src/contract/index.ts';
import { fairTicket, hashDecision } from '../../src/core/fair-ticket.ts';
import { parseHash } from '../../src/core/hash-id.ts';
import { solvePow } from '../../src/core/rain.ts';
import { STEAL_BATTLE_MS, STEAL_REWARD, STEAL_WAIT_MS, startSteal, stealTick } from '../../sim-server/domains/chat/steal.ts';
import { cheapestCase, openCases } from './cases-helpers.ts';
import { balanceOf, hashOf, ok, refused, type Client } from './chat-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { expectLedgerOk, testClock } from './wallet-helpers.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(() => server.close());

let made = 0;
async function activePlayer(): Promise<{ client: Client; hash: string }> {
  const client = await server.player(`stealer${made++}`);
  await openCases(client, (await cheapestCase(client)).hash, 1);
  return { client, hash: await hashOf(client) };
}

/** Steps the game (the server's own timer may step it too) until it reaches `status`. */
async function until(status: StealGame['status']): Promise<StealGame> {
  for (let i = 0; i < 5; i++) {
    const { game } = await ok(server.client(), 'chat-steal.get', {});
    if (game?.status === status) return game;
    stealTick(server.services);
  }
  throw new Error(`the game did not reach ${status}`);
}

/** A game with three joined players, rolled to battling; answers the two picked. */
async function battlingGame() {
  const joiners = [await activePlayer(), await activePlayer(), await activePlayer()];
  const game = startSteal(server.services, { difficulty: 8 });
  for (const j of joiners) await ok(j.client, 'chat-steal.join', { game_hash: game.hash, token: solvePow(game.captcha.challenge, j.hash, 8)! });
  clock.advance(STEAL_WAIT_MS);
  await until('rolling');
  clock.advance(1_000);
  const battling = await until('battling');
  const picked = battling.players.map((p) => joiners.find((j) => j.hash === p.hash)!);
  const bystander = joiners.find((j) => !battling.players.some((p) => p.hash === j.hash))!;
  // The picks recompute from the beacon: nonce 0 from the sorted participants, nonce 1 from the rest.
  const pool = joiners.map((j) => parseHash(j.hash)!).toSorted((a, b) => a - b);
  const first = pool.splice(fairTicket(battling.beacon!, game.hash, 0, 3) - 1, 1)[0];
  expect(parseHash(battling.players[0]!.hash)).toBe(first);
  expect(parseHash(battling.players[1]!.hash)).toBe(pool[fairTicket(battling.beacon!, game.hash, 1, 2) - 1]);
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
        stealTick(server.services);
      }
      const closed = await until('closed');
      expect(closed.players.map((p) => p.reward)).toEqual([ra, rb]);
      expect(closed.result).toBe(ra + rb === 0 ? 'lost' : ra === rb ? 'split' : 'steal');
      const revealed = closed.players.filter((p) => p.decision !== null);
      expect(revealed.map((p) => hashDecision(p.decision!, p.salt!))).toEqual(revealed.map((p) => p.decision_hashed));
      expect(revealed.map((p) => p.decision)).toEqual([a, b].filter((d) => d !== null));
      expect(await Promise.all(picked.map((p) => balanceOf(p.client)))).toEqual([before[0]! + ra, before[1]! + rb]);
      expectLedgerOk(server);
      await Promise.all(picked.map((p) => p.client.renew()));
    });
  }

  test('joins without the requirement, a wrong captcha, twice or after waiting are refused; too few players cancel', async () => {
    const idle = await server.player('stealidle');
    const active = await activePlayer();
    const game = startSteal(server.services, { difficulty: 8 });
    await refused(idle, 'chat-steal.join', { game_hash: game.hash, token: solvePow(game.captcha.challenge, await hashOf(idle), 8)! }, NumericError.INVALID_DATA);
    await refused(active.client, 'chat-steal.join', { game_hash: game.hash, token: 'x' }, NamedError.CAPTCHA_REQUIRED);
    const token = solvePow(game.captcha.challenge, active.hash, 8)!;
    await ok(active.client, 'chat-steal.join', { game_hash: game.hash, token });
    await refused(active.client, 'chat-steal.join', { game_hash: game.hash, token }, NumericError.INVALID_DATA);
    await refused(active.client, 'chat-steal.decision', { game_hash: game.hash, decision: 'split' }, NumericError.INVALID_DATA);
    clock.advance(STEAL_WAIT_MS);
    const closed = await until('closed');
    expect(closed.result).toBe('cancelled');
    expectLedgerOk(server);
  });
});
