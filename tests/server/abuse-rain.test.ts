/**
 * Issue "money integrity" 5 (docs/decisions/0048): extra accounts do not farm the rain. One join
 * per device and per address a rain, and the last-hour rule asks RAIN_LAST_HOUR_MIN_WAGER, not a
 * 1-cent dice roll.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { RAIN_LAST_HOUR_MIN_WAGER, solvePow } from '../../src/core/rain.ts';
import { RAIN_HOUSE, RAIN_JOIN_MS, rainTick, startRain } from '../../sim-server/domains/chat/rain.ts';
import { hashOf, ok, type Client } from './chat-helpers.ts';
import { startServer, type ClientOrigin, type TestServer } from './harness.ts';
import { expectLedgerOk, testClock } from './wallet-helpers.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  // The address checks on, and each client's address taken from X-Forwarded-For.
  server = await startServer({ now: clock.now, addressChecks: true, trustProxy: true });
});
afterAll(() => server.close());

/** A dice roll that (at a 0.01% chance) wins nothing back: a wager of `bet` cents. */
const wager = (client: Client, bet: number) => ok(client, 'dice.roll', { bet, side: 'under', target: 1 });

/** A player signed in from `origin` who wagered `bet` cents in the last hour. */
async function activePlayer(name: string, origin: ClientOrigin, bet = RAIN_LAST_HOUR_MIN_WAGER): Promise<{ client: Client; hash: string }> {
  const client = await server.player(name, undefined, origin);
  await wager(client, bet);
  return { client, hash: await hashOf(client) };
}

const deviceOf = (client: Client) => client.jar.get('device_token')!.value;

/** The farmer's address. */
const HOME = '198.51.100.7';

/** Opens a rain with an easy captcha over a pot of `tip` cents. */
async function rainWithPot(tipper: Client, tip: number) {
  await ok(tipper, 'chat-rain.tip', { amount: tip });
  return startRain(server.services, { difficulty: 8 });
}

type Rain = Awaited<ReturnType<typeof startRain>>;
const join = (player: { client: Client; hash: string }, rain: Rain) =>
  player.client.call('chat-rain.join', { rain_hash: rain.hash, token: solvePow(rain.captcha.challenge, player.hash, rain.captcha.difficulty)! });

/** Closes joining and draws the rain; answers who was paid what. */
async function draw(rain: Rain): Promise<Record<string, number>> {
  clock.advance(RAIN_JOIN_MS);
  await rainTick(server.services);
  clock.advance(1_000);
  await rainTick(server.services);
  const record = await ok(server.client(), 'chat-rain.getRewards', { rain_hash: rain.hash });
  return Object.fromEntries(record.rain!.rewards.map((r) => [r.user_hash, r.reward]));
}

describe('rain joins from one device or address', () => {
  test('ten extra accounts of one player, on the same device or address, each meeting the requirement: only one joins and takes a share', async () => {
    const farmer = await activePlayer('farm_main', { ip: HOME });
    // Five more on the same address (other browsers), five on the same browser from elsewhere.
    const sameAddress = await Promise.all(Array.from({ length: 5 }, (_, i) => activePlayer(`farm_ip${i}`, { ip: HOME })));
    const sameDevice = await Promise.all(Array.from({ length: 5 }, (_, i) => activePlayer(`farm_dev${i}`, { ip: `203.0.113.${10 + i}`, device: deviceOf(farmer.client) })));
    const honest = await activePlayer('honest_rainer', { ip: '192.0.2.44' });
    const rain = await rainWithPot(honest.client, 10_000);

    expect(await join(farmer, rain)).toHaveProperty('response.success', true);
    for (const alt of sameAddress) {
      expect((await join(alt, rain)).error).toEqual({ error_code: NumericError.INVALID_DATA, error_msg: 'Another account already joined this rain from this address' });
    }
    for (const alt of sameDevice) {
      expect((await join(alt, rain)).error).toEqual({ error_code: NumericError.INVALID_DATA, error_msg: 'Another account already joined this rain from this device' });
    }
    expect(await join(honest, rain)).toHaveProperty('response.participants', 2);
    // A refused join changed nothing: not joined, and the count is the two who did.
    expect((await ok(sameAddress[0]!.client, 'chat-rain.get', {})).joined).toBe(false);
    expect((await ok(server.client(), 'chat-rain.get', {})).rain?.participants).toBe(2);

    const pot = await server.services.ledger.balance(server.services.db, RAIN_HOUSE);
    const rewards = await draw(rain);
    expect(Object.keys(rewards).toSorted()).toEqual([farmer.hash, honest.hash].toSorted());
    expect(Object.values(rewards).reduce((a, b) => a + b, 0)).toBe(pot);
    await expectLedgerOk(server);
  });

  test('the next rain is open to the same address again, once', async () => {
    const first = await activePlayer('again_first', { ip: HOME });
    const second = await activePlayer('again_second', { ip: HOME });
    const rain = await rainWithPot(first.client, 500);
    expect(await join(second, rain)).toHaveProperty('response.success', true);
    expect((await join(first, rain)).error?.error_code).toBe(NumericError.INVALID_DATA);
    await draw(rain);
  });
});

describe('the last-hour rule', () => {
  test('a 1-cent wager is not activity; RAIN_LAST_HOUR_MIN_WAGER in the hour is', async () => {
    const cent = await activePlayer('one_cent', { ip: '192.0.2.91' }, 1);
    const rain = await rainWithPot(cent.client, 500);
    expect((await join(cent, rain)).error).toEqual({ error_code: NumericError.INVALID_DATA, error_msg: 'Be active (wager at least 1.00 coins) in the last hour' });
    await wager(cent.client, RAIN_LAST_HOUR_MIN_WAGER - 1);
    expect(await join(cent, rain)).toHaveProperty('response.success', true);
    await draw(rain);
  });
});
