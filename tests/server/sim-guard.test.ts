/** Issue 12, security 1 and 2: the sim surfaces are this machine's, the console the operator's. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../sim-server/config.ts';
import { operatorHeaders, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

const postJson = (client: ReturnType<TestServer['client']>, path: string, body: unknown, headers: Record<string, string> = {}) =>
  client.request(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('the sim console', () => {
  test("a visitor without the operator key mints nothing and sees nobody's payments", async () => {
    const visitor = server.client();
    const minted = await postJson(visitor, '/api/sim/gift-codes', { kind: 'wallet', coins: '1000000' });
    expect(minted.status).toBe(403);
    expect(minted.body.error?.error_code).toBe(15);
    expect((await server.services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM gift_codes'))!.n).toBe(0);
    expect((await visitor.request('/api/sim/payments.json')).status).toBe(403);
    expect((await postJson(visitor, '/api/sim/payments/tick', {})).status).toBe(403);
    expect((await postJson(visitor, '/api/sim/sponsor-credits', { name: 'anyone_at_all', coins: '5', wager: '10' })).status).toBe(403);
    // A wrong key is no key.
    expect((await postJson(visitor, '/api/sim/gift-codes', { kind: 'wallet', coins: '1' }, { 'x-sim-key': 'x'.repeat(24) })).status).toBe(403);
  });

  test('the operator key works as a header and, from the printed link, as a cookie', async () => {
    const operator = server.client();
    const minted = await postJson(operator, '/api/sim/gift-codes', { kind: 'wallet', coins: '25' }, operatorHeaders(operator));
    expect(minted.body.response).toMatchObject({ amount: 2_500 });

    const browser = server.client();
    const key = operatorHeaders(browser)['x-sim-key']!;
    const link = await browser.request(`/api/sim/payments?key=${encodeURIComponent(key)}`);
    expect(link.status).toBe(303);
    expect(link.response.headers.get('location')).toBe('/api/sim/payments');
    const page = await browser.request('/api/sim/payments');
    expect(page.status).toBe(200);
    expect(String(page.body.text)).toContain('<form');
  });

  test('from another machine the console does not exist, key or not', async () => {
    const proxied = await startServer({ trustProxy: true });
    try {
      const outsider = proxied.client();
      const headers = { ...operatorHeaders(outsider), 'x-forwarded-for': '203.0.113.7' };
      expect((await postJson(outsider, '/api/sim/gift-codes', { kind: 'wallet', coins: '25' }, headers)).status).toBe(404);
      expect((await outsider.request('/api/sim/payments.json', { headers })).status).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});

describe('where sim mode listens', () => {
  test('loopback unless HOST opens it; a server without sim mode listens everywhere', () => {
    expect(loadConfig({ dataDir: ':memory:' }, {}).host).toBe('127.0.0.1');
    expect(loadConfig({ dataDir: ':memory:' }, { HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ dataDir: ':memory:' }, { SIM_MODE: '0' }).host).toBe('0.0.0.0');
  });
});
