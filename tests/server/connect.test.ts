import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RENEW_GRACE_MS } from '../../sim-server/auth/sessions.ts';
import { loadConfig } from '../../sim-server/config.ts';
import { startServer, type TestServer } from './harness.ts';

let clock = Date.now();
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ now: () => clock, accessTtl: 60 });
});
afterAll(() => server.close());

describe('sign-in', () => {
  test('the first sign-in creates the account with 1,000.00 coins from the faucet', async () => {
    const client = server.client();
    const answer = await client.signIn('fresh_player', 'secret-pass');
    expect(answer.response).toMatchObject({ created: true, user: { name: 'fresh_player', hash: expect.stringMatching(/^SF\d{10}$/) } });
    const me = await client.call('user.getUser');
    expect(me.response).toMatchObject({ user_wallet: { balance: 100_000 }, loaded: true });
    const history = await client.call('wallet.getHistory');
    expect(history.response).toMatchObject({ actions: [{ type: 'signup_bonus', amount: 100_000 }] });
    expect((await server.services.ledger.check(server.services.db)).ok).toBe(true);
  });

  test('signing in again with the right password opens the same account and pays nothing more', async () => {
    await server.player('return_player');
    const again = server.client();
    const answer = await again.signIn('RETURN_player', 'secret-pass');
    expect(answer.response).toMatchObject({ created: false, user: { name: 'return_player' } });
    expect((await again.call('user.getUser')).response).toMatchObject({ user_wallet: { balance: 100_000 } });
  });

  test('a wrong password is refused without a session cookie', async () => {
    await server.player('guarded_player');
    const intruder = server.client();
    const answer = await intruder.signIn('guarded_player', 'not-the-pass');
    expect(answer.error).toEqual({ error_code: 19, error_msg: 'Enter correct username and password' });
    expect(intruder.jar.has('access_token')).toBe(false);
  });

  test.each([
    ['1starts_with_digit', 'secret-pass'],
    ['_underscore_first', 'secret-pass'],
    ['ends_with_', 'secret-pass'],
    ['two_under_scores', 'secret-pass'],
    ['abcd', 'secret-pass'],
    ['has space here', 'secret-pass'],
    ['short_password', 'five5'],
  ])('%s with %s is refused with the spec\'s "Enter correct username and password" and creates nothing', async (name, password) => {
    const client = server.client();
    expect((await client.signIn(name, password)).error).toEqual({ error_code: 19, error_msg: 'Enter correct username and password' });
    const users = (await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM users WHERE name = ?', name))!.n;
    expect(users).toBe(0);
  });

  test('empty fields answer "Fill in all fields"', async () => {
    const client = server.client();
    expect((await client.signIn('', 'x')).error?.error_msg).toBe('Fill in all fields');
    expect((await client.signIn('someone_ok', '')).error?.error_msg).toBe('Fill in all fields');
  });

  test('two first sign-ins of one name at once create one account and one starting balance', async () => {
    const answers = await Promise.all([0, 1, 2, 3].map(() => server.client().signIn('racing_name', 'secret-pass')));
    expect(answers.every((a) => a.response)).toBe(true);
    expect(answers.filter((a) => (a.response as { created: boolean }).created)).toHaveLength(1);
    const { db, ledger } = server.services;
    const id = (await db.get<{ id: number }>('SELECT id FROM users WHERE name = ?', 'racing_name'))!.id;
    expect(await ledger.balance(db, { user: id })).toBe(100_000);
  });

  test('a password hashed at one scrypt cost still signs in after the server\'s cost changed', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'arena-cost-'));
    const before = await startServer({ dataDir, passwordCost: 1024 });
    expect((await before.client().signIn('cost_before', 'secret-pass')).response).toMatchObject({ created: true });
    await before.close();
    const after = await startServer({ dataDir, passwordCost: 2048 });
    try {
      expect((await after.client().signIn('cost_before', 'secret-pass')).response).toMatchObject({ created: false, user: { name: 'cost_before' } });
      expect((await after.client().signIn('cost_before', 'not-the-pass')).error?.error_code).toBe(19);
      expect((await after.client().signIn('cost_after', 'secret-pass')).response).toMatchObject({ created: true });
      const hashes = await after.services.db.all<{ name: string; password_hash: string }>('SELECT name, password_hash FROM users WHERE name IN (?, ?) ORDER BY name', 'cost_after', 'cost_before');
      expect(hashes.map((row) => [row.name, row.password_hash.split('$')[1]])).toEqual([['cost_after', '2048'], ['cost_before', '1024']]);
    } finally {
      await after.close();
    }
  });

  test('PASSWORD_COST takes a power of two, 16384 unless set, and a server refuses to start on anything else', () => {
    expect(loadConfig({ dataDir: ':memory:' }, {}).passwordCost).toBe(16_384);
    expect(loadConfig({ dataDir: ':memory:' }, { PASSWORD_COST: '1024' }).passwordCost).toBe(1024);
    for (const bad of ['1000', '1', '0', String(2 ** 21), 'many']) {
      expect(() => loadConfig({ dataDir: ':memory:' }, { PASSWORD_COST: bad })).toThrow(/power of two|whole number/);
    }
  });
});

