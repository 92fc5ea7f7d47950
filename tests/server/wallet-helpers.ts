/** Shared steps of the wallet server tests: the sim providers' routes, a steppable clock, 2FA codes. */
import { afterAll, beforeAll, expect } from 'vitest';
import type { MethodResult, Payment, z } from '../../src/contract/index.ts';
import { base32Decode, totp } from '../../sim-server/auth/totp.ts';
import { ok, type Client } from './cases-helpers.ts';
import { operatorHeaders, startServer, type Answer, type TestServer } from './harness.ts';

export { balanceOf, ok, type Client } from './cases-helpers.ts';

/** A payment as the wire shows it. */
export type PaymentOut = z.output<typeof Payment>;

/** A clock the server reads through config.now; tests move it. Starts on a fixed UTC noon. */
export function testClock(start = Date.UTC(2026, 2, 10, 12, 0, 0)) {
  const clock = { at: start, now: () => clock.at, advance: (ms: number) => void (clock.at += ms) };
  return clock;
}

/** The sim-server of one test file, on a test clock: started before its tests, closed after them. */
export function walletServer() {
  const clock = testClock();
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer({ now: clock.now });
  });
  afterAll(() => server?.close());
  return {
    clock,
    get server(): TestServer {
      if (!server) throw new Error('the server starts in beforeAll');
      return server;
    },
  };
}

/** POSTs JSON to a sim route as the operator (the key printed at start) and answers the envelope. */
export async function simPost(client: Client, path: string, body: unknown = {}): Promise<Answer> {
  const headers = { 'content-type': 'application/json', ...operatorHeaders(client) };
  const { body: answer } = await client.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
  return answer;
}

/** POSTs to a sim route and answers its response; an error envelope throws. */
export async function sim<T>(client: Client, path: string, body: unknown = {}): Promise<T> {
  const answer = await simPost(client, path, body);
  if (!('response' in answer)) throw new Error(`${path} failed: ${JSON.stringify(answer)}`);
  return answer.response as T;
}

/** Lets the providers act on the current clock. */
export const tick = (client: Client) => sim<{ changed: number }>(client, '/api/sim/payments/tick');

/** Sends crypto to a deposit address as the outside world would. */
export const transfer = (client: Client, body: { address: string; amount: string; flagged?: boolean; tx_hash?: string }) =>
  sim<{ payment: PaymentOut }>(client, '/api/sim/crypto/transfers', body).then((r) => r.payment);

/** The player's deposit address of a currency. */
export async function depositAddress(client: Client, currency: 'btc' | 'eth' | 'ltc' | 'usdt' | 'usdc'): Promise<string> {
  const invoice = await ok(client, 'wallet.cryptoInvoice', { currency, provider: 'crypto' });
  if (!invoice.success) throw new Error(invoice.message);
  return invoice.address;
}

/** Mints a wallet gift code worth `coins` in the sim console. */
export const walletCode = (client: Client, coins: string, method?: string) =>
  sim<{ code: string }>(client, '/api/sim/gift-codes', { kind: 'wallet', coins, method }).then((r) => r.code);

/** The code an authenticator app shows for a base32 secret at a moment. */
export function codeAt(secret: string, ms: number): string {
  return totp(base32Decode(secret)!, ms);
}

/** Sets up and enables 2FA the way a player does with an app; answers the secret. */
export async function enableSecure(client: Client, now: number): Promise<string> {
  const setup = await ok(client, 'account.secure-setup');
  await ok(client, 'account.secure-enable', { code: codeAt(setup.secret, now) });
  return setup.secret;
}

/** The player's payments, newest first. */
export async function paymentsOf(client: Client, params: Record<string, string | number> = {}): Promise<MethodResult<'wallet.getPayments'>> {
  return ok(client, 'wallet.getPayments', params);
}

/** The player's latest history entry. */
export async function lastEntry(client: Client) {
  const { actions } = await ok(client, 'wallet.getHistory', { count: 1 });
  return actions[0]!;
}

/** Asserts the ledger's invariants: every balance matches its entries, accounts hold deposits minus withdrawals. */
export async function expectLedgerOk(server: TestServer): Promise<void> {
  const check = await server.services.ledger.check(server.services.db);
  expect(check.problems).toEqual([]);
  expect(check.ok).toBe(true);
}
