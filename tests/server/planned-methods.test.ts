import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Methods, type MethodDef } from '../../src/contract/index.ts';
import { DOMAINS } from '../../sim-server/domains/index.ts';
import { startServer, type TestServer } from './harness.ts';

/**
 * The contract tells live methods from planned ones (`planned: true` in src/contract/methods):
 * a live method has a handler in some domain, a planned one has none and answers NOT_IMPLEMENTED.
 * Implementing a method means writing its handler and removing its marker, together.
 */
const defs = Object.entries(Methods) as [string, MethodDef][];
const handled = new Set(DOMAINS.flatMap((domain) => Object.keys(domain.handlers)));
/** Served by the RPC layer itself (sim-server/rpc/routes.ts), not by a domain. */
const RPC_LAYER = new Set(['batch.waterfall']);
const planned = defs.filter(([, def]) => def.planned).map(([name]) => name);

describe('planned and live methods', () => {
  test('every live method has a handler', () => {
    const unhandled = defs.filter(([name, def]) => !def.planned && !handled.has(name) && !RPC_LAYER.has(name)).map(([name]) => name);
    expect(unhandled).toEqual([]);
  });

  test('no planned method has a handler', () => {
    expect(planned.length).toBeGreaterThan(0);
    expect(planned.filter((name) => handled.has(name))).toEqual([]);
  });

  describe('over HTTP', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(() => server.close());

    test('every planned method answers NOT_IMPLEMENTED to a signed-in player', async () => {
      const player = await server.player('planned_caller');
      const answers: Record<string, unknown> = {};
      for (const name of planned) answers[name] = (await player.call(name)).error;
      expect(answers).toEqual(Object.fromEntries(planned.map((name) => [name, { error_code: 'NOT_IMPLEMENTED', error_msg: `${name} is not available on this server yet` }])));
    });

    test('a live method answers something else', async () => {
      const player = await server.player('live_caller');
      expect((await player.call('wallet.getHistory')).error).toBeUndefined();
    });
  });
});
