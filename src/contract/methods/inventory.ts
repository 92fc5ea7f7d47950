import { method } from '../define.ts';
import { flag, giftCode, hashId, int, list, paging, stamp, successWithCause, text, z } from '../wire.ts';

/** The player's cards and items (document 1 section 7; instant sell also document 2). */
export const inventoryMethods = {
  'inventory.getAssets': method({
    doc: "Pages of the player's assets with filters; offset is the last asset's hash, or the count when not sorted by hash.",
    access: 'user',
    input: z.object({
      ...paging,
      app: z.optional(text(1, 32)),
      rarity: z.optional(list(text(1, 32), 10)),
      level_req: z.optional(int().check(z.gte(0))),
      sort: z.optional(text(1, 32)),
      type: z.optional(list(text(1, 32), 20)),
      only_counters: z.optional(flag()),
    }),
    output: z.object({ items: z.array(z.unknown()), resume: z.record(z.string(), z.number()) }),
  }),
  'inventory.activate': method({
    doc: 'Activates a card (coins, boosters, cases, rain spoilers...); may answer rain_start_in or the new asset.',
    access: 'user',
    money: true,
    input: z.object({ asset_hash: hashId(), stamp: stamp() }),
    output: z.object({ rain_start_in: z.optional(z.number()), asset: z.optional(z.unknown()) }),
  }),
  'inventory.generateGift': method({
    doc: 'Turns a tradable card into a gift code (starting with A) and its /gift url.',
    access: 'user',
    input: z.object({ asset_hash: hashId() }),
    output: z.object({ code: z.string(), url: z.string() }),
  }),
  'inventory.findCard': method({
    doc: 'Finds a one-off card of a kind (avatar, nickname, rain-spoiler) in the inventory; answer not shown.',
    access: 'user',
    input: z.object({ type: text(1, 32) }),
    output: z.unknown(),
  }),
  'inventory.instantSell': method({
    doc: 'Sells items for coins at their price and answers the new balance.',
    access: 'user',
    money: true,
    input: z.object({ hashes: list(hashId(), 100), stamp: stamp() }),
    output: z.object({ balance: z.number() }),
  }),
  'inventory.gift': method({
    doc: 'Redeems an inventory gift code (codes starting with A); refused codes answer the cause.',
    access: 'user',
    money: true,
    input: z.object({ code: giftCode(), stamp: stamp() }),
    output: successWithCause(),
  }),
};
