/**
 * arena-battle.* and arena-mode-rob.*: every command loads the battle inside one transaction,
 * brings it to the clock's now, runs the engine's command and applies the step (apply.ts) with
 * its ledger transfers; a refusal answers the contract's error and moves nothing.
 */
import { randomBytes } from 'node:crypto';
import { NamedError, NumericError } from '../../../src/contract/index.ts';
import {
  battleOptions,
  defaultSeats,
  expandHash,
  formatScheme,
  parseHash,
  parseScheme,
  randomClientSeed,
  schemePrice,
  schemeRounds,
  sha256Hex,
  toHash,
} from '../../../src/core/index.ts';
import type { Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type CallContext, type Handlers } from '../../rpc/context.ts';
import { shuffledBots } from '../../world/bots.ts';
import { publicUser } from '../../kernel/users.ts';
import type { BoxVersion } from '../cases/catalog-store.ts';
import { currentClientSeed } from '../fairness/seeds.ts';
import { advanceBattle, applyStep, engineFail } from './apply.ts';
import {
  accept,
  callBots,
  commitRobDecision,
  createBattle,
  joinBattle,
  kickFromBattle,
  leaveBattle,
  refuse,
  revealRobDecision,
  sponsorSeats,
  type BattleResult,
  type BattleState,
  type DropItem,
} from './engine.ts';
import { releaseOnRefusal } from '../../kernel/flood.ts';
import { FLOOD_TEXT } from './flood.ts';
import { battleById, battleByRef, battleByToken, insertBattle, playerOf, type BattleRow } from './store.ts';
import { battleGameOut, battleMessageOut, battlePath, gameRoomOf, robOut } from './views.ts';
import { checkReaction } from './reactions.ts';

/** Length of a battle's token (document 1 section 7: a 32-character token). */
const TOKEN_LENGTH = 32;

function gameNotFound(): never {
  fail(NamedError.GAME_ERROR, 'Game not found.');
}

// The cases of a scheme at their current versions; an unknown or deprecated one refuses the create.
async function schemeBoxes(ctx: CallContext, entries: readonly { box: string }[]): Promise<Map<number, BoxVersion>> {
  const catalog = await ctx.catalog.view();
  const boxes = new Map<number, BoxVersion>();
  for (const { box } of entries) {
    const found = catalog.box(parseHash(box)!) ?? fail(NumericError.INVALID_DATA, `Box ${box} not found.`);
    if (found.deprecated) fail(NumericError.INVALID_DATA, `Box ${found.out.hash} deprecated.`);
    boxes.set(found.id, found);
  }
  return boxes;
}

// A battle's command in one transaction: the battle by token, brought to now, then `command`.
async function onBattle<T>(ctx: CallContext, tx: Tx, row: BattleRow | undefined, command: (state: BattleState, now: number) => BattleResult | Promise<BattleResult>, answer: (row: BattleRow, state: BattleState, now: number) => T): Promise<T> {
  if (!row) gameNotFound();
  const now = ctx.config.now();
  const state = await advanceBattle(ctx.battles.deps, tx, row, now, (current) => command(current, now));
  return answer(row, state, now);
}

const gameAnswer = (row: BattleRow, state: BattleState, now: number) => ({ success: true, game: battleGameOut(row, state, now) });

