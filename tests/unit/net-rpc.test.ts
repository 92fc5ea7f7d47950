import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type BuiltApp } from '../../sim-server/app.ts';
import { CONNECT_UNLIMITED } from '../server/harness.ts';
import { NamedError, NumericError } from '../../src/contract/index.ts';
import { RpcContractError, RpcError, RpcNetworkError, RpcRateLimitedError, createRpc, type RpcEvents } from '../../src/net/rpc.ts';

/** A fetch with a cookie jar, standing in for the browser's cookie handling. */
function browserFetch() {
  const jar = new Map<string, string>();
  const requests: string[] = [];
  const fetchWithCookies: typeof fetch = async (input, init) => {
    const url = String(input);
    requests.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const [name = '', value = ''] = pair.split('=');
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') jar.delete(name.trim());
      else jar.set(name.trim(), value);
    }
    return res;
  };
  return { fetch: fetchWithCookies, jar, requests };
}

function recordEvents(rpc: ReturnType<typeof createRpc>) {
  const seen: { type: keyof RpcEvents; payload: unknown }[] = [];
  for (const type of ['logged-out', 'rate-limited', 'renewed'] as const) rpc.on(type, (payload) => seen.push({ type, payload }));
  return seen;
}

let server: BuiltApp;
let baseUrl: string;
let clock = Date.parse('2026-11-22T12:00:00Z');
let names = 0;
const freshName = () => `rpc_player${++names}`;

beforeAll(async () => {
  server = await buildApp({ dataDir: ':memory:', staticDir: '/nonexistent', now: () => clock, rateLimit: { max: 0, windowMs: 60_000 }, connectLimit: CONNECT_UNLIMITED, startGrantWindowMs: 0 });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await server.close();
});

async function signedInClient() {
  const browser = browserFetch();
  const rpc = createRpc({ baseUrl, fetch: browser.fetch, renewDelayMs: 0 });
  await rpc.login(freshName(), 'secret-password');
  return { rpc, browser, events: recordEvents(rpc) };
}

