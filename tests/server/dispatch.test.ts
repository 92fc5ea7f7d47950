import { describe, expect, test } from 'vitest';
import { createAccessTokens } from '../../sim-server/auth/tokens.ts';
import { loadConfig, type Config } from '../../sim-server/config.ts';
import { openTestDb } from './test-db.ts';
import { createLedger } from '../../sim-server/db/ledger.ts';
import { findUserById } from '../../sim-server/kernel/users.ts';
import { createBattles } from '../../sim-server/domains/battles/runtime.ts';
import { createCaseCatalog } from '../../sim-server/domains/cases/catalog-store.ts';
import { createDispatcher } from '../../sim-server/rpc/dispatch.ts';
import type { Handlers, Services } from '../../sim-server/rpc/context.ts';
import { createHub } from '../../sim-server/socket/hub.ts';
import { serverBeaconChain } from '../../sim-server/world/beacon.ts';
import { createChatRuntime } from '../../sim-server/domains/chat/runtime.ts';
import { domainPorts } from '../../sim-server/domains/ports.ts';
import { RaceBoards } from '../../sim-server/domains/progression/race.ts';
import { createRadio } from '../../sim-server/domains/radio/runtime.ts';
import { createTimerOwner } from '../../sim-server/cluster/timers.ts';
import { startServer } from './harness.ts';

/** The real dispatcher, database and ledger, with handlers that misbehave on purpose. */
async function servicesWith(handlers: Handlers, overrides: Partial<Config> = {}) {
  const config = loadConfig({ dataDir: ':memory:', ...overrides });
  const db = await openTestDb();
  const hub = createHub({ now: Date.now });
  const ledger = createLedger({ now: Date.now });
  const beacon = serverBeaconChain(config);
  const catalog = createCaseCatalog(db);
  const timers = await createTimerOwner(() => db.tryLease('timers'), () => {});
  const battles = createBattles({ config, db, ledger, hub, beacon, catalog, broker: null, timers }, () => {});
  const services: Services = {
    config, db, ledger, hub, tokens: createAccessTokens(config.jwtSecret, config.accessTtl), beacon, catalog, battles,
    chat: createChatRuntime(), raceBoards: new RaceBoards(db), radio: createRadio(), broker: null, timers, ...domainPorts(),
  };
  await db.run("INSERT INTO users (id, name, display_name, created_at) VALUES (1, 'crash_victim', 'crash_victim', 0)");
  await db.transaction((tx) => ledger.transfer(tx, { from: { house: 'faucet' }, to: { user: 1 }, amount: 1_000, type: 'signup_bonus' }));
  const user = (await findUserById(db, 1))!;
  const errors: unknown[] = [];
  const dispatch = createDispatcher(services, handlers, { error: (obj) => errors.push(obj) });
  return { services, dispatch, caller: { user, sessionId: 1, ip: '127.0.0.1' }, errors };
}

describe('a method that fails', () => {
  test('an exception after a debit answers INTERNAL_ERROR 10 and rolls the debit back', async () => {
    const { services, dispatch, caller, errors } = await servicesWith({
      'wallet-vault.deposit': ({ amount }, ctx) =>
        ctx.moneyTx(async (tx) => {
          await ctx.ledger.transfer(tx, { from: { user: 1 }, to: { user: 1, purpose: 'vault' }, amount, type: 'vault_deposit' });
          throw new Error('disk on fire');
        }),
    });
    const answer = await dispatch('wallet-vault.deposit', { amount: '400', stamp: 'boom' }, caller);
    expect(answer).toEqual({ error: { error_code: 10, error_msg: 'Internal error' } });
    expect(await services.ledger.balance(services.db, { user: 1 })).toBe(1_000);
    expect(await services.ledger.balance(services.db, { user: 1, purpose: 'vault' })).toBe(0);
    // The failed request kept no idempotency record, so a retry runs again.
    expect((await services.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM idempotency'))!.n).toBe(0);
    expect(errors).toHaveLength(1);
  });

  test('an answer that breaks its contract is caught as INTERNAL_ERROR, not sent', async () => {
    const { dispatch, caller } = await servicesWith({ 'wallet-vault.info': () => ({ amount: 'lots', lock_time: 0 }) as never });
    expect(await dispatch('wallet-vault.info', {}, caller)).toEqual({ error: { error_code: 10, error_msg: 'Internal error' } });
  });

  test('sampled output checks (production): each method\'s first answer and then one in N is checked and logged, none refused', async () => {
    const bad = { amount: 'lots', lock_time: 0 };
    const { dispatch, caller, errors } = await servicesWith({ 'wallet-vault.info': () => bad as never }, { checkOutputs: 3 });
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await dispatch('wallet-vault.info', {}, caller));
    expect(answers).toEqual(Array.from({ length: 7 }, () => ({ response: bad })));
    // Calls 1, 4 and 7 were checked.
    expect(errors).toHaveLength(3);
    expect(errors[0]).toMatchObject({ method: 'wallet-vault.info' });
  });

  test('CHECK_OUTPUTS: every answer by default, 1 in 100 under NODE_ENV=production, as set when set', () => {
    expect(loadConfig({ dataDir: ':memory:' }, {}).checkOutputs).toBe(1);
    expect(loadConfig({ dataDir: ':memory:' }, { NODE_ENV: 'production' }).checkOutputs).toBe(100);
    expect(loadConfig({ dataDir: ':memory:' }, { NODE_ENV: 'production', CHECK_OUTPUTS: '1' }).checkOutputs).toBe(1);
    expect(loadConfig({ dataDir: ':memory:' }, { CHECK_OUTPUTS: '0' }).checkOutputs).toBe(0);
    expect(() => loadConfig({ dataDir: ':memory:' }, { CHECK_OUTPUTS: 'often' })).toThrow(/whole number/);
  });

  test('input is validated before the handler runs', async () => {
    let ran = false;
    const { dispatch, caller } = await servicesWith({ 'wallet-vault.deposit': () => { ran = true; return null as never; } });
    const answer = await dispatch('wallet-vault.deposit', {}, caller);
    expect(answer).toEqual({ error: { error_code: 16, error_msg: 'wallet-vault.deposit: amount: required' } });
    expect(ran).toBe(false);
  });
});

describe('oversized requests', () => {
  test('a body over 64 KiB and a query over 8 KiB are refused in the envelope; the server keeps serving', async () => {
    const server = await startServer();
    try {
      const player = await server.player('big_sender');
      const big = await player.request('/api/method/wallet-vault.deposit', {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 1, pad: 'x'.repeat(70_000) }),
      });
      expect(big.status).toBe(413);
      expect(big.body).toEqual({ error: { error_code: 16, error_msg: 'request body too large' } });
      const longQuery = await player.request(`/api/method/wallet-vault.deposit?amount=1&pad=${'x'.repeat(9_000)}`);
      expect(longQuery.body.error).toEqual({ error_code: 16, error_msg: 'query string longer than 8192 characters' });
      const badJson = await player.request('/api/method/wallet-vault.deposit', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"amount": ' });
      expect(badJson.body.error?.error_code).toBe(16);
      expect((await player.call('wallet-vault.info')).response).toEqual({ amount: 0, lock_time: 0 });
    } finally {
      await server.close();
    }
  });
});
