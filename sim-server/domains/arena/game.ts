/** arena.game: one game's page data. Unbox games are read by token; battles join here later. */
import { NamedError } from '../../../src/contract/index.ts';
import { fail } from '../../errors.ts';
import type { Handlers } from '../../rpc/context.ts';
import { catalogOf } from '../cases/catalog-store.ts';
import { gameByToken, unboxGameDetail } from '../unbox/games.ts';

/** arena.game. */
export const arenaGameHandlers: Handlers = {
  'arena.game': ({ hash }, ctx) => {
    // Short SF hashes name public games (battles); personal unbox games are reachable by token only.
    const game = hash.length === 32 ? gameByToken(ctx.db, hash) : undefined;
    if (!game) fail(NamedError.GAME_ERROR, 'Game not found.');
    return unboxGameDetail(ctx.db, catalogOf(ctx.db), game);
  },
};
