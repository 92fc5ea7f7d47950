/** booster.* (document 1 section 7; docs/decisions/0026). */
import { NumericError, type Booster } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import { fail } from '../../errors.ts';
import { requireUser, type CallContext, type Handlers } from '../../rpc/context.ts';
import { activateBooster } from './activate.ts';
import { levelOf } from './effects.ts';
import { boosterById, boosterOut, closedBoosters, openBoosters, type BoosterRow } from './store.ts';

/** A booster by its own hash, or by the card (asset) hash that granted it. */
async function boosterOf(ctx: CallContext, ref: { asset_hash?: string; booster_hash?: string }): Promise<BoosterRow> {
  const user = requireUser(ctx);
  let row: BoosterRow | undefined;
  if (ref.booster_hash !== undefined) {
    const id = parseHash(ref.booster_hash);
    row = id === null ? undefined : await boosterById(ctx.db, id);
  } else if (ref.asset_hash !== undefined) {
    const found = await ctx.db.get<{ id: number }>("SELECT id FROM boosters WHERE source = 'card' AND ref = ? AND user_id = ?", ref.asset_hash, user.id);
    row = found && await boosterById(ctx.db, found.id);
  }
  if (!row || row.user_id !== user.id) fail(NumericError.NOT_FOUND, 'Booster not found');
  return row;
}

const bonusOf = (row: BoosterRow) => ({ data: { bonus_left: row.bonus_left ?? 0, bonus_wager_requirement: 0 } });

export const boosterHandlers: Handlers = {
  'booster.load': async (_params, ctx) => {
    const user = requireUser(ctx);
    const now = ctx.config.now();
    const level = await levelOf(ctx.db, user.id);
    const boosters: Record<string, Booster> = {};
    // A booster whose time ran out but that the sweep has not closed yet is already over.
    for (const row of await openBoosters(ctx.db, user.id)) if (!(row.expires_at !== null && row.expires_at <= now)) boosters[row.hash] = boosterOut(row, level);
    return { boosters, resume: { boosters_count: Object.keys(boosters).length } };
  },
  'booster.activate': async ({ booster_hash }, ctx) => {
    const user = requireUser(ctx);
    const row = await ctx.db.transaction((tx) => activateBooster(tx, ctx.hub, user.id, booster_hash, ctx.config.now()));
    return { booster: boosterOut(row, await levelOf(ctx.db, user.id)) };
  },
  'booster.bonus': async (params, ctx) => bonusOf(await boosterOf(ctx, params)),
  'booster-bonus': async (params, ctx) => bonusOf(await boosterOf(ctx, params)),
  'booster.history': async ({ offset, count = 20 }, ctx) => {
    const user = requireUser(ctx);
    const before = offset === undefined ? null : parseHash(offset);
    if (offset !== undefined && before === null) fail(NumericError.INPUT_ERROR, 'offset: not a booster hash');
    const level = await levelOf(ctx.db, user.id);
    const rows = await closedBoosters(ctx.db, user.id, before, count);
    return { boosters: rows.map((r) => boosterOut(r, level)), offset: rows.length === count ? toHash(rows.at(-1)!.id) : null };
  },
};
