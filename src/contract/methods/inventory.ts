import { method } from '../define.ts';
import { Asset, InventoryResume } from '../entities.ts';
import { flag, giftCode, hashId, int, list, paging, stamp, successWithCause, text, z } from '../wire.ts';

/** The player's cards and items (document 1 section 7; instant sell also document 2). */
export const inventoryMethods = {
  'inventory.getAssets': method({
    doc: "Pages of the player's items, newest first by default; offset is the last asset's hash, or the count already shown when sorted by price.",
    access: 'user',
    input: z.object({
      ...paging,
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
  'inventory.activate': method({
    doc: 'Activates a card (coins, boosters, cases, rain spoilers...); may answer rain_start_in or the new asset.',
    access: 'user',
    planned: true,
    money: true,
    input: z.object({ asset_hash: hashId(), stamp: stamp() }),
    output: z.object({ rain_start_in: z.optional(z.number()), asset: z.optional(z.unknown()) }),
  }),
  'inventory.generateGift': method({
    doc: 'Turns a tradable card into a gift code (starting with A) and its /gift url.',
    access: 'user',
    planned: true,
    input: z.object({ asset_hash: hashId() }),
    output: z.object({ code: z.string(), url: z.string() }),
  }),
  'inventory.findCard': method({
    doc: 'Finds a one-off card of a kind (avatar, nickname, rain-spoiler) in the inventory; answer not shown.',
    access: 'user',
    planned: true,
    input: z.object({ type: text(1, 32) }),
    output: z.unknown(),
  }),
  'inventory.instantSell': method({
    doc: "Sells the player's items for their prices in one go and answers the new balance; any item not held (sold, someone else's) refuses the whole sale with INVALID_DATA (19).",
    access: 'user',
    money: true,
    input: z.object({ hashes: list(hashId(), 100).check(z.minLength(1)), stamp: stamp() }),
    output: z.object({ balance: z.number(), amount: z.number() }),
  }),
  'inventory.gift': method({
    doc: 'Redeems an inventory gift code (codes starting with A); refused codes answer the cause.',
    access: 'user',
    money: true,
    input: z.object({ code: giftCode(), stamp: stamp() }),
    output: successWithCause(),
  }),
};
