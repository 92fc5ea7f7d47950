/**
 * The chat's long-lived parts, one set per server: the flood guard, the online count and
 * the rain's clock.
 * docs/decisions/0016-chat-rules.md gives the numbers and why.
 */
import { operatorRoute } from '../../auth/sim-operator.ts';
import type { FastifyInstance } from 'fastify';
import { Rooms } from '../../../src/contract/index.ts';
import type { Db } from '../../db/database.ts';
import type { Services } from '../../rpc/context.ts';
import { createFloodGuard, type FloodGuard } from '../battles/flood.ts';
import { AppError } from '../../errors.ts';
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

/** The chat of one server. */
export interface ChatRuntime {
  flood: FloodGuard;
}

const started = new WeakMap<Db, ChatRuntime>();

/** The chat of a server. */
export function chatOf(services: Pick<Services, 'db'>): ChatRuntime {
  const chat = started.get(services.db);
  if (!chat) throw new Error('the chat domain is not started: buildApp calls registerChat');
  return chat;
}

/** Starts the chat: its flood guard, and the online count pushed to the CHAT room when it changes. */
export function registerChat(app: FastifyInstance, services: Services): void {
  started.set(services.db, { flood: createFloodGuard(CHAT_FLOOD) });
  let last = -1;
  let lastPot = -1;
  const timer = setInterval(() => {
    const online = services.hub.stats().connections;
    if (online !== last) services.hub.publish(Rooms.chat, 'CHAT_ONLINE', { online });
    last = online;
    // The pot grows with every wager; it is shown live but pushed at this pace, not per wager.
    const pot = services.ledger.balance(services.db, RAIN_HOUSE);
    if (pot !== lastPot) services.hub.publish(Rooms.chat, 'CHAT_RAIN_POT', { pot });
    lastPot = pot;
  }, ONLINE_EVERY_MS);
  const rainTimer = setInterval(() => {
    try {
      rainTick(services);
      stealTick(services);
    } catch (error) {
      app.log.error({ err: error }, 'rain step failed');
    }
  }, RAIN_TICK_MS);
  timer.unref();
  rainTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    clearInterval(rainTimer);
  });
  if (!services.config.simMode) return;
  // The sim console opens a rain now, so a developer (or a screenshot) need not wait 30 minutes.
  app.post('/api/sim/rain/start', operatorRoute(services.config), async () => {
    try {
      return { response: startRain(services) };
    } catch (error) {
      if (error instanceof AppError) return { error: { error_code: error.code, error_msg: error.message } };
      throw error;
    }
  });
  // And a split-or-steal game, for the same reason (20 minutes apart otherwise).
  // Body {winners}: 1 to 6 (document 2), 2 when absent.
  app.post('/api/sim/steal/start', operatorRoute(services.config), async (request, _reply) => {
    try {
      const winners = (request.body as { winners?: unknown } | undefined)?.winners;
      return { response: startSteal(services, winners === undefined ? {} : { winners: Number(winners) }) };
    } catch (error) {
      if (error instanceof AppError) return { error: { error_code: error.code, error_msg: error.message } };
      throw error;
    }
  });
}
