/**
 * The lean GET path (sim-server/rpc/lean.ts) answers what the fastify route answers: the same
 * status, headers and bytes. `//api/method/...` reaches the fastify route (fastify collapses
 * the doubled slash before routing; the lean path declines it), so each case asks both ways.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type TestServer } from './harness.ts';

let server: TestServer;
let limited: TestServer;
beforeAll(async () => {
  server = await startServer();
  limited = await startServer({ rateLimit: { max: 3, windowMs: 60_000 }, trustProxy: true });
});
afterAll(async () => {
  await server?.close();
  await limited?.close();
});

interface Seen {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
}

async function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Seen> {
  const response = await fetch(base + path, { headers, signal: AbortSignal.timeout(10_000) });
  const seen: Record<string, string> = {};
  // fetch undoes a content-encoding itself; the header still says which one was used.
  response.headers.forEach((value, name) => {
    if (name !== 'date') seen[name] = value;
  });
  return { status: response.status, headers: seen, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The lean path's answer and the fastify route's, for one method call. */
async function both(base: string, call: string, headers: Record<string, string> = {}): Promise<{ lean: Seen; routed: Seen }> {
  const lean = await get(base, `/api/method/${call}`, headers);
  const routed = await get(base, `//api/method/${call}`, headers);
  return { lean, routed };
}

describe('the lean path answers as the fastify route does', () => {
  test('a signed-in read by cookie and by Bearer: same status, headers and bytes, compressed or not', async () => {
    const player = await server.player('lean_reader');
    const cookie = `access_token=${player.jar.get('access_token')!.value}`;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const byCookie = await both(server.url, 'wallet.getPaymentMethods?currencies=SFC,BTC', { cookie, 'accept-encoding': encoding });
      expect(byCookie.lean.status).toBe(200);
      expect(byCookie.lean.headers).toEqual(byCookie.routed.headers);
      expect(byCookie.lean.bytes.equals(byCookie.routed.bytes)).toBe(true);
      expect(JSON.parse(byCookie.lean.bytes.toString())).toMatchObject({ response: { wallets: [{ currency: 'SFC', amount: 100_000 }, { currency: 'BTC', amount: 0 }] } });
      expect(byCookie.lean.headers).toMatchObject({ 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8', 'x-content-type-options': 'nosniff', 'referrer-policy': 'same-origin', vary: 'accept-encoding' });
    }
    expect((await both(server.url, 'wallet.getPaymentMethods', { cookie: 'x=1' })).lean.status).toBe(200);
    const token = player.jar.get('access_token')!.value;
    const byBearer = await both(server.url, 'wallet-vault.info', { authorization: `Bearer ${token}` });
    expect(byBearer.lean.headers).toEqual(byBearer.routed.headers);
    expect(byBearer.lean.bytes.toString()).toBe(byBearer.routed.bytes.toString());
    expect(JSON.parse(byBearer.lean.bytes.toString())).toEqual({ response: { amount: 0, lock_time: 0 } });
  });

  test('refusals: a visitor, an unknown method, bad input, a bad token', async () => {
    for (const [call, headers] of [
      ['wallet.getHistory', {}],
      ['nothing.here', {}],
      ['wallet-vault.deposit?amount=abc', {}],
      ['wallet.getHistory', { authorization: 'Bearer not-a-token' }],
      ['wallet.getHistory', { cookie: 'access_token=forged.token.value' }],
    ] as const) {
      const { lean, routed } = await both(server.url, call, headers);
      expect(lean.status).toBe(200);
      expect(lean.headers).toEqual(routed.headers);
      expect(lean.bytes.toString()).toBe(routed.bytes.toString());
      expect(JSON.parse(lean.bytes.toString())).toHaveProperty('error.error_code');
    }
  });

  test('a money call on the lean path moves money once per stamp', async () => {
    const player = await server.player('lean_saver');
    const token = player.jar.get('access_token')!.value;
    const first = await get(server.url, '/api/method/wallet-vault.deposit?amount=125&stamp=lean-1', { authorization: `Bearer ${token}` });
    const again = await get(server.url, '/api/method/wallet-vault.deposit?amount=125&stamp=lean-1', { authorization: `Bearer ${token}` });
    expect(first.bytes.toString()).toBe(again.bytes.toString());
    expect((await player.call('wallet-vault.info')).response).toMatchObject({ amount: 125 });
  });

  test('the rate limit answers 429 with retry-after on both, and counts forwarded addresses apart behind a trusted proxy', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': `${ip}, 10.0.0.1` });
    const answers: Seen[] = [];
    for (let i = 0; i < 4; i++) answers.push(await get(limited.url, '/api/method/nothing.here', from('203.0.113.7')));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    const routed = await get(limited.url, '//api/method/nothing.here', from('203.0.113.7'));
    expect(routed.status).toBe(429);
    expect(answers[3]!.headers).toEqual(routed.headers);
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(answers[3]!.bytes.toString())).toMatchObject({ error: 'rate_limited' });
    // Another client behind the same proxy has its own count.
    expect((await get(limited.url, '/api/method/nothing.here', from('203.0.113.8'))).status).toBe(200);
  });

  test('what the lean path declines still reaches fastify: HEAD, POST, an encoded, empty or too long name, a trailing slash', async () => {
    const head = await fetch(`${server.url}/api/method/nothing.here`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const encoded = await get(server.url, '/api/method/nothing%2Ehere');
    expect(JSON.parse(encoded.bytes.toString())).toEqual({ error: { error_code: 16, error_msg: 'Unknown method nothing.here' } });
    for (const call of ['', 'a'.repeat(101), 'wallet.getHistory/']) {
      const { lean, routed } = await both(server.url, call);
      expect([lean.status, lean.bytes.toString()]).toEqual([routed.status, routed.bytes.toString()]);
    }
    expect((await server.client().post('nothing.here', {})).error).toEqual({ error_code: 16, error_msg: 'Unknown method nothing.here' });
  });
});