describe('rpc client', () => {
  test('a call answers the result validated against its method', async () => {
    const { rpc } = await signedInClient();
    const account = await rpc.call('user.getUser');
    expect(account).toMatchObject({ user_wallet: { balance: 100_000 }, loaded: true });
  });

  test('an error envelope becomes an RpcError with code, message and method, and keeps the session', async () => {
    const { rpc, events } = await signedInClient();
    const failure = await rpc.call('user.getUser', { user_name: 'nobody_here' }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RpcError);
    expect(failure).toMatchObject({ code: NumericError.NOT_FOUND, message: 'User not found.', method: 'user.getUser' });
    expect(events).toEqual([]);
  });

  test('an expired access token is renewed once for all concurrent callers, then each call is retried', async () => {
    const { rpc, browser, events } = await signedInClient();
    clock += 901_000; // past the 900 s access-token life
    const [a, b, c] = await Promise.all([rpc.call('user.getUser'), rpc.call('wallet.getPaymentMethods'), rpc.call('connect.getSocketServer')]);
    expect(a).toMatchObject({ user_wallet: { balance: 100_000 } });
    expect(b.wallets[0]).toMatchObject({ currency: 'SFC', amount: 100_000 });
    expect(c.url).toBe('/ws');
    expect(browser.requests.filter((r) => r === 'POST /api/connect/renew')).toHaveLength(1);
    expect(events.map((e) => e.type)).toEqual(['renewed']);
  });

  test('a refused renewal (invalid_grant) fails the call and signs the player out', async () => {
    const { rpc, browser, events } = await signedInClient();
    browser.jar.set('refresh_token', 'not-a-live-refresh-token');
    clock += 901_000;
    const failure = await rpc.call('user.getUser').catch((e: unknown) => e);
    expect(failure).toMatchObject({ name: 'RpcError', code: NamedError.invalid_grant, method: 'connect.renew' });
    expect(events.map((e) => e.type)).toEqual(['logged-out']);
  });

  test('any other token message signs out at once, without a renewal', async () => {
    const { rpc, browser, events } = await signedInClient();
    browser.jar.set('access_token', 'forged.token.value');
    const failure = await rpc.call('wallet.getPaymentMethods').catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: NumericError.ACCESS_DENIED, message: 'jwt invalid' });
    expect(events).toEqual([{ type: 'logged-out', payload: { reason: 'jwt invalid' } }]);
    expect(browser.requests).not.toContain('POST /api/connect/renew');
  });

  test('logout everywhere on another device signs this browser out on its next call', async () => {
    const name = freshName();
    const here = createRpc({ baseUrl, fetch: browserFetch().fetch, renewDelayMs: 0 });
    const elsewhere = createRpc({ baseUrl, fetch: browserFetch().fetch, renewDelayMs: 0 });
    await here.login(name, 'secret-password');
    await elsewhere.login(name, 'secret-password');
    const events = recordEvents(here);
    await elsewhere.logout(true);
    const failure = await here.call('user.getUser').catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: NumericError.ACCESS_DENIED, message: 'jwt revoked' });
    expect(events).toEqual([{ type: 'logged-out', payload: { reason: 'jwt revoked' } }]);
  });

  test('calls with the same batch label go out as one batch.waterfall and settle one by one', async () => {
    const { rpc, browser } = await signedInClient();
    browser.requests.length = 0;
    const [wallet, account, missing] = await Promise.allSettled([
      rpc.call('wallet.getPaymentMethods', { currencies: ['SFC'] }, { batch: 'CORE' }),
      rpc.call('user.getUser', {}, { batch: 'CORE' }),
      rpc.call('user.getUser', { user_name: 'ghost_player' }, { batch: 'CORE' }),
    ]);
    expect(browser.requests).toEqual(['GET /api/method/batch.waterfall']);
    expect(wallet).toMatchObject({ status: 'fulfilled', value: { wallets: [{ currency: 'SFC' }] } });
    expect(account).toMatchObject({ status: 'fulfilled', value: { loaded: true } });
    expect(missing).toMatchObject({ status: 'rejected', reason: { code: NumericError.NOT_FOUND, method: 'user.getUser' } });
  });

  test('an answer that breaks the contract is an RpcContractError, not undefined later', async () => {
    const lying: typeof fetch = async () => Response.json({ response: { connect_token: 42 } });
    const rpc = createRpc({ fetch: lying });
    const failure = await rpc.call('connect.getSocketServer').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RpcContractError);
    expect((failure as RpcContractError).detail).toContain('connect_token');
  });

  test('an unreachable server is an RpcNetworkError', async () => {
    const rpc = createRpc({ baseUrl: 'http://127.0.0.1:9', renewDelayMs: 0 });
    await expect(rpc.call('user.getUser')).rejects.toBeInstanceOf(RpcNetworkError);
  });

  test('the client tells whether the arena answers: unknown, then each change once', async () => {
    let down = true;
    const rpc = createRpc({ baseUrl, fetch: (input, init) => (down ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init)) });
    const changes: boolean[] = [];
    rpc.on('reachable', (value) => changes.push(value));
    expect(rpc.reachable()).toBeNull();
    await expect(rpc.call('case.getCases')).rejects.toBeInstanceOf(RpcNetworkError);
    await expect(rpc.call('case.getCases')).rejects.toBeInstanceOf(RpcNetworkError);
    expect(rpc.reachable()).toBe(false);
    down = false;
    // An error envelope is an answer of the arena too.
    await expect(rpc.call('user.getUser', { user_name: 'nobody_here' })).rejects.toBeInstanceOf(RpcError);
    expect(rpc.reachable()).toBe(true);
    expect(changes).toEqual([false, true]);
  });
});

describe('rpc client against a rate limit', () => {
  let limited: BuiltApp;
  let limitedUrl: string;

  beforeAll(async () => {
    limited = await buildApp({ dataDir: ':memory:', staticDir: '/nonexistent', rateLimit: { max: 2, windowMs: 60_000 }, serverId: 'sim-test' });
    await limited.app.listen({ port: 0, host: '127.0.0.1' });
    const address = limited.app.server.address();
    limitedUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await limited.close();
  });

  test('HTTP 429 raises the rate-limited event with the server id and time', async () => {
    const rpc = createRpc({ baseUrl: limitedUrl });
    const events = recordEvents(rpc);
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => rpc.call('user.getUser', { user_name: 'anyone_here' })));
    const refused = outcomes.find((o) => o.status === 'rejected' && o.reason instanceof RpcRateLimitedError);
    expect(refused).toBeDefined();
    expect(events).toEqual([{ type: 'rate-limited', payload: expect.objectContaining({ error: 'rate_limited', server_id: 'sim-test', time: expect.any(Number) }) }]);
  });
});
