// The rain's steam_* requirement keys (document 2 section 6) against the simulated Steam
// profile a 'Login via steam' identity chose on the sim provider's sign-up form.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { NumericError } from '../../src/contract/index.ts';
import { solvePow } from '../../src/core/rain.ts';
import { RAIN_JOIN_MS, rainTick, startRain } from '../../sim-server/domains/chat/rain.ts';
import { hashOf, ok, refused } from './chat-helpers.ts';
import { startServer, type TestServer } from './harness.ts';
import { testClock } from './wallet-helpers.ts';

const clock = testClock();
let server: TestServer;
beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(() => server.close());

/** Signs up through the provider form; answers the signed-in client and the HTTP status. */
async function viaSteam(name: string, fields: Record<string, string>) {
  const client = server.client();
  const answer = await client.request('/api/connect/provider', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name, secret: 'provider-pass', callbackUrl: '/', ...fields }).toString(),
  });
  return { client, status: answer.status, body: String(answer.body.text ?? '') };
}

describe('steam_* rain keys', () => {
  test('the site name in the Steam name, a Steam level and a public profile are checked against the provider profile', async () => {
    const rain = await startRain(server.services, { conditions: { steam_put_name: true, steam_min_level: 10, steam_public_profile: true }, difficulty: 8 });
    const join = async (client: ReturnType<typeof server.client>) => ({ rain_hash: rain.hash, token: solvePow(rain.captcha.challenge, await hashOf(client), 8)! });

    const fan = await viaSteam('steam_fan', { steam_name: 'ann | skinfans.gg', steam_level: '12', steam_public: 'on' });
    expect(fan.status).toBe(303);
    const plain = await viaSteam('steam_plain', { steam_name: 'ann', steam_level: '12', steam_public: 'on' });
    const low = await viaSteam('steam_low', { steam_name: 'SkinFans ann', steam_level: '3', steam_public: 'on' });
    const hidden = await viaSteam('steam_hidden', { steam_name: 'SkinFans ann', steam_level: '50' });
    const local = await server.player('passwordonly');

    expect(await refused(plain.client, 'chat-rain.join', await join(plain.client), NumericError.INVALID_DATA)).toBe('Put SkinFans in your Steam name');
    expect(await refused(low.client, 'chat-rain.join', await join(low.client), NumericError.INVALID_DATA)).toBe('Steam level 10+');
    expect(await refused(hidden.client, 'chat-rain.join', await join(hidden.client), NumericError.INVALID_DATA)).toBe('Make your Steam profile and inventory public');
    expect(await refused(local, 'chat-rain.join', await join(local), NumericError.INVALID_DATA)).toMatch(/Sign in via Steam/);
    await ok(fan.client, 'chat-rain.join', await join(fan.client));

    // The profile is the one chosen at sign-up: signing in again with other fields changes nothing.
    const again = await viaSteam('steam_low', { steam_name: 'SkinFans ann', steam_level: '99', steam_public: 'on' });
    expect(again.status).toBe(303);
    expect(await refused(again.client, 'chat-rain.join', await join(again.client), NumericError.INVALID_DATA)).toBe('Steam level 10+');

    const { rain: open } = await ok(server.client(), 'chat-rain.get', {});
    expect(open?.participants).toBe(1);
    clock.advance(RAIN_JOIN_MS);
    await rainTick(server.services);
  });

  test('a bad Steam level on the form is refused and makes no account', async () => {
    for (const steam_level of ['abc', '-1', '5001', '1.5']) {
      const bad = await viaSteam('steam_badlevel', { steam_level });
      expect(bad.status).toBe(400);
      expect(bad.body).toContain('Steam level: a whole number from 0 to 5000');
      expect(bad.client.jar.has('access_token')).toBe(false);
    }
    expect(await server.services.db.get('SELECT 1 FROM sim_provider_accounts WHERE provider_id = ?', 'sim:steam_badlevel')).toBeUndefined();
    expect((await viaSteam('steam_badlevel', { steam_level: '7' })).status).toBe(303);
  });
});
