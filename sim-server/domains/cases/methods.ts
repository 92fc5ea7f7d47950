/** case.*, arena-case.* and item.* methods: reading the catalog. */
import { NumericError } from '../../../src/contract/index.ts';
import { parseHash } from '../../../src/core/index.ts';
import { fail } from '../../errors.ts';
import type { Handlers } from '../../rpc/context.ts';
import type { BoxVersion, CatalogView, ItemOut } from './catalog-store.ts';

/** The items of a case in slot order (dearest first). */
export function boxItems(catalog: CatalogView, box: BoxVersion): ItemOut[] {
  return box.slots.map((slot) => catalog.item(slot.itemId)!);
}

/** cases and items methods. */
export const caseHandlers: Handlers = {
  'case.getCases': async (_params, ctx) => ({
    cases: (await ctx.catalog.view()).listing().filter((box) => !box.deprecated).map((box) => box.out),
  }),
  'case.getBoxByKey': async ({ key }, ctx) => {
    const catalog = await ctx.catalog.view();
    const box = catalog.boxByKey(key) ?? fail(NumericError.NOT_FOUND, `Box ${key} not found.`);
    return { box: box.out, items: boxItems(catalog, box) };
  },
  'arena-case.case': async ({ hash }, ctx) => {
    const catalog = await ctx.catalog.view();
    const id = parseHash(hash);
    const box = (id !== null && catalog.box(id)) || fail(NumericError.NOT_FOUND, `Box ${hash} not found.`);
    return { success: true, box: box.out, items: boxItems(catalog, box) };
  },
  'arena-case.listing': async ({ fields, hashes }, ctx) => {
    const wanted = hashes ? new Set(hashes.map(parseHash)) : null;
    const listing = (await ctx.catalog.view())
      .listing()
      .filter((box) => (fields !== 'enabled' || !box.deprecated) && (!wanted || wanted.has(box.id)));
    return { listing: listing.map((box) => box.out) };
  },
  // Case cards are issued by the cards work (Battle Pass, boosters); until then nobody holds any.
  'arena-case.item': async ({ key }, ctx) => ({
    item: (await ctx.catalog.view()).itemByKey(key) ?? fail(NumericError.NOT_FOUND, `Item ${key} not found.`),
  }),
  'item.getItemsByHashes': async ({ hashes }, ctx) => {
    const catalog = await ctx.catalog.view();
    return {
      items: hashes.flatMap((hash) => {
        const id = parseHash(hash);
        const item = id === null ? undefined : catalog.item(id);
        return item ? [item] : [];
      }),
    };
  },
};
