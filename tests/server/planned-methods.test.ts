import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Methods, type MethodDef } from '../../src/contract/index.ts';
import { DOMAINS } from '../../sim-server/domains/index.ts';
import { operatorHeaders, startServer, type TestServer } from './harness.ts';

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
    expect(planned.filter((name) => handled.has(name))).toEqual([]);
  });

  test('every method of the spec is live: none is planned any more (account.preloadAvatar was the last)', () => {
    expect(planned).toEqual([]);
    expect(handled.has('account.preloadAvatar')).toBe(true);
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

    test('account.preloadAvatar answers the upload terms: refused without a card, allowed with a right; a visitor is refused', async () => {
      const player = await server.player('preload_pia');
      const before = await player.call('account.preloadAvatar');
      expect(before.response).toEqual({
        avatar: null, allowed: false, rights: 0, cards: 0, message: "You don't have any cards for changing the avatar.",
        types: ['image/png', 'image/jpeg', 'image/gif'], max_bytes: 2 * 1024 * 1024, max_side: 2048,
      });
      const me = (await player.call('user.getUser')).response as { user: { hash: string } };
      const granted = await player.request('/api/sim/customize/grant', {
        method: 'POST', headers: { 'content-type': 'application/json', ...operatorHeaders(player) }, body: JSON.stringify({ user: me.user.hash, kind: 'avatar' }),
      });
      expect(granted.body.error).toBeUndefined();
      expect((await player.call('account.preloadAvatar')).response).toMatchObject({ allowed: true, rights: 1, cards: 0, message: null });
      expect((await server.client().call('account.preloadAvatar')).error).toMatchObject({ error_code: 15 });
    });

    test('a live method answers something else', async () => {
      const player = await server.player('live_caller');
      expect((await player.call('wallet.getHistory')).error).toBeUndefined();
    });
  });
});
