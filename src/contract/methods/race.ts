import { method } from '../define.ts';
import { PublicUser } from '../entities.ts';
import { int, paging, z } from '../wire.ts';

/** The race periods of /event/race/{period}. */
export const RacePeriod = z.enum(['daily', 'weekly', 'monthly']);

/** One place of a race leaderboard: cents wagered in the period and the prize of the place (cents). */
export const RacePlace = z.lazy(() => z.object({ place: z.number(), user: PublicUser, wagered: z.number(), prize: z.number() }));

/**
 * Race+ and the player's experience ledger. The spec shows the race's routes and the
 * manifest's countdown but not its calls; these are this server's (docs/decisions/0014).
 */
export const raceMethods = {
  'race.leaderboard': () => method({
    doc:
      'A wager race: the current period (or the one starting at `start`, ms, for a past one), its end, the prize of each place (cents), ' +
      'the top `count` places and the caller\'s own place. Points are cents wagered on games in the period, net of refunds.',
    access: 'public',
    input: z.object({
      period: z.optional(RacePeriod),
      start: z.optional(int().check(z.gte(0))),
      count: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
    }),
    output: z.object({
      period: RacePeriod,
      start: z.number(),
      end: z.number(),
      /** Seconds until the end, 0 once it has ended. */
      ends_in: z.number(),
      /** Whether the house has paid this period's places. */
      paid: z.boolean(),
      pool: z.number(),
      prizes: z.array(z.number()),
      players: z.number(),
      leaders: z.array(RacePlace),
      me: z.nullable(z.object({ place: z.number(), wagered: z.number(), prize: z.number() })),
    }),
  }),
  'account.experience': () => method({
    doc: "The player's experience ledger, newest first: each entry's signed amount, what earned it and when; `exp` is their sum.",
    access: 'user',
    input: z.object({ ...paging() }),
    output: z.object({
      exp: z.number(),
      level: z.number(),
      entries: z.array(z.object({ id: z.number(), amount: z.number(), source: z.string(), ref: z.nullable(z.string()), time: z.number() })),
    }),
  }),
};
