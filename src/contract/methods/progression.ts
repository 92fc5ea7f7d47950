import { method } from '../define.ts';
import { Booster, BoosterState } from '../boosters.ts';
import { batchLabel, hashId, int, paging, stamp, text, z } from '../wire.ts';

/** Resource kinds a card can unpack into (document 1 section 3). */
const resourceType = () => z.enum(['avatar', 'pattern']);
/** Booster calls take the card's asset hash or the booster's own hash. */
const boosterRef = z
  .object({ asset_hash: z.optional(hashId()), booster_hash: z.optional(hashId()) })
  .check(z.refine((v) => v.asset_hash !== undefined || v.booster_hash !== undefined, { message: 'asset_hash or booster_hash required', path: ['asset_hash'] }));
/** What booster.bonus answers. */
const boosterBonus = () => z.object({ data: z.object({ bonus_left: z.number(), bonus_wager_requirement: z.number() }) });

/** Battle Pass, boosters, card bundles and customisation resources (document 1 section 7). */
export const progressionMethods = {
  'battlepass.getData': method({
    doc: "The season, its tier scheme and items, the player's progress and Battle Pass achievement.",
    access: 'public',
    planned: true,
    input: z.object({}),
    output: z.object({ season: z.unknown(), battlepass: z.unknown(), progress: z.unknown(), items: z.unknown(), achieve: z.unknown() }),
  }),
  'battlepass.purchase': method({
    doc: "Buys the season's Battle Pass, or its upgrade with method 'upgrade'; answer not shown.",
    access: 'user',
    planned: true,
    money: true,
    input: z.object({ method: text(1, 32), stamp: stamp() }),
    output: z.unknown(),
  }),
  'battlepass.commitProgress': method({
    doc: 'Acknowledges the experience the pass page has shown (last_experience); answer not shown.',
    access: 'user',
    planned: true,
    input: z.object({ exp: int().check(z.gte(0)) }),
    output: z.unknown(),
  }),

  'booster.load': method({
    doc: "The player's boosters that are not closed (CORE_BOOSTER batch at load): the booster state keyed by hash.",
    access: 'user',
    input: z.object({ batch: batchLabel() }),
    output: BoosterState,
  }),
  'booster.activate': method({
    doc: "Starts a ready booster (the boosters modal's Activate; the spec does not show the call). Refused when locked: no bonus left or level too low.",
    access: 'user',
    input: z.object({ booster_hash: hashId() }),
    output: z.object({ booster: Booster }),
  }),
  'booster.bonus': method({
    doc: "A booster's remaining bonus and the wager it still requires.",
    access: 'user',
    input: boosterRef,
    output: boosterBonus(),
  }),
  'booster-bonus': method({
    doc: 'Listed by the spec beside booster.bonus with the same payload and answer; served the same way.',
    access: 'user',
    input: boosterRef,
    output: boosterBonus(),
  }),
  'booster.history': method({
    doc: "Pages of the player's closed boosters (list 'boosters'), newest first; offset is the last hash of the previous page.",
    access: 'user',
    input: z.object({ list: z.optional(z.literal('boosters')), ...paging }),
    output: z.object({ boosters: z.array(Booster), offset: z.nullable(z.string()) }),
  }),

  'bundle.card': method({
    doc: 'What a bundle card holds (type and content), before it is added.',
    access: 'user',
    planned: true,
    input: z.object({ hash: hashId() }),
    output: z.object({ bundle: z.object({ type: z.string(), content: z.array(z.unknown()) }) }),
  }),
  'bundle.assets': method({
    doc: 'Reaction or emoji bundles (reaction ids are hash_index_token).',
    access: 'public',
    input: z.object({ type: z.enum(['reactions', 'emojis']), batch: batchLabel() }),
    output: z.object({ assets: z.array(z.unknown()) }),
  }),
  'resource.card': method({
    doc: 'Unpacks an avatar or pattern card: the card item and the resources of its roulette.',
    access: 'user',
    planned: true,
    input: z.object({ hash: hashId() }),
    output: z.object({ item: z.unknown(), resources: z.array(z.looseObject({ hash: z.string() })) }),
  }),
  'resource.battlepass': method({
    doc: 'The avatars or patterns the Battle Pass gives (batch CUSTOMIZE_RESOURCES_BP); answer not shown.',
    access: 'public',
    planned: true,
    input: z.object({ type: resourceType(), batch: batchLabel() }),
    output: z.unknown(),
  }),
  'resource.assets': method({
    doc: 'The avatars or patterns the player owns (batch CUSTOMIZE_RESOURCES).',
    access: 'user',
    planned: true,
    input: z.object({ type: resourceType(), batch: batchLabel() }),
    output: z.object({ success: z.boolean(), assets: z.array(z.unknown()) }),
  }),
};
