import { method } from '../define.ts';
import { Booster, BoosterState } from '../boosters.ts';
import { Card, CardResource, UnpackedCard } from '../entities.ts';
import { batchLabel, built, hashId, int, paging, stamp, z } from '../wire.ts';

/** Resource kinds a card can unpack into (document 1 section 3). */
const resourceType = () => z.enum(['avatar', 'pattern']);
/** The Battle Pass's two tracks. */
const bpTrack = () => z.enum(['free', 'premium']);
/** A tier's reward on a track: the card it gives. */
const bpReward = z.lazy(() => z.object({
  type: z.string(),
  name: z.string(),
  rarity: z.string(),
  level: z.number(),
  amount: z.nullable(z.number()),
  detail: z.nullable(z.string()),
  box: z.nullable(z.object({ hash: z.string(), name: z.string(), image: z.string(), price: z.number() })),
}));
/** Booster calls take the card's asset hash or the booster's own hash. */
const boosterRef = () =>
  z
    .object({ asset_hash: z.optional(hashId()), booster_hash: z.optional(hashId()) })
    .check(z.refine((v) => v.asset_hash !== undefined || v.booster_hash !== undefined, { message: 'asset_hash or booster_hash required', path: ['asset_hash'] }));
/** What booster.bonus answers. */
const boosterBonus = () => z.object({ data: z.object({ bonus_left: z.number(), bonus_wager_requirement: z.number() }) });

/** Battle Pass, boosters, card bundles and customisation resources (document 1 section 7). */
export const progressionMethods = {
  'battlepass.getData': () => method({
    doc: "The season on the server clock (seconds), its 30 tiers and both tracks' rewards, and (signed in) the player's progress: has_buy, has_upgrade, last_experience, season exp, tier and the tiers claimed.",
    access: 'public',
    input: z.object({}),
    output: z.object({
      season: z.object({ id: z.number(), number: z.number(), from: z.number(), to: z.number(), ends_in: z.number() }),
      battlepass: z.object({ scheme: z.array(z.object({ tier: z.number(), exp: z.number() })), prices: z.object({ buy: z.number(), upgrade: z.number() }) }),
      items: z.array(z.object({ tier: z.number(), free: bpReward, premium: bpReward })),
      progress: z.nullable(z.object({
        has_buy: z.boolean(),
        has_upgrade: z.boolean(),
        last_experience: z.number(),
        exp: z.number(),
        tier: z.number(),
        completed: z.boolean(),
        claimed: z.array(z.object({ tier: z.number(), track: bpTrack() })),
      })),
      achieve: z.null(),
    }),
  }),
  'battlepass.purchase': () => method({
    doc: "Buys the season's Battle Pass (method 'buy') or, once held, its upgrade (method 'upgrade': five tiers ahead) through the ledger. A second purchase, or one without the coins, moves nothing.",
    access: 'user',
    money: true,
    input: z.object({ method: z.enum(['buy', 'upgrade']), stamp: stamp() }),
    output: z.object({ success: z.boolean(), balance: z.number(), has_buy: z.boolean(), has_upgrade: z.boolean() }),
  }),
  'battlepass.claim': () => method({
    doc: "Claims a reached tier's reward on a track (premium needs the pass) as a card in the inventory; each once (INVALID_DATA after). Not in the spec's call list: its page claims tier by tier.",
    access: 'user',
    money: true,
    input: z.object({ tier: int().check(z.gte(1), z.lte(30)), track: bpTrack(), stamp: stamp() }),
    output: z.object({ success: z.boolean(), card: Card }),
  }),
  'battlepass.commitProgress': () => method({
    doc: 'Records the season experience the pass page has shown (last_experience never goes down); more than the season holds is INVALID_DATA.',
    access: 'user',
    input: z.object({ exp: int().check(z.gte(0)) }),
    output: z.object({ success: z.boolean(), last_experience: z.number() }),
  }),

  'booster.load': () => method({
    doc: "The player's boosters that are not closed (CORE_BOOSTER batch at load): the booster state keyed by hash.",
    access: 'user',
    input: z.object({ batch: batchLabel() }),
    output: BoosterState,
  }),
  'booster.activate': () => method({
    doc: "Starts a ready booster (the boosters modal's Activate; the spec does not show the call). Refused when locked: no bonus left or level too low.",
    access: 'user',
    input: z.object({ booster_hash: hashId() }),
    output: z.object({ booster: Booster }),
  }),
  'booster.bonus': () => method({
    doc: "A booster's remaining bonus and the wager it still requires.",
    access: 'user',
    input: boosterRef(),
    output: boosterBonus(),
  }),
  'booster-bonus': () => method({
    doc: 'Listed by the spec beside booster.bonus with the same payload and answer; served the same way.',
    access: 'user',
    input: boosterRef(),
    output: boosterBonus(),
  }),
  'booster.history': () => method({
    doc: "Pages of the player's closed boosters (list 'boosters'), newest first; offset is the last hash of the previous page.",
    access: 'user',
    input: z.object({ list: z.optional(z.literal('boosters')), ...paging() }),
    output: z.object({ boosters: z.array(Booster), offset: z.nullable(z.string()) }),
  }),

  'bundle.card': () => method({
    doc: "What a held reactions or emojis card unlocks (type and content), before it is used; another card is INVALID_DATA.",
    access: 'user',
    input: z.object({ hash: hashId() }),
    output: z.object({ bundle: z.object({ type: z.string(), content: z.array(z.string()) }) }),
  }),
  'bundle.assets': () => method({
    doc: 'Reaction or emoji bundles (reaction ids are hash_index_token).',
    access: 'public',
    input: z.object({ type: z.enum(['reactions', 'emojis']), batch: batchLabel() }),
    output: z.object({ assets: z.array(z.unknown()) }),
  }),
  'resource.card': () => method({
    doc: "Unpacks an avatar or pattern pack: the card leaves the inventory, item is the card with the roulette's pool (options.data.resources), resources the avatar or pattern won.",
    access: 'user',
    input: z.object({ hash: hashId() }),
    output: z.object({ item: UnpackedCard, resources: z.array(CardResource) }),
  }),
  'resource.battlepass': () => method({
    doc: 'The avatars or patterns the Battle Pass packs hold (batch CUSTOMIZE_RESOURCES_BP).',
    access: 'public',
    input: z.object({ type: resourceType(), batch: batchLabel() }),
    output: z.object({ resources: z.array(CardResource) }),
  }),
  'resource.assets': () => method({
    doc: 'The avatars or patterns the player unpacked, newest first (batch CUSTOMIZE_RESOURCES).',
    access: 'user',
    input: z.object({ type: resourceType(), batch: batchLabel() }),
    output: z.object({ success: z.boolean(), assets: z.array(z.extend(built(CardResource), { time: z.number() })) }),
  }),
};
