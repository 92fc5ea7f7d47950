// The fairness worker's API across a real Comlink boundary (a MessageChannel: what crosses must
// survive structured cloning) and the page-side client's lifecycle. The bundled worker itself
// runs in Chromium in tests/e2e/gfx-roulette.spec.ts.
import * as Comlink from 'comlink';
import { afterEach, describe, expect, test } from 'vitest';
import { fairTicket } from '../../src/core/fair-ticket.ts';
import { fairnessApi, type FairnessApi } from '../../workers/fairness-api.ts';
import { fairnessWorker, modalTicket, poolSummary, replayGame, setFairnessWorkerFactory, simulateOpenings, stopFairnessWorker, verifyTickets } from '../../workers/fairness-client.ts';
import { craftBattle, craftUnbox, variedSlots } from './replay-fixtures.ts';

/** A Worker stand-in: the API exposed on one end of a channel, the other end handed to the client. */
function channelWorker(): Worker & { terminated: boolean } {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(fairnessApi, port1 as unknown as Comlink.Endpoint);
  const fake = Object.assign(port2, {
    terminated: false,
    terminate() {
      fake.terminated = true;
      port1.close();
      port2.close();
    },
    onmessageerror: null,
    onerror: null,
  });
  return fake as unknown as Worker & { terminated: boolean };
}

const started: (Worker & { terminated: boolean })[] = [];

afterEach(() => {
  setFairnessWorkerFactory(null);
  started.length = 0;
});

function useChannelWorkers() {
  setFairnessWorkerFactory(() => {
    const worker = channelWorker();
    started.push(worker);
    return worker;
  });
}

describe('the fairness worker API over Comlink', () => {
  test('a batch check crosses the boundary with its timing and engine', async () => {
    useChannelWorkers();
    const batch = Array.from({ length: 500 }, (_, nonce) => ({ key: 'server seed', client_seed: 'client seed', nonce, max: 100_000, ticket: fairTicket('server seed', 'client seed', nonce) }));
    batch[42] = { ...batch[42]!, ticket: batch[42]!.ticket === 1 ? 2 : 1 };
    const noble = await verifyTickets(batch);
    expect(noble).toMatchObject({ ok: false, checked: 500, engine: 'noble', mismatches: [{ index: 42 }] });
    expect(noble.ms).toBeGreaterThanOrEqual(0);
    const webcrypto = await verifyTickets(batch, 'webcrypto');
    expect({ ...webcrypto, ms: 0 }).toEqual({ ...noble, ms: 0, engine: 'webcrypto' });
  });

  test('a game replay, the modal ticket and the pool math answer plain data', async () => {
    useChannelWorkers();
    const battle = await replayGame(craftBattle({ seats: 3, rounds: 5, options: { kings: 2 } }));
    expect(battle).toMatchObject({ ok: true, complete: true, kind: 'battle' });
    const unbox = await replayGame(craftUnbox(5));
    expect(unbox).toMatchObject({ ok: true, complete: true, kind: 'unbox' });
    expect(await modalTicket({ key: 'server seed', clientSeed: 'client seed', nonce: '' })).toEqual({ ticket: null, digits: '00000' });
    expect(await modalTicket({ key: 'server seed', clientSeed: 'client seed', nonce: '0' })).toEqual({ ticket: 30193, digits: '30193' });

    const pool = variedSlots().map(({ item, range }) => ({ hash: item.hash, price: item.price, range }));
    const summary = await poolSummary(pool, { above: 10_000, openings: 10 });
    expect(summary.odds).toEqual([0.005, 0.025, 0.12, 0.3, 0.55]);
    expect(summary.spread).toEqual({ min: 90, max: 90_000, median: 90 });
    expect(summary.above).toMatchObject({ price: 10_000, openings: 10 });
    expect(summary.above!.perOpening).toBeCloseTo(0.03, 12);
    expect(summary.above!.atLeastOne).toBeCloseTo(1 - 0.97 ** 10, 12);
    expect(await poolSummary(pool)).toMatchObject({ above: null });

    const a = await simulateOpenings(pool, 200, 7);
    const b = await simulateOpenings(pool, 200, 7);
    expect(a).toEqual(b);
    expect(a.drops).toHaveLength(200);
    expect(a.drops[0]).toHaveProperty('hash');
  });

  test('regression: a pool whose odds add up a hair above 1 never shows a chance above 100%', async () => {
    useChannelWorkers();
    // Float sums of these ranges / 100000 come to 1.0000000000000002.
    const bounds = [0, 22_298, 34_738, 68_138, 95_660, 100_000];
    const pool = bounds.slice(1).map((to, i) => ({ price: 10 + i, range: [bounds[i]! + 1, to] as [number, number] }));
    const summary = await poolSummary(pool, { above: 0, openings: 1 });
    expect(summary.above!.perOpening).toBeLessThanOrEqual(1);
    expect(summary.above!.atLeastOne).toBeLessThanOrEqual(1);
    expect((await poolSummary(pool, { above: 0, openings: 2 })).above!.atLeastOne).toBeGreaterThanOrEqual(summary.above!.atLeastOne);
  });

  test('one worker serves the whole session; stopping it lets the next call start a fresh one', async () => {
    useChannelWorkers();
    expect(started).toHaveLength(0);
    const remote = fairnessWorker();
    expect(fairnessWorker()).toBe(remote);
    await Promise.all([verifyTickets([]), modalTicket({ key: 'k', clientSeed: 'c', nonce: 1 }), replayGame(craftUnbox(1))]);
    expect(started).toHaveLength(1);
    stopFairnessWorker();
    expect(started[0]!.terminated).toBe(true);
    await verifyTickets([]);
    expect(started).toHaveLength(2);
  });

  test('a call waiting on a worker that fails to start is refused, and the next call starts another', async () => {
    let made = 0;
    setFairnessWorkerFactory(() => {
      made += 1;
      // A worker whose script never loads: it takes messages, answers none, then reports an error.
      const failing = Object.assign(new EventTarget(), { postMessage() {}, terminate() {}, onmessage: null, onerror: null, onmessageerror: null });
      setTimeout(() => failing.dispatchEvent(new Event('error')), 0);
      return failing as unknown as Worker;
    });
    await expect(poolSummary([])).rejects.toThrow('the fairness worker failed to start');
    await expect(modalTicket({ key: 'k', clientSeed: 'c', nonce: 1 })).rejects.toThrow('the fairness worker failed to start');
    expect(made).toBe(2);
  });

  test('the API type is what Comlink wraps: every method answers a promise', async () => {
    const { port1, port2 } = new MessageChannel();
    Comlink.expose(fairnessApi, port1 as unknown as Comlink.Endpoint);
    const remote = Comlink.wrap<FairnessApi>(port2 as unknown as Comlink.Endpoint);
    const answer = remote.modalTicket({ key: 'server seed', clientSeed: 'client seed', nonce: 2 });
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toEqual({ ticket: 4979, digits: '04979' });
    remote[Comlink.releaseProxy]();
    port1.close();
    port2.close();
    stopFairnessWorker();
  });
});
