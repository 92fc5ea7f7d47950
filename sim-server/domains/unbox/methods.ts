/**
 * arena-unbox.create buys `count` rolls of one case with one debit, in the transaction that
 * records the game; arena-unbox.roll spends one roll: the player's seed pair gives the
 * ticket, the case version's ranges give the item, the item goes into the inventory and the
 * roll's public record is stored beside it.
 */
import { NamedError, NumericError, Rooms } from '../../../src/contract/index.ts';
import { CASE_COUNTS, TICKET_MAX, fairTicket, parseHash, pickByTicket, toHash } from '../../../src/core/index.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers } from '../../rpc/context.ts';
import { publicUser } from '../../kernel/users.ts';
import { dropAtTable, openAtTable } from '../case-tables/store.ts';
import { postArenaDropAfter } from '../chat/special-posts.ts';
import { CASES_HOUSE } from '../cases/house.ts';
import { currentClientSeed, rotateSeeds, takeNonce } from '../fairness/seeds.ts';
import { assetOut, grantItem } from '../inventory/assets.ts';
import { dropById, dropOut, gameById, gameByToken, gameOut, insertUnboxGame } from './games.ts';

/** Spin length the client animates: the spec's 5 s roulette, shorter with the fast flag. */
export const ROLL_DURATION_MS = { normal: 5_000, fast: 2_000 } as const;

/** Unbox methods. */
export const unboxHandlers: Handlers = {
  'arena-unbox.create': async ({ box_hash, count, seed, table }, ctx) => {
    const user = requireUser(ctx);
    if (!(CASE_COUNTS as readonly number[]).includes(count)) fail(NumericError.INPUT_ERROR, `count: expected one of ${CASE_COUNTS.join(', ')}`);
    const id = parseHash(box_hash);
    const box = (id !== null && (await ctx.catalog.view()).box(id)) || fail(NumericError.INVALID_DATA, `Box ${box_hash} not found.`);
    if (box.deprecated) fail(NumericError.INVALID_DATA, `Box ${box.out.hash} deprecated.`);
    return ctx.moneyTx(async (tx) => {
      const now = ctx.config.now();
      if (seed !== undefined && seed !== await currentClientSeed(tx, user.id, now)) await rotateSeeds(tx, user.id, now, seed);
      const { id: gameId, token } = await insertUnboxGame(tx, user.id, box, count, now);
      if (table !== undefined) await openAtTable(tx, table, gameId, box.id);
      await ctx.ledger.transfer(tx, { from: { user: user.id }, to: CASES_HOUSE, amount: box.price * count, type: 'unbox_boxes_bought', ref: toHash(gameId) });
      return { success: true, path: `/case/${box.key}/${token}`, game: gameOut((await gameById(tx, gameId))!), users: [publicUser(user)] };
    });
  },

  'arena-unbox.roll': async ({ token, fast = false }, ctx) => {
    const user = requireUser(ctx);
    const catalog = await ctx.catalog.view();
    return ctx.db.transaction(async (tx) => {
      const now = ctx.config.now();
      const game = await gameByToken(tx, token);
      // Someone else's token reads as unknown: tokens are the only key to personal games.
      if (!game || game.user_id !== user.id) fail(NamedError.GAME_ERROR, 'Game not found.');
      if (game.status !== 'running') fail(NamedError.GAME_ERROR, 'Game is finished.');
      const box = (await catalog.boxVersion(game.box_id, game.box_version))!;
      const pair = await takeNonce(tx, user.id, now);
      const ticket = fairTicket(pair.server_seed, pair.client_seed, pair.nonce, TICKET_MAX);
      const slot = pickByTicket(box.slots, ticket);
      if (!slot) throw new Error(`box ${box.key} v${box.version}: ticket ${ticket} belongs to no slot`);
      const assetId = await grantItem(tx, user.id, slot.itemId, box.id, now, toHash(game.id));
      const round = game.rolls + 1;
      const finished = round === game.count;
      await tx.run(
        "UPDATE unbox_games SET rolls = ?, status = ?, finished_at = ? WHERE id = ?",
        round, finished ? 'finished' : 'running', finished ? now : null, game.id,
      );
      const { lastInsertRowid: dropId } = await tx.run(
        `INSERT INTO drops (game_id, user_id, box_id, box_version, item_id, asset_id, round, seed_pair_id, client_seed, server_seed_hashed,
           nonce, ticket, range_from, range_to, fast, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        game.id, user.id, box.id, box.version, slot.itemId, assetId, round, pair.id, pair.client_seed, pair.server_seed_hashed,
        pair.nonce, ticket, slot.range[0], slot.range[1], fast ? 1 : 0, now,
      );
      const item = catalog.item(slot.itemId)!;
      const roll = {
        game: gameOut((await gameById(tx, game.id))!),
        drop: dropOut((await dropById(tx, dropId))!),
        item,
        asset: assetOut(catalog, { id: assetId, item_id: slot.itemId, box_id: box.id, created_at: now }),
        roll: { round, duration: fast ? ROLL_DURATION_MS.fast : ROLL_DURATION_MS.normal },
      };
      const live = { hash: roll.drop.hash, user_hash: toHash(user.id), box_hash: box.out.hash, box_key: box.key, items: [item], user: publicUser(user), time: now };
      const atTable = await dropAtTable(tx, ctx.hub, game.id, live, item.price);
      tx.afterCommit(() => {
        ctx.hub.publish(Rooms.lobby, 'LOBBY_DROP_DROPPED', live);
        atTable?.();
        ctx.hub.publish(Rooms.arenaGame(token), 'ARENA_GAME_ROLL', roll);
        // A drop over the threshold is told in the chat once the spin has shown it (docs/decisions/0050).
        postArenaDropAfter(ctx.db, ctx.hub, ctx.config.now, roll.roll.duration, {
          userId: user.id, item, box: { image: box.out.image, name: box.out.name }, game: { type: 'unbox', path: `/case/${box.key}` },
        });
      });
      return roll;
    });
  },
};
