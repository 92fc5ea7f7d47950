/** battlepass.* methods. */
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { battlePassData, claimTier, commitProgress, purchasePass } from './season.ts';

/** Battle Pass methods. */
export const battlePassHandlers: Handlers = {
  'battlepass.getData': async (_params, ctx) => battlePassData(ctx.db, await ctx.catalog.view(), ctx.user?.id ?? null, ctx.config.now()),
  'battlepass.purchase': ({ method }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx((tx) => purchasePass(tx, ctx.ledger, user.id, method, ctx.config.now()));
  },
  'battlepass.claim': async ({ tier, track }, ctx) => {
    const user = requireUser(ctx);
    const catalog = await ctx.catalog.view();
    return ctx.moneyTx((tx) => claimTier(tx, ctx.hub, catalog, user.id, tier, track, ctx.config.now()));
  },
  'battlepass.commitProgress': ({ exp }, ctx) => {
    const user = requireUser(ctx);
    return ctx.db.transaction((tx) => commitProgress(tx, user.id, exp, ctx.config.now()));
  },
};
