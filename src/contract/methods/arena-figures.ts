/**
 * The arena's live figures (docs/decisions/0050): who is on line and what was played today.
 * arena.statistics answers them and LOBBY_ONLINE / ARENA_STATISTICS push them to LOBBY.
 */
import { Item, PublicUser } from '../entities.ts';
import { z } from '../wire.ts';

/**
 * Who is on line: `online` counts real sockets (on every process); `simulated` counts, apart,
 * the sim population's players on line now (0 outside the sim). The client shows both:
 * "14 online, 40 simulated".
 */
export const OnlineCount = z.lazy(() => z.object({ online: z.number(), simulated: z.number() }));

/** The day's biggest drop (a case opened or a battle's round): the item, its value in cents, who dropped it and where. */
export const BiggestDrop = z.lazy(() => z.object({
  item: Item,
  /** Cents: the item's price. */
  value: z.number(),
  user: PublicUser,
  /** The game's page: /battle/{hash} for a battle, the case's page for a case opened. */
  game_path: z.string(),
  game_type: z.enum(['battle', 'unbox']),
  time: z.number(),
}));

/** What was played since the start of the UTC day. */
export const ArenaToday = z.lazy(() => z.object({
  /** UTC midnight the figures count from (ms). */
  since: z.number(),
  /** Games started today: battles created, unbox games bought, chicken games and dice rolls. */
  games: z.number(),
  battles: z.number(),
  cases_opened: z.number(),
  biggest_drop: z.nullable(BiggestDrop),
}));

/** arena.statistics' answer, and the ARENA_STATISTICS payload. */
export const ArenaStatistics = z.lazy(() => z.object({
  online: z.number(),
  simulated: z.number(),
  games: z.object({ waiting: z.number(), running: z.number(), finished: z.number() }),
  pot_total: z.number(),
  top_pot: z.nullable(z.object({ hash: z.string(), pot: z.number() })),
  today: ArenaToday,
  time: z.number(),
}));
