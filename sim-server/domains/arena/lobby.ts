/** arena.lobby, arena.history and arena.statistics: the arena's lists and figures. */
import { NumericError } from '../../../src/contract/index.ts';
import { parseHash } from '../../../src/core/index.ts';
import { fail } from '../../errors.ts';
import type { Db } from '../../db/database.ts';
import type { Handlers } from '../../rpc/context.ts';
import type { CatalogView } from '../cases/catalog-store.ts';
import { arenaConfig, historyPage, playerBattles, publicBattles } from '../battles/lobby.ts';
import { arenaStatistics } from '../live/figures.ts';
import { simulatedOnline } from '../../world/population-count.ts';
import { publicUsers, type BattleGameOut } from '../battles/views.ts';
import { gameOut, type GameRow } from '../unbox/games.ts';

/** History entries per page unless the caller asks for another count. */
const HISTORY_PAGE = 20;

// The users and cases a list of games names, each once.
async function namedBy(db: Db, catalog: CatalogView, games: readonly (BattleGameOut | { user_hashes: string[]; box_hash: string })[]) {
  const boxHashes = [...new Set(games.flatMap((g) => ('box_hashes' in g ? g.box_hashes : [g.box_hash])))];
  return {
    users: await publicUsers(db, games.flatMap((g) => g.user_hashes)),
    boxes: boxHashes.flatMap((hash) => {
      const box = catalog.box(parseHash(hash)!);
      return box ? [box.out] : [];
    }),
  };
}

/** Arena lists and figures. */
export const arenaLobbyHandlers: Handlers = {
  'arena.lobby': async (_params, ctx) => {
    const { deps } = ctx.battles;
    const now = ctx.config.now();
    const open = await publicBattles(ctx.db, deps, now);
    const personal = ctx.user
      ? [
          ...await playerBattles(ctx.db, deps, ctx.user.id, now),
          ...(await ctx.db.all<GameRow>("SELECT * FROM unbox_games WHERE user_id = ? AND status = 'running' ORDER BY id DESC LIMIT 50", ctx.user.id)).map(gameOut),
        ]
      : [];
    return { online: ctx.hub.stats().connections, simulated: simulatedOnline(), config: arenaConfig(), public: open, personal, ...await namedBy(ctx.db, await ctx.catalog.view(), [...open, ...personal]), time: now };
  },

  'arena.history': async ({ offset, count = HISTORY_PAGE }, ctx) => {
    const before = offset === undefined ? undefined : (parseHash(offset) ?? fail(NumericError.INPUT_ERROR, "offset: expected the last battle's hash"));
    const page = await historyPage(ctx.db, ctx.battles.deps, ctx.user?.id ?? null, { before, count }, ctx.config.now());
    return { history: page.games, ...await namedBy(ctx.db, await ctx.catalog.view(), page.games), resume: page.resume };
  },

  'arena.statistics': (_params, ctx) => arenaStatistics(ctx),
};
