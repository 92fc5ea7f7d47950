/** Issue 12, security 5: sign-in limits, the lock, the proof-of-work challenge and one starting balance per IP/device. */
import { describe, expect, test } from 'vitest';
import { solveChallenge, solvesChallenge } from '../../src/core/proof-of-work.ts';
import type { Config } from '../../sim-server/config.ts';
import { CONNECT_UNLIMITED, startServer, wrongNonce } from './harness.ts';

const limits = (overrides: Partial<Config['connectLimit']>): Config['connectLimit'] => ({ ...CONNECT_UNLIMITED, ...overrides });

async function withServer(overrides: Partial<Config>, run: (server: Awaited<ReturnType<typeof startServer>>, clock: { at: number }) => Promise<void>) {
  const clock = { at: Date.UTC(2026, 4, 1) };
  const server = await startServer({ now: () => clock.at, ...overrides });
  try {
    await run(server, clock);
  } finally {
    await server.close();
  }
}

describe('sign-in limits', () => {
  test('a name locks after repeated wrong passwords, the right one included, until the lock ends', () =>
    withServer({ connectLimit: limits({ lockAfter: 5, lockMs: 15 * 60_000 }) }, async (server, clock) => {
      await server.player('locked_owner', 'right-password');
      const attacker = server.client();
      for (let i = 0; i < 5; i++) expect((await attacker.signIn('locked_owner', `guess-${i}`)).error?.error_msg).toBe('Enter correct username and password');
      const owner = server.client();
      expect((await owner.signIn('locked_owner', 'right-password')).error).toEqual({ error_code: 19, error_msg: 'Too many failed sign-ins for this name: try again in 15 min' });
      expect(owner.jar.has('access_token')).toBe(false);
      clock.at += 15 * 60_000;
      expect((await owner.signIn('locked_owner', 'right-password')).response).toMatchObject({ user: { name: 'locked_owner' } });
    }));

  test('attempts per IP past the limit answer HTTP 429 rate_limited', () =>
    withServer({ connectLimit: limits({ perIp: 5 }) }, async (server) => {
      const client = await server.player('ip_limited');
      for (let i = 0; i < 4; i++) expect((await client.signIn('ip_limited', 'wrong-password')).error).toBeDefined();
      const sixth = await client.request('/api/connect', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'ip_limited', password: 'x-password' }) });
      expect(sixth.status).toBe(429);
      expect(sixth.body).toMatchObject({ error: 'rate_limited', retry_after: expect.any(Number) });
    }));

  test('after failures a client must answer the proof-of-work challenge; each answer counts once', () =>
    withServer({ connectLimit: limits({ captchaAfter: 3, captchaBits: 10 }) }, async (server) => {
      await server.player('captcha_owner', 'right-password');
      const client = server.client();
      for (let i = 0; i < 3; i++) await client.signIn('captcha_owner', `guess-${i}`);
      expect((await client.signIn('captcha_owner', 'right-password')).error?.error_code).toBe('CAPTCHA_REQUIRED');

      const { challenge, bits } = (await client.request('/api/connect/challenge')).body.response as { challenge: string; bits: number };
      expect(bits).toBe(10);
      const post = (captcha: string) =>
        client.request('/api/connect', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'captcha_owner', password: 'right-password', captcha }) });
      // A wrong answer (not a fixed made-up one: 'zz' once solved CI's challenge by chance), then
      // a forged challenge, are no answers.
      const wrong = wrongNonce((nonce) => solvesChallenge(challenge, nonce, bits));
      expect((await post(`${challenge}:${wrong}`)).body.error?.error_code).toBe('CAPTCHA_REQUIRED');
      expect((await post(`${challenge.replace(/\.[^.]+$/, '.forged')}:0`)).body.error?.error_code).toBe('CAPTCHA_REQUIRED');
      const answer = `${challenge}:${await solveChallenge(challenge, bits)}`;
      expect((await post(answer)).body.response).toMatchObject({ user: { name: 'captcha_owner' } });
      expect((await post(answer)).body.error?.error_code).toBe('CAPTCHA_REQUIRED');
    }));
});

describe('the starting balance', () => {
  test('is paid once per IP in the window, and once per device from other IPs', () =>
    withServer({ startGrantWindowMs: 86_400_000, trustProxy: true }, async (server, clock) => {
      const balance = async (client: ReturnType<typeof server.client>) => ((await client.call('user.getUser')).response as { user_wallet: { balance: number } }).user_wallet.balance;
      const from = (ip: string) => {
        const client = server.client();
        const signIn = (name: string) =>
          client.request('/api/connect', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': ip }, body: JSON.stringify({ username: name, password: 'secret-pass' }) });
        return { client, signIn };
      };
      const first = from('198.51.100.1');
      expect((await first.signIn('grant_first')).body.response).toMatchObject({ created: true });
      expect(await balance(first.client)).toBe(100_000);
      const second = from('198.51.100.1');
      expect((await second.signIn('grant_second')).body.response).toMatchObject({ created: true });
      expect(await balance(second.client)).toBe(0);

      // Same browser (device cookie), another IP: still the same player's window.
      const device = first.client.jar.get('device_token')!;
      const travelling = from('203.0.113.9');
      travelling.client.jar.set('device_token', { ...device });
      await travelling.signIn('grant_travel');
      expect(await balance(travelling.client)).toBe(0);

      clock.at += 86_400_000;
      const later = from('198.51.100.1');
      await later.signIn('grant_later');
      expect(await balance(later.client)).toBe(100_000);
      expect((await server.services.ledger.check(server.services.db)).ok).toBe(true);
    }));
});
