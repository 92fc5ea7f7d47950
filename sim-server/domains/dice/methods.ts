/**
 * Dice (docs/decisions/0017). A roll is one transaction: the stake is debited, the player's
 * next nonce gives the ticket, and a win is paid, so a roll that cannot be covered moves
 * nothing. Auto-bet keeps its settings and progress on the server; the client asks for each
 * roll, and the server decides when the run stops.
 */
import { NamedError, NumericError, Rooms } from '../../../src/contract/index.ts';
import {
  DICE_TICKET_MAX, diceChance, diceMultiplier, diceRollOf, diceTargetProblem, diceWins, fairTicket, parseHash, payoutOf, randomClientSeed, stakeProblem, toHash, type DiceSide,
} from '../../../src/core/index.ts';
import { mapInOrder, type Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type CallContext, type Handlers } from '../../rpc/context.ts';
import { findUserById, publicUser } from '../../kernel/users.ts';
import { takeNonce } from '../fairness/seeds.ts';
import { autoById, autoOut, latestRolls, rollById, rollByToken, rollOut, rollsOf, type AutoRow, type RollRow } from './store.ts';

/** The house account on the other side of dice stakes and wins. */
export const DICE_HOUSE = { house: 'dice' } as const;

const TOKEN_LENGTH = 32;
const FEED_SIZE = 20;

interface Wager {
  bet: number;
  side: DiceSide;
  target: number;
}

/** Refuses a target outside the chance range or a stake over the limits: INPUT_ERROR. */
function checkWager({ bet, side, target }: Wager): { chance: number; multiplier: number } {
  const targetProblem = diceTargetProblem(side, target);
  if (targetProblem) fail(NumericError.INPUT_ERROR, targetProblem);
  const chance = diceChance(side, target);
  const multiplier = diceMultiplier(chance);
  const problem = stakeProblem(bet, multiplier);
  if (problem) fail(NumericError.INPUT_ERROR, problem);
  return { chance, multiplier };
}

/**
 * Rolls once inside `tx`: debit, ticket, payout, record; answers the roll as stored. The row is
 * built from what was written rather than read back: its pair is the current one, whose server
 * seed no roll reveals in the same transaction.
 */
