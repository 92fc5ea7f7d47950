/**
 * Catch the Chicken (docs/decisions/0017). The stake is debited in the transaction that opens
 * the game; each step spends one nonce of the player's seed pair; the cash-out pays in the
 * transaction that finishes the game, and the status check there makes a second one a no-op
 * error: twenty cash-outs at once pay once.
 */
import { NamedError, NumericError, Rooms } from '../../../src/contract/index.ts';
import { CHICKEN_HISTORY_ROUNDS, CHICKEN_LEVELS, chickenCaught, chickenMultiplier, fairTicket, isChickenBigWin, parseHash, payoutOf, stakeProblem, toHash } from '../../../src/core/index.ts';
import { mapInOrder, type Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type CallContext, type Handlers } from '../../rpc/context.ts';
import { findUserById, publicUser } from '../../kernel/users.ts';
import { postGameMessage } from '../chat/game-posts.ts';
import { takeNonce } from '../fairness/seeds.ts';
import { gameById, gameOut, latestFinished, latestGamesOf, openGameOf, stepsOf, type ChickenGameRow } from './store.ts';

/** The house account on the other side of chicken stakes and payouts. */
export const CHICKEN_HOUSE = { house: 'chicken' } as const;

const FEED_SIZE = 20;

/** The caller's own game by hash, for a step or a cash-out; someone else's reads as unknown. */
async function ownGame(tx: Tx, hash: string, userId: number): Promise<ChickenGameRow> {
  const id = parseHash(hash);
  const game = id === null ? undefined : await gameById(tx, id);
  if (!game || game.user_id !== userId) fail(NamedError.GAME_ERROR, 'Game not found.');
  if (game.status !== 'running') fail(NamedError.GAME_ERROR, 'Game is finished.');
  return game;
}

/** Pays the survived steps' multiplier and closes the game, in the caller's transaction. */
async function cashOut(ctx: CallContext, tx: Tx, game: ChickenGameRow, now: number): Promise<ChickenGameRow> {
  const payout = payoutOf(game.bet, chickenMultiplier(game.risk, game.steps));
  // The status guard makes the update the single winner among concurrent cash-outs.
  const changed = await tx.run("UPDATE chicken_games SET status = 'cashed', payout = ?, finished_at = ? WHERE id = ? AND status = 'running'", payout, now, game.id);
  if (changed.changes !== 1) fail(NamedError.GAME_ERROR, 'Game is finished.');
  if (payout > 0) await ctx.ledger.transfer(tx, { from: CHICKEN_HOUSE, to: { user: game.user_id }, amount: payout, type: 'chicken_withdraw', ref: toHash(game.id) });
  return (await gameById(tx, game.id))!;
}

/** Tells the live feed once a game is over, and the chat when it was a big win. */
async function announce(ctx: CallContext, tx: Tx, game: ChickenGameRow): Promise<void> {
  const user = (await findUserById(tx, game.user_id))!;
  const entry = { game: gameOut(game), user: publicUser(user) };
  tx.afterCommit(() => ctx.hub.publish(Rooms.chicken, 'CHICKEN_GAME', entry));
  if (game.status === 'cashed' && isChickenBigWin(game.bet, game.payout)) {
    await postGameMessage(tx, ctx, game.user_id, 'game_chicken', {
      game_hash: toHash(game.id), risk: game.risk, bet: game.bet, payout: game.payout, multiplier: chickenMultiplier(game.risk, game.steps),
    });
  }
}

export const chickenHandlers: Handlers = {
  'chicken.create': ({ bet, risk }, ctx) => {
    const user = requireUser(ctx);
    const problem = stakeProblem(bet, chickenMultiplier(risk, CHICKEN_LEVELS[risk].steps));
    if (problem) fail(NumericError.INPUT_ERROR, problem);
    return ctx.moneyTx(async (tx) => {
      if (await openGameOf(tx, user.id)) fail(NamedError.GAME_ERROR, 'Finish your current game first.');
      const now = ctx.config.now();
      const { lastInsertRowid: id } = await tx.run("INSERT INTO chicken_games (user_id, risk, bet, status, created_at) VALUES (?, ?, ?, 'running', ?)", user.id, risk, bet, now);
      await ctx.ledger.transfer(tx, { from: { user: user.id }, to: CHICKEN_HOUSE, amount: bet, type: 'chicken_paid', ref: toHash(id) });
      return { game: gameOut((await gameById(tx, id))!) };
    });
  },

  'chicken.step': ({ hash }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => {
      const now = ctx.config.now();
      let game = await ownGame(tx, hash, user.id);
      const level = CHICKEN_LEVELS[game.risk];
      const pair = await takeNonce(tx, user.id, now);
      const ticket = fairTicket(pair.server_seed, pair.client_seed, pair.nonce, level.maxDamage);
      const caught = chickenCaught(game.risk, ticket);
      const step = game.steps + 1;
      await tx.run(
        'INSERT INTO chicken_steps (game_id, step, seed_pair_id, client_seed, server_seed_hashed, nonce, ticket, caught, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        game.id, step, pair.id, pair.client_seed, pair.server_seed_hashed, pair.nonce, ticket, caught ? 1 : 0, now,
      );
      if (caught) {
        await tx.run("UPDATE chicken_games SET status = 'caught', finished_at = ? WHERE id = ?", now, game.id);
      } else {
        await tx.run('UPDATE chicken_games SET steps = ? WHERE id = ?', step, game.id);
      }
      game = (await gameById(tx, game.id))!;
      // The last lane crossed: nothing is left to risk, so the game cashes out by itself.
      if (!caught && step === level.steps) game = await cashOut(ctx, tx, game, now);
      if (game.status !== 'running') await announce(ctx, tx, game);
      return { game: gameOut(game), step: (await stepsOf(tx, game.id)).at(-1)! };
    });
  },

  'chicken.cashout': ({ hash }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => {
      const game = await ownGame(tx, hash, user.id);
      if (game.steps === 0) fail(NamedError.GAME_ERROR, 'Take a step first.');
      const cashed = await cashOut(ctx, tx, game, ctx.config.now());
      await announce(ctx, tx, cashed);
      return { game: gameOut(cashed) };
    });
  },

  'chicken.active': async (_params, ctx) => {
    const user = requireUser(ctx);
    const game = await openGameOf(ctx.db, user.id);
    return { game: game ? gameOut(game) : null, steps: game ? await stepsOf(ctx.db, game.id) : [] };
  },

  'chicken.game': async ({ hash }, ctx) => {
    const id = parseHash(hash);
    const game = id === null ? undefined : await gameById(ctx.db, id);
    if (!game) fail(NamedError.GAME_ERROR, 'Game not found.');
    return { game: gameOut(game), steps: await stepsOf(ctx.db, game.id), user: publicUser((await findUserById(ctx.db, game.user_id))!) };
  },

  'chicken.history': async (_params, ctx) => {
    const user = requireUser(ctx);
    return { games: (await latestGamesOf(ctx.db, user.id, CHICKEN_HISTORY_ROUNDS)).map(gameOut) };
  },

  'chicken.recent': async (_params, ctx) => ({
    games: await mapInOrder((await latestFinished(ctx.db, FEED_SIZE)), async (game) => ({ game: gameOut(game), user: publicUser((await findUserById(ctx.db, game.user_id))!) })),
  }),
};
