import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Methods, z } from '../../src/contract/index.ts';
import { DOMAINS } from '../../sim-server/domains/index.ts';
import { startServer, type TestServer } from './harness.ts';

/** A public method without required input that no domain serves yet (the list shrinks as areas land). */
const unserved = Object.entries(Methods).find(
  ([name, def]) => def.access === 'public' && z.safeParse(def.input, {}).success && !DOMAINS.some((d) => name in d.handlers),
)?.[0];

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('the envelope', () => {
  test('a good call answers {response} with HTTP 200', async () => {
    const player = await server.player('envelope_ok');
    const { status, body } = await player.request('/api/method/wallet.getPaymentMethods?currencies=SFC');
    expect(status).toBe(200);
    expect(body).toEqual({ response: expect.objectContaining({ wallets: [{ currency: 'SFC', amount: 100_000, locked: 0 }] }) });
  });

  test('an unknown method answers INPUT_ERROR 16', async () => {
    expect((await server.client().call('nothing.here')).error).toEqual({ error_code: 16, error_msg: 'Unknown method nothing.here' });
  });

  test('a wrong-typed field answers INPUT_ERROR naming the field, and moves nothing', async () => {
    const player = await server.player('badinput_one');
    const answer = await player.call('wallet-vault.deposit', { amount: '12abc' });
    expect(answer.error?.error_code).toBe(16);
    expect(answer.error?.error_msg).toContain('amount');
    expect((await player.call('wallet-vault.info')).response).toEqual({ amount: 0, lock_time: 0 });
  });

  test.each([['0'], ['-5'], ['1.5'], ['1000001']])('a vault amount of %s cents is refused', async (amount) => {
    const player = await server.player(`amount_${['zero', 'negative', 'fraction', 'huge'][['0', '-5', '1.5', '1000001'].indexOf(amount)]}`);
    expect((await player.call('wallet-vault.deposit', { amount })).error?.error_code).toBe(16);
    expect((await player.call('user.getUser')).response).toMatchObject({ user_wallet: { balance: 100_000 } });
  });

  test('a method for players answers ACCESS_DENIED to a visitor', async () => {
    expect((await server.client().call('wallet.getHistory')).error).toEqual({ error_code: 15, error_msg: 'jwt must be provided' });
  });

  test.skipIf(unserved === undefined)('a method the contract names but the server does not serve yet says so clearly', async () => {
    const answer = await server.client().call(unserved!);
    expect(answer.error).toEqual({ error_code: 'NOT_IMPLEMENTED', error_msg: `${unserved} is not available on this server yet` });
  });

  test('POST with a JSON body takes the same shape as the query string', async () => {
    const player = await server.player('posting_player');
    expect((await player.post('wallet-vault.deposit', { amount: 250 })).response).toMatchObject({ amount: 250, balance: 99_750 });
    expect((await player.post('wallet-vault.deposit', { amount: 'lots' })).error?.error_code).toBe(16);
  });
});

describe('batch.waterfall', () => {
  test('answers each call in order, each in its own envelope', async () => {
    const player = await server.player('batching_one');
    const list = JSON.stringify(['wallet.getPaymentMethods?currencies=SFC,BTC', 'nope.method', 'wallet-vault.info', 'wallet-vault.deposit?amount=abc']);
    const answer = await player.call('batch.waterfall', { list });
    const items = answer.response as { response?: unknown; error?: { error_code: unknown } }[];
    expect(items).toHaveLength(4);
    expect(items[0]!.response).toBeDefined();
    expect(items[1]!.error?.error_code).toBe(16);
    expect(items[2]!.response).toEqual({ amount: 0, lock_time: 0 });
    expect(items[3]!.error?.error_code).toBe(16);
  });

  test('a POST body list works like the query list, and runs calls in order', async () => {
    const player = await server.player('batching_two');
    const answer = await player.post('batch.waterfall', { list: ['wallet-vault.deposit?amount=100', 'wallet-vault.info'] });
    expect((answer.response as { response: unknown }[])[1]!.response).toEqual({ amount: 100, lock_time: 0 });
  });

  test('a list that is not a JSON array, a nested batch, or too many calls are refused', async () => {
    const client = server.client();
    expect((await client.call('batch.waterfall', { list: 'a,b' })).error?.error_code).toBe(16);
    const nested = await client.call('batch.waterfall', { list: JSON.stringify(['batch.waterfall?list=[]']) });
    expect((nested.response as { error: { error_msg: string } }[])[0]!.error.error_msg).toMatch(/nested/);
    const many = await client.call('batch.waterfall', { list: JSON.stringify(Array.from({ length: 21 }, () => 'wallet-vault.info')) });
    expect(many.error?.error_msg).toMatch(/at most 20/);
  });
});

describe('rate limiting', () => {
  test('a flood gets HTTP 429 with the rate_limited body; another player is not affected', async () => {
    const limited = await startServer({ rateLimit: { max: 5, windowMs: 60_000 }, serverId: 'sim-test' });
    try {
      const flooder = await limited.player('flooding_one');
      const statuses: number[] = [];
      let last: Record<string, unknown> = {};
      for (let i = 0; i < 8; i++) {
        const { status, body } = await flooder.request('/api/method/wallet-vault.info');
        statuses.push(status);
        last = body;
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      expect(statuses.slice(5)).toEqual([429, 429, 429]);
      expect(last).toMatchObject({ error: 'rate_limited', server_id: 'sim-test', time: expect.any(Number), retry_after: expect.any(Number) });
      const calm = await limited.player('calm_player');
      expect((await calm.request('/api/method/wallet-vault.info')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
