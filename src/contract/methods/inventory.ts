import { method } from '../define.ts';
import { Asset, Card, CardResource, InventoryResume, UnpackedCard } from '../entities.ts';
import { flag, giftCode, hashId, int, list, paging, stamp, successWithCause, text, z } from '../wire.ts';

/** The player's cards and items (document 1 section 7; instant sell also document 2). */
export const inventoryMethods = {
  'inventory.getAssets': () => method({
    doc: "Pages of the player's items, newest first by default; offset is the last asset's hash, or the count already shown when sorted by price.",
    access: 'user',
    input: z.object({
      ...paging(),
      /** Accepted and ignored: the sim has one app. */
      app: z.optional(text(1, 32)),
      /** Rarity names (gray .. orange). */
      rarity: z.optional(list(text(1, 32), 10)),
      /** Cards' level requirement filter; items need no level, so it does not narrow items. */
      level_req: z.optional(int().check(z.gte(0))),
      sort: z.optional(z.enum(['hash', 'price_desc', 'price_asc'])),
      /** Item categories (knife, rifle, ...). */
      type: z.optional(list(text(1, 32), 20)),
      /** Answers no items, only the resume counts. */
      only_counters: z.optional(flag()),
    }),
    output: z.object({ items: z.array(Asset), resume: InventoryResume }),
  }),
  'inventory.getCards': () => method({
    doc: "The player's held cards, newest first (not in the spec's call list: its inventory lists cards beside items; docs/decisions/0025).",
    access: 'user',
    input: z.object({}),
    output: z.object({ cards: z.array(Card) }),
  }),
  'inventory.activate': () => method({
    doc: "Uses a held card: a coins card pays its coins (balance), a case card opens its case for free (path of the game to roll), an avatar or pattern pack unpacks (item with the roulette's pool, resources with the reward), a booster card starts its booster (booster_hash), a one-off avatar or nickname card gives its right, a rain spoiler answers rain_start_in, a reactions or emojis card unlocks its bundle. Someone else's or a used card: INVALID_DATA 'Card not found.'; below its level: INVALID_DATA.",
    access: 'user',
    money: true,
    input: z.object({ asset_hash: hashId(), stamp: stamp() }),
    output: z.object({
      rain_start_in: z.optional(z.number()),
      asset: z.optional(Card),
      balance: z.optional(z.number()),
      path: z.optional(z.string()),
      /** A booster card's booster, running from now. */
      booster_hash: z.optional(z.string()),
      /** A one-off card's right, spent by the avatar upload or the nickname change. */
      right: z.optional(z.enum(['avatar', 'nickname'])),
      item: z.optional(UnpackedCard),
      resources: z.optional(z.array(CardResource)),
    }),
  }),
  'inventory.generateGift': () => method({
    doc: "Turns a held tradable card into a gift code starting with A and its /gift url; the card leaves the inventory and redeeming the code (inventory.gift, /gift/{code}) gives it to the redeemer.",
    access: 'user',
    input: z.object({ asset_hash: hashId() }),
    output: z.object({ code: z.string(), url: z.string() }),
  }),
  'inventory.findCard': () => method({
    doc: 'Finds a held one-off card of a kind (avatar, nickname, rain-spoiler); card null when there is none.',
    access: 'user',
    input: z.object({ type: z.enum(['avatar', 'nickname', 'rain-spoiler']) }),
    output: z.object({ card: z.nullable(Card) }),
  }),
  'inventory.instantSell': () => method({
    doc: "Sells the player's items for their prices in one go and answers the new balance; any item not held (sold, someone else's) refuses the whole sale with INVALID_DATA (19).",
    access: 'user',
    money: true,
    input: z.object({ hashes: list(hashId(), 100).check(z.minLength(1)), stamp: stamp() }),
    output: z.object({ balance: z.number(), amount: z.number() }),
  }),
  'inventory.gift': () => method({
    doc: 'Redeems an inventory gift code (codes starting with A); refused codes answer the cause.',
    access: 'user',
    money: true,
    input: z.object({ code: giftCode(), stamp: stamp() }),
    output: successWithCause(),
  }),
};
