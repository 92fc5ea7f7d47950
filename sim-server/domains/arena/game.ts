/** arena.game: one game's page data, a personal unbox game (by token) or a battle (by hash or token). */
import { NamedError, Rooms } from '../../../src/contract/index.ts';
import { fail } from '../../errors.ts';
import type { Handlers } from '../../rpc/context.ts';
import { battleDetail } from '../battles/detail.ts';
import { battleByRef } from '../battles/store.ts';
import { gameRoomOf } from '../battles/views.ts';
import { gameByToken, unboxGameDetail } from '../unbox/games.ts';

/** arena.game (the reaction bundles its battle pages use are battles': battles/reactions.ts). */
export const arenaGameHandlers: Handlers = {
  'arena.game': async ({ hash }, ctx) => {
    // Personal unbox games are reachable by token only; battles by token, or by hash as battleByRef allows.
    const unbox = hash.length === 32 ? await gameByToken(ctx.db, hash) : undefined;
    if (unbox) return { ...await unboxGameDetail(ctx.db, await ctx.catalog.view(), unbox), online: ctx.hub.memberCount(Rooms.arenaGame(hash)) };
    const battle = await battleByRef(ctx.db, hash, ctx.user?.id ?? null);
    if (!battle) fail(NamedError.GAME_ERROR, 'Game not found.');
    return { ...await battleDetail(ctx.db, ctx.battles.deps, battle, ctx.config.now()), online: ctx.hub.memberCount(gameRoomOf(battle)) };
  },
};