describe('tokens', () => {
  test('an expired access token answers "jwt deprecated", and renewal restores access', async () => {
    const client = await server.player('expiring_one');
    clock += 61_000;
    expect((await client.call('wallet.getPaymentMethods')).error).toEqual({ error_code: 15, error_msg: 'jwt deprecated' });
    expect((await client.renew()).response).toEqual({ renewed: true });
    expect((await client.call('wallet.getPaymentMethods')).response).toBeDefined();
  });

  test('a refresh token works once; replaying the old one answers invalid_grant and ends the session', async () => {
    const client = await server.player('rotating_one');
    const stolen = client.jar.get('refresh_token')!.value;
    expect((await client.renew()).response).toBeDefined();
    clock += RENEW_GRACE_MS;
    const thief = server.client();
    thief.jar.set('refresh_token', { value: stolen, path: '/api/connect' });
    expect((await thief.renew()).error?.error_code).toBe('invalid_grant');
    // The replay revoked the session, so the rightful owner is signed out as well.
    expect((await client.call('wallet.getPaymentMethods')).error).toEqual({ error_code: 15, error_msg: 'jwt revoked' });
    expect((await client.renew()).error?.error_code).toBe('invalid_grant');
  });

  test('two tabs renewing with one refresh cookie at once both get the same new pair and stay signed in', async () => {
    const first = await server.player('twotabs_renew');
    const second = server.client();
    for (const [name, cookie] of first.jar) second.jar.set(name, { ...cookie });
    const old = first.jar.get('refresh_token')!.value;
    const [a, b] = await Promise.all([first.renew(), second.renew()]);
    expect(a.response).toEqual({ renewed: true });
    expect(b.response).toEqual({ renewed: true });
    expect(second.jar.get('refresh_token')!.value).toBe(first.jar.get('refresh_token')!.value);
    expect(second.jar.get('access_token')!.value).toBe(first.jar.get('access_token')!.value);
    for (const tab of [first, second]) expect((await tab.call('wallet.getPaymentMethods')).response).toBeDefined();

    // The new pair renews on as usual; the grace of the old token ends with the next rotation.
    expect((await first.renew()).response).toBeDefined();
    const late = server.client();
    late.jar.set('refresh_token', { value: old, path: '/api/connect' });
    clock += 1_000;
    expect((await late.renew()).error?.error_code).toBe('invalid_grant');
    expect((await first.call('wallet.getPaymentMethods')).error?.error_msg).toBe('jwt revoked');
  });

  test('a forged access token is refused as invalid, not as expired', async () => {
    const client = server.client();
    client.jar.set('access_token', { value: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwic2lkIjoxfQ.forged', path: '/' });
    expect((await client.call('wallet.getPaymentMethods')).error).toEqual({ error_code: 15, error_msg: 'jwt invalid' });
  });

  test('the refresh cookie is HttpOnly, SameSite=Strict and only sent to the connect service', async () => {
    const { response } = await server.client().request('/api/connect', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'cookie_check', password: 'secret-pass' }),
    });
    const cookies = response.headers.getSetCookie();
    const refresh = cookies.find((c) => c.startsWith('refresh_token='))!;
    const access = cookies.find((c) => c.startsWith('access_token='))!;
    expect(refresh).toMatch(/HttpOnly/i);
    expect(refresh).toMatch(/SameSite=Strict/i);
    expect(refresh).toMatch(/Path=\/api\/connect/);
    expect(access).toMatch(/HttpOnly/i);
    expect(cookies.find((c) => c.startsWith('logged='))).not.toMatch(/HttpOnly/i);
  });
});

