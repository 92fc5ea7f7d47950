/**
 * The battles domain's long-lived parts, one set per server: the runner and its timer, the
 * state cache, the bots and the flood guards. buildApp makes them (createBattles) and passes
 * them in Services; the domain's register starts them (startBattles), resuming every battle in
 * play from its stored state, so a restart loses none. The beacon and the case catalog are
 * the server's own services, read here, not owned.
 */
import type { FastifyInstance } from 'fastify';
import { toHash } from '../../../src/core/index.ts';
import type { Services } from '../../rpc/context.ts';
import { ensureBots } from '../../world/bots.ts';
import { advanceBattle, type BattleDeps } from './apply.ts';
import { createFloodGuard, type FloodGuard } from '../../kernel/flood.ts';
import { MESSAGE_FLOOD, REACTION_FLOOD } from './flood.ts';
import { createBattleRunner, type BattleRunner } from './runner.ts';
import { battleById, battlesInPlay, createStateCache } from './store.ts';

/** The battles domain of one server (tests reach the runner here: `server.services.battles.runner.tick()`). */
export interface Battles {
  deps: BattleDeps;
  runner: BattleRunner;
  /** Bot player ids (user hashes); filled when the domain starts. */
  bots: string[];
  flood: { messages: FloodGuard; reactions: FloodGuard };
}

/** What the battles need from the server. */
export type BattleServices = Pick<Services, 'config' | 'db' | 'ledger' | 'hub' | 'beacon' | 'catalog' | 'broker' | 'timers'>;

/** With several processes, the clock owner also looks for battles in play this often (a wake sent through Redis may be lost with it). */
const RESCAN_MS = 5_000;

/** Makes the battles of a server without starting anything; `onError` reports a failed step. */
export function createBattles(services: BattleServices, onError: (id: number, error: unknown) => void): Battles {
  const { db, config, ledger, hub, beacon, catalog, broker, timers } = services;
  const deps: BattleDeps = {
    ledger,
    hub,
    beacon,
    // Other processes write battles too: a cached state is used only while the row still holds it.
    states: createStateCache(undefined, broker !== null || Boolean(config.databaseUrl)),
    catalog: () => catalog.view(),
    schedule: (id, wakeAt) => {
      runner.schedule(id, wakeAt);
      // A battle changed here while another process owns the clocks: that one must know its wake.
      if (broker && !timers.owned()) broker.announce({ kind: 'wake', battle: id, at: wakeAt });
    },
  };
  const runner = createBattleRunner({
    now: config.now,
    step: (id, now) =>
      db.transaction(async (tx) => {
        const row = await battleById(tx, id);
        if (!row) {
          deps.schedule(id, null);
          return;
        }
        await advanceBattle(deps, tx, row, now);
      }),
    onError,
  });
  // With several processes the guards count in Redis, so a player cannot flood by spreading over them.
  const shared = (name: string) => (broker ? { name, flood: broker.flood.bind(broker) } : undefined);
  return {
    deps, runner, bots: [],
    flood: { messages: createFloodGuard(MESSAGE_FLOOD, shared('battle-message')), reactions: createFloodGuard(REACTION_FLOOD, shared('battle-reaction')) },
  };
}

/** Starts the battles: bots, then the runner (stopped when the app closes) with every battle in play. */
export async function startBattles(app: FastifyInstance, services: Services): Promise<void> {
  const { db, config, battles, broker, timers } = services;
  battles.bots.splice(0, battles.bots.length, ...(await ensureBots(db, config.now())).map(toHash));
  // Every battle in play resumes from its stored state: at start, and in the process that takes
  // the clocks over from one that died (the same recovery: nothing else knows where it stopped).
  const resume = async () => {
    for (const { id, wake_at } of await battlesInPlay(db)) battles.runner.schedule(id, wake_at ?? config.now());
  };
  let rescan: NodeJS.Timeout | undefined;
  await timers.whenOwned(
    async () => {
      await resume();
      battles.runner.start();
      if (broker) {
        rescan = setInterval(() => void resume().catch((error: unknown) => app.log.error({ err: error }, 'battles: the rescan failed')), RESCAN_MS);
        rescan.unref();
      }
    },
    () => {
      clearInterval(rescan);
      battles.runner.stop();
    },
  );
  broker?.onControl((message) => {
    if (message.kind === 'wake' && timers.owned()) battles.runner.schedule(message.battle, message.at);
  });
  app.addHook('onClose', async () => {
    clearInterval(rescan);
    battles.runner.stop();
  });
}

/** Logs a failed step with its battle's hash. */
export function battleErrorLogger(log: FastifyInstance['log']): (id: number, error: unknown) => void {
  return (id, error) => log.error({ err: error, battle: toHash(id) }, 'battle step failed');
}

// This domain's long-lived part on the server's Services (the RPC layer names no domain: docs/design.md section 3).
declare module '../../rpc/context.ts' {
  interface DomainRuntimes {
    /** The battles' runner, state cache, bots and flood guards. */
    battles: Battles;
  }
}
