import { Card } from '../entities.ts';
import { method } from '../define.ts';
import { built, int, stamp, z } from '../wire.ts';

/** The case a level reward's card or a key opens. */
const RewardCase = z.lazy(() => z.object({ hash: z.string(), key: z.string(), name: z.string(), price: z.number(), image: z.string() }));
/** Community keys of one case id (document 1 section 3 'Account data': community_keys per batch with a count). */
const CommunityKey = z.lazy(() => z.object({ id: z.string(), count: z.number() }));

/** Level rewards of /rewards: the spec shows the page, not its calls; these are this server's (docs/decisions/0033). */
export const rewardMethods = {
  'rewards.levels': () => method({
    doc:
      "The level rewards: each level's value (cents), the free case its card opens, the keys of that case beside it, and whether the player reached and claimed it; " +
      "the player's level and exp, and the community keys held (each opens one case of its id).",
    access: 'user',
    input: z.object({}),
    output: z.object({
      level: z.number(),
      exp: z.number(),
      rewards: z.array(z.object({ level: z.number(), value: z.number(), case: z.nullable(RewardCase), keys: z.number(), reached: z.boolean(), claimed: z.boolean() })),
      keys: z.array(z.extend(built(CommunityKey), { box: z.nullable(RewardCase) })),
    }),
  }),
  'rewards.claim': () => method({
    doc:
      "Claims the reward of a level reached, once: a free case card in the inventory (the dearest open case within the level's value) and, for a value beyond one case, community keys of that case. " +
      'A level not reached or claimed before answers INVALID_DATA and changes nothing.',
    access: 'user',
    money: true,
    input: z.object({ level: int().check(z.gte(2), z.lte(130)), stamp: stamp() }),
    output: z.object({ success: z.boolean(), level: z.number(), value: z.number(), card: Card, keys: z.nullable(CommunityKey) }),
  }),
  'rewards.openKey': () => method({
    doc: 'Opens one case with a community key of its id (the case key): the key is spent and a one-case game starts, paid by the key; answers its path. No key left: INVALID_DATA, nothing spent.',
    access: 'user',
    money: true,
    input: z.object({ key: z.string().check(z.minLength(1), z.maxLength(64)), stamp: stamp() }),
    output: z.object({ success: z.boolean(), path: z.string(), keys_left: z.number() }),
  }),
};
