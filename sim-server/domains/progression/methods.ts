import { NumericError } from '../../../src/contract/index.ts';
import { levelForExp } from '../../../src/core/levels.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { findUserById, publicUser } from '../../kernel/users.ts';
import { FEATURED_RACE, RACE_POOL, RACE_SHARES, periodAt, prizeOf } from '../../../src/core/race-periods.ts';
import { leaderboardOf, payoutOf } from './race.ts';
import { claimLevelReward, levelRewardsOf, openWithKey } from './rewards.ts';
import { mapInOrder } from '../../db/database.ts';

/** race.* and the experience ledger. */
export const progressionHandlers: Handlers = {
  'race.leaderboard': async (params, ctx) => {
    const period = params.period ?? FEATURED_RACE;
    const serverNow = ctx.config.now();
    // Periods on the race's clock (docs/decisions/0050: the sim may have ended one early).
    const now = ctx.raceBoards.clock(serverNow);
    const current = periodAt(period, now);
    const { start, end } = params.start === undefined ? current : periodAt(period, params.start);
    if (params.start !== undefined && (start !== params.start || start > current.start)) fail(NumericError.INPUT_ERROR, 'start: not the start of a race period so far');
    const board = await leaderboardOf(ctx.db, ctx.raceBoards, period, start, serverNow, params.count ?? 20, ctx.user?.id ?? null);
    const leaders = await mapInOrder(board.top, async (row) => {
          const user = await findUserById(ctx.db, row.user_id);
          if (!user) throw new Error(`race: unknown player ${row.user_id}`);
          return { place: row.place, user: publicUser(user), wagered: row.wagered, prize: row.prize };
        });
    return {
      period,
      start,
      end,
      ends_in: Math.max(0, Math.ceil((end - now) / 1000)),
      paid: await payoutOf(ctx.db, period, start) !== null,
      pool: RACE_POOL[period],
      prizes: RACE_SHARES.map((_, i) => prizeOf(period, i + 1)),
      players: board.players,
      leaders,
      me: board.me && { place: board.me.place, wagered: board.me.wagered, prize: board.me.prize },
    };
  },
  'rewards.levels': async (_params, ctx) => levelRewardsOf(ctx.db, await ctx.catalog.view(), requireUser(ctx).id),
  'rewards.claim': async (params, ctx) => {
    const user = requireUser(ctx);
    const catalog = await ctx.catalog.view();
    return ctx.moneyTx((tx) => claimLevelReward(tx, { catalog, hub: ctx.hub }, user.id, params.level, ctx.config.now()));
  },
  'rewards.openKey': async (params, ctx) => {
    const user = requireUser(ctx);
    const catalog = await ctx.catalog.view();
    return ctx.moneyTx((tx) => openWithKey(tx, catalog, user.id, params.key, ctx.config.now()));
  },
  'account.experience': async (params, ctx) => {
    const user = requireUser(ctx);
    const before = params.offset === undefined ? Number.MAX_SAFE_INTEGER : Number(params.offset);
    if (!Number.isSafeInteger(before)) fail(NumericError.INPUT_ERROR, 'offset: expected an entry id');
    const entries = await ctx.db.all<{ id: number; amount: number; source: string; ref: string | null; created_at: number }>(
      'SELECT id, amount, source, ref, created_at FROM experience_entries WHERE user_id = ? AND id < ? ORDER BY id DESC LIMIT ?',
      user.id, before, params.count ?? 50,
    );
    const { exp } = (await ctx.db.get<{ exp: number }>('SELECT exp FROM users WHERE id = ?', user.id))!;
    return { exp, level: levelForExp(exp), entries: entries.map(({ created_at, ...entry }) => ({ ...entry, time: created_at })) };
  },
};
