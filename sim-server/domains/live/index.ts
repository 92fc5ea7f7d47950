/**
 * The arena's live side (docs/decisions/0050): the counts and figures pushed as they change
 * (LOBBY_ONLINE, ONLINE to each watched game, ARENA_STATISTICS) and the house's scheduled chat
 * messages (the discord promo and the item spotlight, origin system). Everything here runs on
 * the clock owner only, so a cluster sends each once.
 */
import type { FastifyInstance } from 'fastify';
import { Rooms } from '../../../src/contract/index.ts';
import { everyOwned } from '../../cluster/timers.ts';
import type { Domain, Services } from '../../rpc/context.ts';
import { simulatedOnline } from '../../world/population-count.ts';
import { arenaStatistics, createDayFigures } from './figures.ts';
import { postHouseMessage } from './house-posts.ts';

/** How often the counts are looked at (and pushed when they changed). */
export const ONLINE_EVERY_MS = 5_000;
/** How often the arena's figures are looked at (and pushed when they changed). */
export const STATISTICS_EVERY_MS = 10_000;
/** The house speaks in the chat this often: the discord promo and the item spotlight in turn. */
export const HOUSE_POST_EVERY_MS = 30 * 60_000;

async function registerLive(app: FastifyInstance, services: Services): Promise<void> {
  const { hub, timers } = services;
  let lastOnline = '';
  const watching = new Map<string, number>();
  let lastFigures = '';
  const day = createDayFigures(services.db);
  let housePosts = 0;
  await everyOwned(app, timers, 'online counts', ONLINE_EVERY_MS, () => {
    const counts = { online: hub.stats().connections, simulated: simulatedOnline() };
    const key = `${counts.online}/${counts.simulated}`;
    if (key !== lastOnline) hub.publish(Rooms.lobby, 'LOBBY_ONLINE', counts);
    lastOnline = key;
    // Each watched game's page shows how many watch it.
    const rooms = new Set(hub.roomsWithMembers('ARENA_GAME['));
    for (const room of rooms) {
      const count = hub.memberCount(room);
      if (watching.get(room) !== count) hub.publish(room, 'ONLINE', { room, online: count });
      watching.set(room, count);
    }
    for (const room of watching.keys()) if (!rooms.has(room)) watching.delete(room);
  });

  // First one period after start: the figures read the case catalog, which a process loads on its first request.
  await everyOwned(app, timers, 'arena statistics', STATISTICS_EVERY_MS, async () => {
    const stats = await arenaStatistics(services, day);
    const key = JSON.stringify({ ...stats, time: 0 });
    if (key !== lastFigures) hub.publish(Rooms.lobby, 'ARENA_STATISTICS', stats);
    lastFigures = key;
  }, { atStart: false });

  await everyOwned(app, timers, 'house chat post', HOUSE_POST_EVERY_MS, async () => {
    await postHouseMessage(services, housePosts % 2 === 0 ? 'discord' : 'item');
    housePosts += 1;
  }, { atStart: false });
}

export const live: Domain = { handlers: {}, register: registerLive };