/** Battle methods. */
export const battleHandlers: Handlers = {
  'arena-battle.create': async ({ scheme, mode, number, kings, seed, personal = false, options = {} }, ctx) => {
    const user = requireUser(ctx);
    const parsed = parseScheme(scheme);
    if (!parsed.ok) fail(NumericError.INPUT_ERROR, `scheme: ${parsed.error}`);
    const boxes = await schemeBoxes(ctx, parsed.entries);
    const catalog = await ctx.catalog.view();
    const tables: Record<string, DropItem[]> = {};
    for (const box of boxes.values()) {
      tables[box.out.hash] = box.slots.map((slot) => ({ item: toHash(slot.itemId), range: slot.range, price: catalog.item(slot.itemId)!.price }));
    }
    const price = schemePrice(parsed.entries, ({ box }) => boxes.get(parseHash(box)!)!.price);
    const seats = number ?? defaultSeats(mode);
    const setup = battleOptions({
      crazy: options.crazy ?? false,
      terminal: options.terminal ?? false,
      tiebreak: options.tiebreak ?? false,
      kings: kings ?? 0,
      rob: options.rob ?? false,
      share: options.share ?? false,
      fast: options.fast ?? false,
    });
    const { deps } = ctx.battles;
    return ctx.moneyTx(async (tx) => {
      const now = ctx.config.now();
      const serverSeed = randomBytes(32).toString('hex');
      const id = await insertBattle(tx, {
        token: randomClientSeed(TOKEN_LENGTH),
        creatorId: user.id,
        personal,
        scheme: formatScheme(parsed.entries),
        boxVersions: Object.fromEntries([...boxes.values()].map((box) => [box.id, box.version])),
        seats,
        price,
        serverSeed,
        serverSeedHashed: sha256Hex(serverSeed),
        now,
      });
      const row = (await battleById(tx, id))!;
      const result = createBattle(
        {
          id: toHash(id),
          personal,
          creator: playerOf(user.id),
          creatorSeed: seed ?? await currentClientSeed(tx, user.id, now),
          creatorBorrow: (await ctx.ledger.split(tx, user.id)).borrow,
          seats,
          mode,
          options: setup,
          price,
          boxes: tables,
          rounds: schemeRounds(parsed.entries),
          serverSeed,
        },
        now,
      );
      if (!result.ok) engineFail(result.error);
      await applyStep(deps, tx, row, null, result, now);
      return { success: true, path: battlePath(row), game: battleGameOut(row, result.state, now), users: [publicUser(user)] };
    });
  },

  'arena-battle.join': ({ token, options, seed }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) =>
      onBattle(
        ctx, tx, await battleByToken(tx, token),
        async (state, now) => joinBattle(state, { player: playerOf(user.id), seat: options?.seat, clientSeed: seed ?? await currentClientSeed(tx, user.id, now), borrow: (await ctx.ledger.split(tx, user.id)).borrow }, now),
        (row, state, now) => ({ success: true, path: battlePath(row), game: battleGameOut(row, state, now) }),
      ),
    );
  },

  'arena-battle.leave': ({ token }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => onBattle(ctx, tx, await battleByToken(tx, token), (state, now) => leaveBattle(state, { player: playerOf(user.id) }, now), gameAnswer));
  },

  'arena-battle.kick': ({ game_token, user_hash }, ctx) => {
    const user = requireUser(ctx);
    const player = expandHash(user_hash) ?? fail(NumericError.INPUT_ERROR, 'user_hash: expected an SF hash');
    return ctx.moneyTx(async (tx) =>
      onBattle(ctx, tx, await battleByToken(tx, game_token), (state, now) => kickFromBattle(state, { by: playerOf(user.id), player }, now), gameAnswer),
    );
  },

  'arena-battle.run': ({ token }, ctx) => {
    const user = requireUser(ctx);
    const battles = ctx.battles;
    return ctx.db.transaction(async (tx) => {
      const row = await battleByToken(tx, token) ?? gameNotFound();
      const me = playerOf(user.id);
      if (battles.deps.states.get(row).creator !== me) fail(NumericError.ACCESS_DENIED, 'Only the creator can start the battle');
      // Already under way: nothing to start, the answer is its state.
      const start = (state: BattleState, now: number) => (state.status === 'waiting' ? callBots(state, { by: me, bots: shuffledBots(battles.bots) }, now) : accept(state, []));
      return onBattle(ctx, tx, row, start, gameAnswer);
    });
  },

  'arena-battle.callBots': ({ hash }, ctx) => {
    const user = requireUser(ctx);
    const { bots } = ctx.battles;
    return ctx.db.transaction(async (tx) =>
      onBattle(ctx, tx, await battleByRef(tx, hash, user.id), (state, now) => callBots(state, { by: playerOf(user.id), bots: shuffledBots(bots) }, now), gameAnswer),
    );
  },

  'arena-battle.sponsor': ({ token, seats }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => onBattle(ctx, tx, await battleByToken(tx, token), (state, now) => sponsorSeats(state, { by: playerOf(user.id), seats }, now), gameAnswer));
  },

  'arena-battle.lobbyJoin': ({ token, seed }, ctx) => {
    const user = requireUser(ctx);
    const me = playerOf(user.id);
    return ctx.db.transaction(async (tx) => {
      const row = token === undefined ? await sponsoredBattle(tx, user.id) : await battleByToken(tx, token);
      if (!row) fail(NumericError.INVALID_DATA, 'No sponsored seat is free.');
      // Only a seat a sponsor paid: the joiner is never charged here.
      const join = async (state: BattleState, now: number) =>
        state.status === 'waiting' && state.sponsorCredits.length === 0
          ? refuse('NO_FREE_SEATS', 'No sponsored seat is free.')
          : joinBattle(state, { player: me, clientSeed: seed ?? await currentClientSeed(tx, user.id, now), borrow: (await ctx.ledger.split(tx, user.id)).borrow }, now);
      return onBattle(ctx, tx, row, join, (battle, state, now) => ({ success: true, path: battlePath(battle), game: battleGameOut(battle, state, now) }));
    });
  },

  'arena-battle.message': async ({ token, text }, ctx) => {
    const user = requireUser(ctx);
    const found = await battleByToken(ctx.db, token) ?? gameNotFound();
    const now = ctx.config.now();
    // Taken before the transaction (Redis answers asynchronously), given back if the write fails.
    const flood = await ctx.battles.flood.messages.take(`${user.id}:${found.id}`, now);
    return releaseOnRefusal(flood, () => ctx.db.transaction(async (tx) => {
      const row = await battleByToken(tx, token) ?? gameNotFound();
      if (!flood.allowed) fail(NumericError.INVALID_DATA, FLOOD_TEXT.message);
      const { lastInsertRowid: id } = await tx.run('INSERT INTO battle_messages (battle_id, user_id, text, created_at) VALUES (?, ?, ?, ?)', row.id, user.id, text, now);
      const message = battleMessageOut({ id, battle_id: row.id, user_id: user.id, text, created_at: now });
      const author = publicUser(user);
      tx.afterCommit(() => ctx.hub.publish(gameRoomOf(row), 'ARENA_GAME_MESSAGE', { message, user: author }));
      return { success: true, message };
    }));
  },

  'arena-battle.reaction': async ({ token, reaction }, ctx) => {
    const user = requireUser(ctx);
    const row = await battleByToken(ctx.db, token) ?? gameNotFound();
    const now = ctx.config.now();
    await checkReaction(ctx.db, user.id, reaction);
    if (!(await ctx.battles.flood.reactions.take(`${user.id}:${row.id}`, now)).allowed) fail(NumericError.INVALID_DATA, FLOOD_TEXT.reaction);
    ctx.hub.publish(gameRoomOf(row), 'ARENA_GAME_REACTION', { game_hash: toHash(row.id), user_hash: toHash(user.id), reaction, time: now });
    return { success: true };
  },

  'arena-mode-rob.commit': ({ token, decision_hashed }, ctx) => {
    const user = requireUser(ctx);
    return ctx.db.transaction(async (tx) =>
      onBattle(ctx, tx, await battleByToken(tx, token), (state, now) => commitRobDecision(state, { player: playerOf(user.id), hashed: decision_hashed }, now), robAnswer),
    );
  },

  'arena-mode-rob.reveal': ({ token, decision, decision_salt }, ctx) => {
    const user = requireUser(ctx);
    return ctx.db.transaction(async (tx) =>
      onBattle(ctx, tx, await battleByToken(tx, token), (state, now) => revealRobDecision(state, { player: playerOf(user.id), decision, salt: decision_salt }, now), robAnswer),
    );
  },
};

function robAnswer(_row: BattleRow, state: BattleState) {
  // A command that reached the rob phase always leaves it in the state (finished included).
  return { success: true, rob: robOut(state.rob!) };
}

// The oldest public waiting battle with a sponsor's seat free that the player is not in.
// The state is JSON text: read here rather than with an engine's JSON functions (few battles wait).
async function sponsoredBattle(tx: Tx, userId: number): Promise<BattleRow | undefined> {
  const waiting = await tx.all<BattleRow>(
    `SELECT * FROM battles WHERE status = 'waiting' AND personal = 0
       AND NOT EXISTS (SELECT 1 FROM battle_seats s WHERE s.battle_id = battles.id AND s.user_id = ?)
     ORDER BY id`,
    userId,
  );
  const found = waiting.find((row) => ((JSON.parse(row.state) as { sponsorCredits?: unknown[] }).sponsorCredits?.length ?? 0) > 0);
  // Read again under its row lock: the command is decided on the battle as it is now.
  return found && battleById(tx, found.id);
}
