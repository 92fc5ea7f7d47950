/** inventory.getAssets and inventory.instantSell. */
import { NumericError } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/index.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { CASES_HOUSE } from '../cases/house.ts';
import { assetOut, heldPage, heldResume, markSold } from './assets.ts';

const PAGE = 40;

/** Inventory methods. */
export const inventoryHandlers: Handlers = {
  'inventory.getAssets': async (params, ctx) => {
    const user = requireUser(ctx);
    const sort = params.sort ?? 'hash';
    const filters = { types: params.type, rarities: params.rarity };
    const resume = await heldResume(ctx.db, user.id, filters);
    if (params.only_counters) return { items: [], resume };
    let after: number | undefined;
    let skip = 0;
    if (params.offset !== undefined && params.offset !== '') {
      // By hash the page continues after the last hash shown; by price, after as many as shown.
      if (sort === 'hash') after = parseHash(params.offset) ?? fail(NumericError.INPUT_ERROR, 'offset: expected the last asset hash');
      else skip = /^\d{1,9}$/.test(params.offset) ? Number(params.offset) : fail(NumericError.INPUT_ERROR, 'offset: expected the count of assets already shown');
    }
    const catalog = await ctx.catalog.view();
    const rows = await heldPage(ctx.db, user.id, { ...filters, sort, after, skip, count: params.count ?? PAGE });
    return { items: rows.map((row) => assetOut(catalog, row)), resume };
  },
  'inventory.instantSell': async ({ hashes }, ctx) => {
    const user = requireUser(ctx);
    const ids = hashes.map((hash) => parseHash(hash) ?? fail(NumericError.INPUT_ERROR, `hashes: ${hash} is not an asset hash`));
    const catalog = await ctx.catalog.view();
    return ctx.moneyTx(async (tx) => {
      const { total: amount, stakes } = await markSold(tx, catalog, user.id, ids, ctx.config.now());
      const { creditBalance } = await ctx.ledger.transfer(tx, {
        from: CASES_HOUSE, to: { user: user.id }, amount, type: 'unbox_instant_sell', ref: [...new Set(ids)].map(toHash).join(','), stakes,
      });
      return { balance: creditBalance, amount };
    });
  },
};
