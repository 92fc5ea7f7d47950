import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NamedError, NumericError } from '../../src/contract/index.ts';
import { parseHash } from '../../src/core/hash-id.ts';
import { participantsHash, powValid, rainShares, solvePow } from '../../src/core/rain.ts';
import { RAIN_EVERY_MS, RAIN_HOUSE, RAIN_JOIN_MS, RAIN_PER_MILLE, rainCarryKey, rainTick, startRain } from '../../sim-server/domains/chat/rain.ts';
import { cheapestCase, openCases } from './cases-helpers.ts';
import { balanceOf, chatSocket, hashOf, ok, refused, type Client } from './chat-helpers.ts';
import { startServer, wrongNonce, type TestServer } from './harness.ts';
import { expectLedgerOk, testClock } from './wallet-helpers.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(() => server.close());

const pot = () => server.services.ledger.balance(server.services.db, RAIN_HOUSE);

/** A player who wagered in the last hour (one case opened), with their hash. */
async function activePlayer(name: string): Promise<{ client: Client; hash: string }> {
  const client = await server.player(name);
  await openCases(client, (await cheapestCase(client)).hash, 1);
  return { client, hash: await hashOf(client) };
}

describe('rain', () => {
  test('the house pays 0.1% of every wager into the pot', async () => {
    const before = await pot();
    const player = await server.player('rainfunder');
    const box = await cheapestCase(player);
    const spend = await balanceOf(player);
    await openCases(player, box.hash, 5);
    const wagered = spend - (await balanceOf(player));
    // Coins from selling drops back are not wagers, so the pot grew by a tenth of a percent of what the cases cost.
    expect(await pot() - before).toBe(Math.floor(((box as { price: number }).price * 5) / 1000) );
    expect(wagered).toBeGreaterThan(0);
    await expectLedgerOk(server);
  });

  test('what is short of a whole cent carries over from wager to wager, and each whole cent reaches the pot once', async () => {
    const player = await server.player('raincarry');
    // The carry of this player's wagers (one per ledger shard: docs/decisions/0058).
    const id = (await server.services.db.get<{ id: number }>("SELECT id FROM users WHERE name = 'raincarry'"))!.id;
    const carry = async () => Number((await server.services.db.get<{ value: string }>('SELECT value FROM chat_settings WHERE key = ?', rainCarryKey(server.services.ledger, id)))?.value ?? '0');
    const [potBefore, carryBefore] = [await pot(), await carry()];
    // Five stakes of 4.50 coins (at a 0.01% chance, so nothing comes back): the carry, in thousandths of a cent, crosses whole cents on the way.
    for (let i = 0; i < 5; i++) await ok(player, 'dice.roll', { bet: 450, side: 'under', target: 1 });
    const owed = carryBefore + 5 * 450 * RAIN_PER_MILLE;
    expect(await pot() - potBefore).toBe(Math.floor(owed / 1000));
    expect(await carry()).toBe(owed % 1000);
    await expectLedgerOk(server);
  });

  test('50 players join at once, the list is published with its hash, and the beacon draw pays exactly the pot', async () => {
    const tipper = await server.player('raintipper');
    await ok(tipper, 'chat-rain.tip', { amount: 12_345 });
    const players = await Promise.all(Array.from({ length: 50 }, (_, i) => activePlayer(`rainer${i}`)));
    const watcher = await chatSocket(players[0]!.client);
    // An easier captcha than the schedule's: 50 solutions are found in this one process.
    const rain = await startRain(server.services, { difficulty: 8 });
    expect((await watcher.next('CHAT_RAIN_ACTIVE')).data).toMatchObject({ rain: { hash: rain.hash, status: 'active' } });

    const answers = await Promise.all(
      players.map(({ client, hash }) => ok(client, 'chat-rain.join', { rain_hash: rain.hash, token: solvePow(rain.captcha.challenge, hash, rain.captcha.difficulty)! })),
    );
    expect(answers.every((a) => a.success)).toBe(true);
    expect(Math.max(...answers.map((a) => a.participants))).toBe(50);
    expect((await ok(players[3]!.client, 'chat-rain.get', {})).joined).toBe(true);

    const held = (await server.services.ledger.check(server.services.db)).held;
    const balancesBefore = await Promise.all(players.map((p) => balanceOf(p.client)));
    const potAtClose = await pot();

    clock.advance(RAIN_JOIN_MS);
    await rainTick(server.services);
    const share = (await watcher.next('CHAT_RAIN_SHARE')).data as { rain: { participants_list: string[]; participants_hash: string; amount: number; beacon: null } };
    expect(share.rain.participants_list).toEqual(players.map((p) => p.hash).toSorted((a, b) => parseHash(a)! - parseHash(b)!));
    expect(share.rain.participants_hash).toBe(participantsHash(share.rain.participants_list));
    expect(share.rain.amount).toBe(potAtClose);
    expect(share.rain.beacon).toBeNull();

    clock.advance(1_000);
    await rainTick(server.services);
    const finished = (await watcher.next('CHAT_RAIN_FINISHED')).data as { rain: { hash: string; beacon: { id: string }; rewards: { user_hash: string; reward: number }[] } };
    const paid = finished.rain.rewards.reduce((sum, r) => sum + r.reward, 0);
    expect(paid).toBe(potAtClose);
    expect(await pot()).toBe(0);
    const balancesAfter = await Promise.all(players.map((p) => balanceOf(p.client)));
    expect(balancesAfter.reduce((s, b) => s + b, 0) - balancesBefore.reduce((s, b) => s + b, 0)).toBe(potAtClose);
    // Money only moved from the pot to the players: the sum of every account is unchanged.
    expect((await server.services.ledger.check(server.services.db)).held).toBe(held);
    await expectLedgerOk(server);

    // Anyone recomputes the shares from the public record.
    const record = await ok(server.client(), 'chat-rain.getRewards', { rain_hash: finished.rain.hash });
    const recomputed = rainShares(record.rain!.amount, record.rain!.participants_list!, record.rain!.beacon!.id);
    expect(Object.fromEntries(recomputed)).toEqual(Object.fromEntries(record.rain!.rewards.map((r) => [r.user_hash, r.reward])));
    expect(participantsHash(record.rain!.participants_list!)).toBe(record.rain!.participants_hash);
    expect(Object.keys(record.users).toSorted()).toEqual([...recomputed.keys()].toSorted());
    watcher.close();
  }, 120_000);

  test('a join without the requirement, with a wrong or no captcha, twice, or after the close is refused', async () => {
    const idle = await server.player('rainidle');
    const active = await activePlayer('rainactive');
    await ok(active.client, 'chat-rain.tip', { amount: 500 });
    clock.advance(RAIN_EVERY_MS);
    await Promise.all([idle.renew(), active.client.renew()]);
    await rainTick(server.services);
    const { rain } = await ok(server.client(), 'chat-rain.get', {});
    expect(rain?.status).toBe('active');
    const hash = rain!.hash;
    const idleHash = await hashOf(idle);
    await refused(idle, 'chat-rain.join', { rain_hash: hash, token: solvePow(rain!.captcha.challenge, idleHash, rain!.captcha.difficulty)! }, NumericError.INVALID_DATA);
    await refused(active.client, 'chat-rain.join', { rain_hash: hash }, NamedError.CAPTCHA_REQUIRED);
    await refused(active.client, 'chat-rain.join', { rain_hash: hash, token: wrongNonce((nonce) => powValid(rain!.captcha.challenge, active.hash, nonce, rain!.captcha.difficulty)) }, NamedError.CAPTCHA_REQUIRED);
    // A nonce found for someone else does not work for this player.
    await refused(active.client, 'chat-rain.join', { rain_hash: hash, token: solvePow(rain!.captcha.challenge, idleHash, rain!.captcha.difficulty)! }, NamedError.CAPTCHA_REQUIRED);
    const token = solvePow(rain!.captcha.challenge, active.hash, rain!.captcha.difficulty)!;
    await ok(active.client, 'chat-rain.join', { rain_hash: hash, token });
    await refused(active.client, 'chat-rain.join', { rain_hash: hash, token }, NumericError.INVALID_DATA);
    expect((await ok(server.client(), 'chat-rain.get', {})).rain?.participants).toBe(1);
    clock.advance(RAIN_JOIN_MS);
    const late = await activePlayer('rainlate');
    await refused(late.client, 'chat-rain.join', { rain_hash: hash, token: solvePow(rain!.captcha.challenge, late.hash, rain!.captcha.difficulty)! }, NumericError.INVALID_DATA);
    await refused(server.client(), 'chat-rain.join', { rain_hash: hash, token }, NumericError.ACCESS_DENIED);
  });

  test('rain tips of 0, fractions, or above the withdrawable balance are refused and the pot stays', async () => {
    const player = await server.player('raintipbad');
    const before = { pot: await pot(), balance: await balanceOf(player) };
    await refused(player, 'chat-rain.tip', { amount: 0 }, NumericError.INPUT_ERROR);
    await refused(player, 'chat-rain.tip', { amount: 1.5 }, NumericError.INPUT_ERROR);
    await refused(player, 'chat-rain.tip', { amount: before.balance + 1 }, NamedError.COMMIT_ERROR);
    expect({ pot: await pot(), balance: await balanceOf(player) }).toEqual(before);
  });
});