async function rollOnce(ctx: CallContext, tx: Tx, userId: number, wager: Wager, autoId: number | null): Promise<RollRow> {
  const { chance, multiplier } = checkWager(wager);
  const now = ctx.config.now();
  const pair = await takeNonce(tx, userId, now);
  const ticket = fairTicket(pair.server_seed, pair.client_seed, pair.nonce, DICE_TICKET_MAX);
  const win = diceWins(wager.side, wager.target, diceRollOf(ticket));
  const payout = win ? payoutOf(wager.bet, multiplier) : 0;
  const token = randomClientSeed(TOKEN_LENGTH);
  const { lastInsertRowid: id } = await tx.run(
    `INSERT INTO dice_rolls (token, user_id, bet, side, target, chance, multiplier, ticket, win, payout, seed_pair_id, client_seed, server_seed_hashed, nonce, auto_id, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    token, userId, wager.bet, wager.side, wager.target, chance, multiplier, ticket, win ? 1 : 0, payout,
    pair.id, pair.client_seed, pair.server_seed_hashed, pair.nonce, autoId, now,
  );
  const ref = toHash(id);
  await ctx.ledger.transfer(tx, { from: { user: userId }, to: DICE_HOUSE, amount: wager.bet, type: 'dice_bet', ref });
  if (payout > 0) await ctx.ledger.transfer(tx, { from: DICE_HOUSE, to: { user: userId }, amount: payout, type: 'dice_win', ref });
  const row: RollRow = {
    id, token, user_id: userId, bet: wager.bet, side: wager.side, target: wager.target, chance, multiplier, ticket, win: win ? 1 : 0, payout,
    client_seed: pair.client_seed, server_seed_hashed: pair.server_seed_hashed, server_seed: null, nonce: pair.nonce, auto_id: autoId, created_at: now,
  };
  // The feed shows the player as the roll left them (its experience may have raised the level).
  const entry = { roll: rollOut(row), user: publicUser((await findUserById(tx, userId))!) };
  tx.afterCommit(() => ctx.hub.publish(Rooms.dice, 'DICE_ROLL', entry));
  return row;
}

/** The caller's own auto run; someone else's reads as unknown. */
async function ownAuto(db: Pick<Tx, 'get' | 'all'>, hash: string, userId: number): Promise<AutoRow> {
  const id = parseHash(hash);
  const auto = id === null ? undefined : await autoById(db, id);
  if (!auto || auto.user_id !== userId) fail(NamedError.GAME_ERROR, 'Auto-bet not found.');
  return auto;
}

/** Why a run stops after a roll, or null while it goes on. */
function stopReason(auto: AutoRow): AutoRow['reason'] {
  if (auto.stop_profit !== null && auto.profit >= auto.stop_profit) return 'profit';
  if (auto.stop_loss !== null && -auto.profit >= auto.stop_loss) return 'loss';
  if (auto.rolls >= auto.count) return 'count';
  return null;
}

export const diceHandlers: Handlers = {
  'dice.roll': (params, ctx) => {
    const user = requireUser(ctx);
    checkWager(params);
    return ctx.moneyTx(async (tx) => {
      const roll = await rollOnce(ctx, tx, user.id, params, null);
      return { roll: rollOut(roll), balance: await ctx.ledger.balance(tx, { user: user.id }) };
    });
  },

  'dice.auto-start': ({ bet, side, target, count, stop_profit, stop_loss }, ctx) => {
    const user = requireUser(ctx);
    checkWager({ bet, side, target });
    return ctx.db.transaction(async (tx) => {
      await tx.run("UPDATE dice_autos SET status = 'done', reason = 'stopped' WHERE user_id = ? AND status = 'running'", user.id);
      const { lastInsertRowid: id } = await tx.run(
        "INSERT INTO dice_autos (user_id, bet, side, target, count, stop_profit, stop_loss, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?)",
        user.id, bet, side, target, count, stop_profit ?? null, stop_loss ?? null, ctx.config.now(),
      );
      return { auto: autoOut((await autoById(tx, id))!) };
    });
  },

  'dice.auto-roll': ({ hash }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => {
      const auto = await ownAuto(tx, hash, user.id);
      if (auto.status !== 'running') fail(NamedError.GAME_ERROR, 'Auto-bet is finished.');
      const roll = await rollOnce(ctx, tx, user.id, auto, auto.id);
      const next = { ...auto, rolls: auto.rolls + 1, profit: auto.profit + roll.payout - roll.bet };
      const reason = stopReason(next);
      await tx.run('UPDATE dice_autos SET rolls = ?, profit = ?, status = ?, reason = ? WHERE id = ?', next.rolls, next.profit, reason ? 'done' : 'running', reason, auto.id);
      return { roll: rollOut(roll), auto: autoOut((await autoById(tx, auto.id))!), balance: await ctx.ledger.balance(tx, { user: user.id }) };
    });
  },

  'dice.auto-stop': ({ hash }, ctx) => {
    const user = requireUser(ctx);
    return ctx.db.transaction(async (tx) => {
      const auto = await ownAuto(tx, hash, user.id);
      if (auto.status === 'running') await tx.run("UPDATE dice_autos SET status = 'done', reason = 'stopped' WHERE id = ?", auto.id);
      return { auto: autoOut((await autoById(tx, auto.id))!) };
    });
  },

  'dice.game': async ({ ref }, ctx) => {
    const id = parseHash(ref);
    const row = id !== null ? await rollById(ctx.db, id) : await rollByToken(ctx.db, ref);
    if (!row) fail(NamedError.GAME_ERROR, 'Game not found.');
    return { roll: rollOut(row), user: publicUser((await findUserById(ctx.db, row.user_id))!) };
  },

  'dice.history': async (_params, ctx) => {
    const user = requireUser(ctx);
    return { rolls: (await rollsOf(ctx.db, user.id, FEED_SIZE)).map(rollOut) };
  },

  'dice.recent': async (_params, ctx) => ({
    rolls: await mapInOrder((await latestRolls(ctx.db, FEED_SIZE)), async (row) => ({ roll: rollOut(row), user: publicUser((await findUserById(ctx.db, row.user_id))!) })),
  }),
};