describe('logout', () => {
  test('logout ends this session only', async () => {
    const phone = await server.player('two_devices');
    const laptop = server.client();
    await laptop.signIn('two_devices', 'secret-pass');
    expect((await phone.logout()).response).toEqual({ success: true });
    expect(phone.jar.has('access_token')).toBe(false);
    expect((await laptop.call('wallet.getPaymentMethods')).response).toBeDefined();
  });

  test('logout everywhere revokes every session of the player at once', async () => {
    const phone = await server.player('many_devices');
    const laptop = server.client();
    await laptop.signIn('many_devices', 'secret-pass');
    const laptopAccess = laptop.jar.get('access_token')!;
    await phone.logout(true);
    expect((await laptop.call('wallet.getPaymentMethods')).error).toEqual({ error_code: 15, error_msg: 'jwt revoked' });
    expect((await laptop.renew()).error?.error_code).toBe('invalid_grant');
    // A copy of the old access token is worthless too.
    const copy = server.client();
    copy.jar.set('access_token', laptopAccess);
    expect((await copy.call('wallet.getPaymentMethods')).error?.error_msg).toBe('jwt revoked');
  });
});

describe('the sim login provider', () => {
  test("'Login via steam' signs the player in and redirects back with the device token", async () => {
    const browser = server.client();
    const page = await browser.request('/api/connect/provider?callbackUrl=%2Fcases');
    expect(page.response.headers.get('content-type')).toMatch(/text\/html/);
    expect(String(page.body.text)).toContain('name="callbackUrl" value="/cases"');
    const submitted = await browser.request('/api/connect/provider', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'steam_player', secret: 'provider-pass', callbackUrl: '/cases' }).toString(),
    });
    expect(submitted.status).toBe(303);
    const device = browser.jar.get('device_token')!.value;
    expect(submitted.response.headers.get('location')).toBe(`/cases?device_token=${device}`);
    expect((await browser.call('user.getUser')).response).toMatchObject({ user: { name: 'steam_player' }, user_wallet: { balance: 100_000 } });
  });

  test('a provider name signs in only with its provider password', async () => {
    const provider = (browser: ReturnType<typeof server.client>, fields: Record<string, string>) =>
      browser.request('/api/connect/provider', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ callbackUrl: '/', ...fields }).toString(),
      });
    const owner = server.client();
    expect((await provider(owner, { name: 'steam_victim', secret: 'victims-secret' })).status).toBe(303);

    // The attack of issue 12: the name alone, or with a guessed password, signs nobody in.
    for (const fields of [{ name: 'steam_victim' }, { name: 'steam_victim', secret: 'not-the-secret' }] as Record<string, string>[]) {
      const attacker = server.client();
      const answer = await provider(attacker, fields);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(attacker.jar.has('access_token')).toBe(false);
    }
    const again = server.client();
    expect((await provider(again, { name: 'steam_victim', secret: 'victims-secret' })).status).toBe(303);
    expect((await again.call('user.getUser')).response).toMatchObject({ user: { name: 'steam_victim' } });
  });

  test('the provider never redirects off the site', async () => {
    const browser = server.client();
    const submitted = await browser.request('/api/connect/provider', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'redirect_test', secret: 'provider-pass', callbackUrl: '//evil.example/steal' }).toString(),
    });
    expect(submitted.response.headers.get('location')).toMatch(/^\/\?device_token=/);
  });

  test('a provider name taken by a password account is refused', async () => {
    await server.player('password_owner');
    const browser = server.client();
    const submitted = await browser.request('/api/connect/provider', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ name: 'password_owner', secret: 'provider-pass', callbackUrl: '/' }).toString(),
    });
    expect(submitted.status).toBe(409);
    expect(browser.jar.has('access_token')).toBe(false);
  });
});
