/**
 * The chat's long-lived parts, one set per server: the flood guard, the online count and
 * the rain's clock.
 * docs/decisions/0016-chat-rules.md gives the numbers and why.
 */
import { operatorRoute } from '../../auth/sim-operator.ts';
import type { FastifyInstance } from 'fastify';
import { NumericError, Rooms, z } from '../../../src/contract/index.ts';
import { AppError } from '../../errors.ts';
import { answer, parseBody } from '../../rpc/console-http.ts';
import type { Services } from '../../rpc/context.ts';
import type { Broker } from '../../cluster/broker.ts';
import { everyOwned } from '../../cluster/timers.ts';
import { findUserByName } from '../../kernel/users.ts';
import { createFloodGuard, type FloodGuard } from '../../kernel/flood.ts';
import { simulatedOnline } from '../../world/population-count.ts';
import { RAIN_HOUSE, rainTick, startRain } from './rain.ts';
import { startSteal, stealTick } from './steal.ts';

/** The send delay of ordinary players; staff have none. */
export const SEND_DELAY_MS = 3_000;
/** Flood: at most this many messages in the window, whoever sends them. */
export const CHAT_FLOOD = { max: 5, windowMs: 20_000 } as const;
/** Spam: the same text again within this window is refused. */
export const REPEAT_WINDOW_MS = 60_000;
/** How often the rain's schedule is looked at. */
const RAIN_TICK_MS = 1_000;
/** How often the online count is looked at (and sent when it changed). */
const ONLINE_EVERY_MS = 5_000;

const ScopeBody = z.object({ name: z.string(), scope: z.int().check(z.gte(0), z.lte(5)) });

/** The chat of one server. */
export interface ChatRuntime {
  flood: FloodGuard;
  /**
   * Runs the rain's and the steal's steps one at a time: each reads, then acts in a
   * transaction, and the clock's step, the console's and a test's may now meet while one waits
   * for the database.
   */
  oneStep<T>(step: () => Promise<T>): Promise<T>;
}

/** The chat of one server, built by buildApp and handed around in Services. */
export function createChatRuntime(broker?: Pick<Broker, 'flood'> | null): ChatRuntime {
  let last: Promise<unknown> = Promise.resolve();
  return {
    flood: createFloodGuard(CHAT_FLOOD, broker ? { name: 'chat', flood: broker.flood.bind(broker) } : undefined),
    oneStep: (step) => {
      const next = last.then(step, step);
      last = next.catch(() => {});
      return next;
    },
  };
}

/** Starts the chat: the online count pushed to the CHAT room when it changes, the rain's and the steal's clocks. */
export async function registerChat(app: FastifyInstance, services: Services): Promise<void> {
  let last = -1;
  let lastSimulated = -1;
  let lastPot = -1;
  // One process pushes the count (summed over every process) and the pot, not each of them.
  await everyOwned(app, services.timers, 'chat online count', ONLINE_EVERY_MS, async () => {
    const online = services.hub.stats().connections;
    const simulated = simulatedOnline();
    if (online !== last || simulated !== lastSimulated) services.hub.publish(Rooms.chat, 'CHAT_ONLINE', { online, simulated });
    last = online;
    lastSimulated = simulated;
    // The pot grows with every wager; it is shown live but pushed at this pace, not per wager.
    // A database that went away (PostgreSQL) skips this push; the next one reads again.
    let pot: number;
    try {
      pot = await services.ledger.balance(services.db, RAIN_HOUSE);
    } catch {
      return;
    }
    if (pot !== lastPot) services.hub.publish(Rooms.chat, 'CHAT_RAIN_POT', { pot });
    lastPot = pot;
  });
  await everyOwned(app, services.timers, 'rain step', RAIN_TICK_MS, async () => {
    await rainTick(services);
    await stealTick(services);
  });
  if (!services.config.simMode) return;
  // The sim console opens a rain now, so a developer (or a screenshot) need not wait 30 minutes.
  app.post('/api/sim/rain/start', operatorRoute(services.config), async () => answer(() => startRain(services)));
  // And a split-or-steal game, for the same reason (20 minutes apart otherwise).
  // Body {winners, anonymous}: 1 to 6 winners (document 2), 2 when absent; anonymous hides the draw until the close.
  app.post('/api/sim/steal/start', operatorRoute(services.config), async (request, _reply) => {
    const body = request.body as { winners?: unknown; anonymous?: unknown } | undefined;
    const anonymous = body?.anonymous === true || body?.anonymous === 'true' || body?.anonymous === '1' || body?.anonymous === 1;
    return answer(() => startSteal(services, { ...(body?.winners === undefined ? {} : { winners: Number(body.winners) }), anonymous }));
  });
  // A player's chat scope (document 2 section 6: 0 player to 5 owner), so staff and admin
  // screens (moderation, "Need to wager" tips) can be tried without a database console.
  app.post('/api/sim/chat/scope', operatorRoute(services.config), async (request, _reply) =>
    answer(async () => {
      const body = parseBody(ScopeBody, request.body);
      const user = await findUserByName(services.db, body.name) ?? (() => { throw new AppError(NumericError.NOT_FOUND, 'User not found.'); })();
      await services.db.transaction((tx) => tx.run('UPDATE users SET scope = ? WHERE id = ?', body.scope, user.id));
      return { name: user.name, scope: body.scope };
    }),
  );
}

// This domain's long-lived part on the server's Services (the RPC layer names no domain: docs/design.md section 3).
declare module '../../rpc/context.ts' {
  interface DomainRuntimes {
    /** The chat's flood guard. */
    chat: ChatRuntime;
  }
}
