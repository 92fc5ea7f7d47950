import { method } from '../define.ts';
import { int, stamp, z } from '../wire.ts';

/** Level rewards of /rewards: the spec shows the page, not its calls; these are this server's (docs/decisions/0014). */
export const rewardMethods = {
  'rewards.levels': method({
    doc: "The level rewards: each level's coins (cents) and whether the player reached and claimed it; the player's level and exp.",
    access: 'user',
    input: z.object({}),
    output: z.object({
      level: z.number(),
      exp: z.number(),
      rewards: z.array(z.object({ level: z.number(), amount: z.number(), reached: z.boolean(), claimed: z.boolean() })),
    }),
  }),
  'rewards.claim': method({
    doc: 'Claims the reward of a level reached, paid once by the house through the ledger; a level not reached or claimed before answers INVALID_DATA and moves nothing.',
    access: 'user',
    money: true,
    input: z.object({ level: int().check(z.gte(2), z.lte(130)), stamp: stamp() }),
    output: z.object({ success: z.boolean(), amount: z.number(), balance: z.number() }),
  }),
};
