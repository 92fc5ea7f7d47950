import { method } from '../define.ts';
import { Box, CaseCardBox, Item } from '../entities.ts';
import { batchLabel, hashId, list, stamp, text, z } from '../wire.ts';

/** A case or item key, the slug the case pages are named by. */
const caseKey = () => z.string().check(z.minLength(1), z.maxLength(96), z.regex(/^[A-Za-z0-9_-]+$/, 'expected a key'));

/** Cases (boxes), their items and case cards (document 1 section 7). Unknown keys and hashes answer NOT_FOUND (30). */
export const caseMethods = {
  'case.getBoxByKey': () => method({
    doc: 'A case by its key (deprecated ones too), with its items in slot order.',
    access: 'public',
    input: z.object({ key: caseKey() }),
    output: z.object({ box: Box, items: z.array(Item) }),
  }),
  'case.getCases': () => method({
    doc: 'Every case that can be opened (not deprecated), cheapest first; the spec only shows a fixed `method` parameter, which is ignored.',
    access: 'public',
    input: z.object({ method: z.optional(text(1, 64)) }),
    output: z.object({ cases: z.array(Box) }),
  }),

  'arena-case.case': () => method({
    doc: 'A case by hash (deprecated ones too), with its items in slot order, for the case page.',
    access: 'public',
    input: z.object({ hash: hashId(), batch: batchLabel() }),
    output: z.object({ success: z.boolean(), box: Box, items: z.array(Item) }),
  }),
  'arena-case.cards': () => method({
    doc: "The player's held case cards by case (key, price, count, asset_hashes).",
    access: 'user',
    input: z.object({ batch: batchLabel() }),
    output: z.object({ data: z.array(CaseCardBox) }),
  }),
  'arena-case.item': () => method({
    doc: 'One item by its key.',
    access: 'public',
    input: z.object({ key: caseKey() }),
    output: z.object({ item: Item }),
  }),
  'arena-case.create-card': () => method({
    doc: "Opens a case from the oldest case card the player holds for it (?action=open_card): a one-case game paid by the card; path is the game to roll. No card for it: INVALID_DATA.",
    access: 'user',
    money: true,
    input: z.object({ key: caseKey(), stamp: stamp() }),
    output: z.object({ success: z.boolean(), path: z.string() }),
  }),
  'arena-case.listing': () => method({
    doc: 'Cases cheapest first: fields=enabled leaves out deprecated ones, hashes picks some; batch ARENA_BOXES by default.',
    access: 'public',
    input: z.object({ fields: z.optional(z.literal('enabled')), hashes: z.optional(list(hashId())), batch: batchLabel() }),
    output: z.object({ listing: z.array(Box) }),
  }),

  'item.getItemsByHashes': () => method({
    doc: 'Items by hash in the order asked, for drops and inventories that only carry item hashes; unknown hashes are left out.',
    access: 'public',
    input: z.object({ hashes: list(hashId()) }),
    output: z.object({ items: z.array(Item) }),
  }),
};
