/**
 * The battles domain's long-lived parts, one set per server (per database handle): the beacon
 * chain, the runner and its timer, the state cache, the bots and the flood guards. Start-up
 * resumes every battle in play from its stored state, so a restart loses none.
 *
 * The beacon chain's seed is derived from the server's secret (config.jwtSecret, kept in
 * DATA_DIR): it stays secret, survives restarts, and a test that passes a fixed jwtSecret and a
 * fixed clock gets the same blocks every run.
 */
import type { FastifyInstance } from 'fastify';
import { hmacSha256Hex, toHash } from '../../../src/core/index.ts';
import type { Db } from '../../db/database.ts';
import type { Services } from '../../rpc/context.ts';
import { createBeaconChain, type BeaconChain } from '../../world/beacon.ts';
import { ensureBots } from '../../world/bots.ts';
import { catalogOf } from '../cases/catalog-store.ts';
import { advanceBattle, type BattleDeps } from './apply.ts';
import { createFloodGuard, MESSAGE_FLOOD, REACTION_FLOOD, type FloodGuard } from './flood.ts';
import { createBattleRunner, type BattleRunner } from './runner.ts';
import { battleById, battlesInPlay, createStateCache } from './store.ts';

/** The battles domain of one server. */
export interface Battles {
  deps: BattleDeps;
  runner: BattleRunner;
  beacon: BeaconChain;
  /** Bot player ids (user hashes). */
  bots: string[];
  flood: { messages: FloodGuard; reactions: FloodGuard };
}

const started = new WeakMap<Db, Battles>();

/** The battles domain of a server (tests reach the runner here: `battlesOf(server.services).runner.tick()`). */
export function battlesOf(services: Pick<Services, 'db'>): Battles {
  const battles = started.get(services.db);
  if (!battles) throw new Error('the battles domain is not started: buildApp calls registerBattles');
  return battles;
}

/** Starts the battles domain: bots, beacon, runner (stopped when the app closes), and resumes battles in play. */
export function registerBattles(app: FastifyInstance, services: Services): Battles {
  const { db, config, ledger, hub } = services;
  const beacon = createBeaconChain({ seed: hmacSha256Hex(Buffer.from(config.jwtSecret).toString('hex'), 'beacon-chain'), now: config.now });
  const deps: BattleDeps = {
    ledger,
    hub,
    beacon,
    states: createStateCache(),
    catalog: () => catalogOf(db),
    schedule: (id, wakeAt) => runner.schedule(id, wakeAt),
  };
  const runner = createBattleRunner({
    now: config.now,
    step: (id, now) =>
      db.transaction((tx) => {
        const row = battleById(tx, id);
        if (!row) return deps.schedule(id, null);
        advanceBattle(deps, tx, row, now);
      }),
    onError: (id, error) => app.log.error({ err: error, battle: toHash(id) }, 'battle step failed'),
  });
  const battles: Battles = {
    deps,
    runner,
    beacon,
    bots: ensureBots(db, config.now()).map(toHash),
    flood: { messages: createFloodGuard(MESSAGE_FLOOD), reactions: createFloodGuard(REACTION_FLOOD) },
  };
  for (const { id, wake_at } of battlesInPlay(db)) runner.schedule(id, wake_at ?? config.now());
  runner.start();
  app.addHook('onClose', async () => runner.stop());
  started.set(db, battles);
  return battles;
}
