import { method, unshown } from '../define.ts';
import { batchLabel, hashId, list, z } from '../wire.ts';

/** A case or item key, the slug the case pages are named by. */
const caseKey = () => z.string().check(z.minLength(1), z.maxLength(96), z.regex(/^[A-Za-z0-9_-]+$/, 'expected a key'));

/** Cases (boxes), their items and case cards (document 1 section 7). */
export const caseMethods = {
  'case.getBoxByKey': method({
    doc: 'A case by its key, with its items.',
    access: 'public',
    input: z.object({ key: caseKey() }),
    output: z.object({ box: z.unknown(), items: z.array(z.unknown()) }),
  }),
  'case.getCases': unshown({ doc: 'The case listing, called with a fixed `method` parameter.', access: 'public' }),

  'arena-case.case': method({
    doc: 'A case by hash, with its items, for the case page.',
    access: 'public',
    input: z.object({ hash: hashId(), batch: batchLabel() }),
    output: z.object({ success: z.boolean(), box: z.unknown(), items: z.array(z.unknown()) }),
  }),
  'arena-case.cards': method({
    doc: "The player's case cards by case (key, price, count, asset_hashes).",
    access: 'user',
    input: z.object({ batch: batchLabel() }),
    output: z.object({ data: z.unknown() }),
  }),
  'arena-case.item': method({
    doc: 'One item by its key.',
    access: 'public',
    input: z.object({ key: caseKey() }),
    output: z.object({ item: z.unknown() }),
  }),
  'arena-case.create-card': method({
    doc: 'Opens a case from one of the case cards the player holds (?action=open_card); answer not shown.',
    access: 'user',
    input: z.object({ key: caseKey() }),
    output: z.unknown(),
  }),
  'arena-case.listing': method({
    doc: 'Enabled cases (called with fields=enabled), all or the listed hashes; batch ARENA_BOXES by default.',
    access: 'public',
    input: z.object({ fields: z.optional(z.literal('enabled')), hashes: z.optional(list(hashId())), batch: batchLabel() }),
    output: z.object({ listing: z.unknown() }),
  }),

  'item.getItemsByHashes': method({
    doc: 'Items by hash, for drops and inventories that only carry item hashes.',
    access: 'public',
    input: z.object({ hashes: list(hashId()) }),
    output: z.object({ items: z.array(z.unknown()) }),
  }),
};
