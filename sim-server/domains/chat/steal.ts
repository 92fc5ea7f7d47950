/**
 * Split-or-steal (document 2, docs/design.md section 6, docs/decisions/0016): the house puts
 * STEAL_REWARD into escrow ({house: 'steal'}) and opens a game every STEAL_EVERY_MS with 1 to
 * 6 winners; players join while it waits (requirements and the proof-of-work captcha, as the
 * rain). At roll_at the first beacon block after it picks the winners and the roulette strip
 * (src/core/steal-roulette.ts), which spins for STEAL_ROLL_MS - 2 s; then each winner commits
 * split or steal, shown as SHA-256(decision-salt) until the game closes (all decided, or
 * end_at: a missing decision counts as split). All split share the reward, exactly one steal
 * takes it all, two or more return it to the house. Paid from escrow in the closing transaction.
 */
import { randomBytes } from 'node:crypto';
import { NamedError, NumericError, Rooms, type RainConditions, type StealGame, type z } from '../../../src/contract/index.ts';
import { hashDecision } from '../../../src/core/fair-ticket.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import { STEAL_ROULETTE, STEAL_WINNERS_MAX, STEAL_WINNERS_MIN, stealPayout, stealPicks, stealStrip } from '../../../src/core/steal-roulette.ts';
import { powValid, RAIN_POW_BITS } from '../../../src/core/rain.ts';
import { lockNamed, lockedIn, type Db, type Tx } from '../../db/database.ts';
import { fail } from '../../errors.ts';
import { requireUser, type Handlers, type Services } from '../../rpc/context.ts';
import { checkConditions, putSetting, RAIN_FUNDER, setting } from './rain.ts';
import type { UserRow } from '../../kernel/users.ts';
import { namedPlayer, postSpecial } from './special-posts.ts';
import { chatUsers } from './store.ts';

const STEAL_HOUSE = { house: 'steal' } as const;
export const STEAL_REWARD = 1_000;
export const STEAL_EVERY_MS = 20 * 60_000;
export const STEAL_WAIT_MS = 60_000;
export const STEAL_BATTLE_MS = 30_000;
/** From the draw to the battle: the roulette spins for this minus STEAL_ROULETTE.settleMs. */
export const STEAL_ROLL_MS = 8_000;
const STEAL_CONDITIONS: z.output<typeof RainConditions> = { last_hour: true };

type Decision = 'split' | 'steal';
interface StoredPlayer {
  user_id: number;
  decision: Decision | null;
  salt: string | null;
  decision_hashed: string | null;
  reward: number;
}
interface GameRow {
  id: number;
  status: StealGame['status'];
  reward: number;
  conditions: string;
  challenge: string;
  difficulty: number;
  created_at: number;
  roll_at: number;
  battle_at: number | null;
  end_at: number | null;
  beacon_id: string | null;
  players: string | null;
  result: StealGame['result'];
  winners: number;
  roulette: string | null;
  anonymous: number;
}
type Read = Pick<Db, 'get' | 'all'>;

const playersOf = (row: GameRow): StoredPlayer[] => (row.players ? (JSON.parse(row.players) as StoredPlayer[]) : []);
const participantsOf = async (db: Read, id: number) => (await db.all<{ user_id: number }>('SELECT user_id FROM chat_steal_users WHERE game_id = ? ORDER BY user_id', id)).map((r) => r.user_id);

async function gameWire(db: Read, row: GameRow): Promise<StealGame> {
  const closed = row.status === 'closed';
  const players = playersOf(row);
  // An anonymous game names nobody it drew until it closes (docs/decisions/0052).
  const hidden = row.anonymous === 1 && !closed;
  return {
    hash: toHash(row.id),
    status: row.status,
    anonymous: row.anonymous === 1,
    reward: row.reward,
    conditions: JSON.parse(row.conditions) as StealGame['conditions'],
    captcha: { challenge: row.challenge, difficulty: row.difficulty },
    participants: (await participantsOf(db, row.id)).length,
    players: players.map((p) => ({
      hash: hidden ? null : toHash(p.user_id),
      decision_hashed: p.decision_hashed,
      decision: closed ? p.decision : null,
      salt: closed ? p.salt : null,
      reward: p.reward,
    })),
    winners: row.winners,
    roulette: row.roulette && !hidden ? (JSON.parse(row.roulette) as StealGame['roulette']) : null,
    players_hashes: hidden ? [] : players.map((p) => toHash(p.user_id)),
    states: { roll_at: row.roll_at, battle_at: row.battle_at, end_at: row.end_at },
    beacon: row.beacon_id,
    result: row.result,
  };
}

/** The players a game shows: the picks and the roulette's units. */
const namedIn = (game: StealGame) => [...new Set([...game.players.flatMap((p) => (p.hash === null ? [] : [p.hash])), ...(game.roulette?.units ?? [])])].map((h) => parseHash(h)!);

const gameById = (db: Read, id: number) => db.get<GameRow>(`SELECT * FROM chat_steal_games WHERE id = ?${lockedIn(db)}`, id);
const openGame = (db: Read) => db.get<GameRow>(`SELECT * FROM chat_steal_games WHERE status <> 'closed' ORDER BY id DESC LIMIT 1${lockedIn(db)}`);

async function publish(tx: Tx, services: Services, id: number, type: 'CHAT_STEAL_UPDATED' | 'CHAT_STEAL_ROLL'): Promise<void> {
  const game = await gameWire(tx, (await gameById(tx, id))!);
  const users = Object.values(await chatUsers(tx, namedIn(game), services.config.now()));
  tx.afterCommit(() => services.hub.publish(Rooms.chat, type, { game, users }));
}

/**
 * Opens a game now, its reward escrowed from the house (the schedule calls it; tests and the sim
 * console may too). `anonymous` hides who was picked until the close.
 */
export function startSteal(services: Services, { difficulty = RAIN_POW_BITS, reward = STEAL_REWARD, winners = 2, anonymous = false } = {}): Promise<StealGame> {
  const now = services.config.now();
  if (!Number.isInteger(winners) || winners < STEAL_WINNERS_MIN || winners > STEAL_WINNERS_MAX) fail(NumericError.INPUT_ERROR, `Winners must be ${STEAL_WINNERS_MIN} to ${STEAL_WINNERS_MAX}`);
  return services.db.transaction(async (tx) => {
    // One game at a time: the clock's and the console's (on any process) meet here.
    await lockNamed(tx, 'chat-steal');
    if (await openGame(tx)) fail(NumericError.INVALID_DATA, 'A split-or-steal game is already running');
    const { lastInsertRowid } = await tx.run(
      "INSERT INTO chat_steal_games (status, reward, conditions, challenge, difficulty, created_at, roll_at, winners, anonymous) VALUES ('waiting', ?, ?, ?, ?, ?, ?, ?, ?)",
      reward, JSON.stringify(STEAL_CONDITIONS), randomBytes(16).toString('hex'), difficulty, now, now + STEAL_WAIT_MS, winners, anonymous ? 1 : 0,
    );
    await services.ledger.transfer(tx, { from: RAIN_FUNDER, to: STEAL_HOUSE, amount: reward, type: 'reward', ref: toHash(lastInsertRowid) });
    const game = await gameWire(tx, (await gameById(tx, lastInsertRowid))!);
    tx.afterCommit(() => services.hub.publish(Rooms.chat, 'CHAT_STEAL_CREATED', { game }));
    return game;
  });
}

/** Pays out by the decisions and closes (a missing decision counts as split). */
async function closeGame(tx: Tx, services: Services, row: GameRow): Promise<void> {
  const players = playersOf(row);
  const { result, rewards } = stealPayout(row.reward, players.map((p) => p.decision));
  players.forEach((p, i) => (p.reward = rewards[i]!));
  for (const p of players) if (p.reward > 0) await services.ledger.transfer(tx, { from: STEAL_HOUSE, to: { user: p.user_id }, amount: p.reward, type: 'reward', ref: toHash(row.id) });
  if (result === 'lost') await services.ledger.transfer(tx, { from: STEAL_HOUSE, to: RAIN_FUNDER, amount: row.reward, type: 'reward', ref: toHash(row.id) });
  await tx.run("UPDATE chat_steal_games SET status = 'closed', players = ?, result = ? WHERE id = ?", JSON.stringify(players), result, row.id);
  await putSetting(tx, 'steal_next_at', String(services.config.now() + STEAL_EVERY_MS));
  await publish(tx, services, row.id, 'CHAT_STEAL_UPDATED');
  // The chat hears how it ended (a chat_steal message from the house, docs/decisions/0050).
  const participants = (await participantsOf(tx, row.id)).length;
  const named: ReturnType<typeof namedPlayer>[] = [];
  for (const p of players) {
    const user = await tx.get<UserRow>('SELECT * FROM users WHERE id = ?', p.user_id);
    if (user) named.push(namedPlayer(user, p.reward, p.decision));
  }
  await postSpecial(tx, { hub: services.hub, now: services.config.now() }, 'chat_steal', null, {
    game_hash: toHash(row.id),
    result,
    reward: row.reward,
    participants,
    players: named,
  });
}

/** Moves the game along on the clock. */
export function stealTick(services: Services): Promise<void> {
  return services.chat.oneStep(() => stealStep(services));
}

async function stealStep(services: Services): Promise<void> {
  const { db, config, ledger } = services;
  const now = config.now();
  const row = await openGame(db);
  if (!row) {
    // Without the schedule (SIM_SCHEDULES=0: the browser tests) games open only from the console.
    if (!config.eventSchedules) return;
    const next = Number(await setting(db, 'steal_next_at') ?? '0');
    if (next === 0) await db.transaction((tx) => putSetting(tx, 'steal_next_at', String(now + STEAL_EVERY_MS)));
    // The schedule takes turns: a game after an open one is anonymous, and the next open again.
    else if (now >= next) await startSteal(services, { anonymous: (await db.get<{ anonymous: number }>('SELECT anonymous FROM chat_steal_games ORDER BY id DESC LIMIT 1'))?.anonymous === 0 });
    return;
  }
  if (row.status === 'waiting' && now >= row.roll_at) {
    await db.transaction(async (tx) => {
      // Joins lock the game too: the participants read next are the last ones.
      await gameById(tx, row.id);
      // A draw needs someone to lose it: at least two joiners, and at least one per winner.
      if ((await participantsOf(tx, row.id)).length < Math.max(2, row.winners)) {
        await ledger.transfer(tx, { from: STEAL_HOUSE, to: RAIN_FUNDER, amount: row.reward, type: 'reward', ref: toHash(row.id) });
        await tx.run("UPDATE chat_steal_games SET status = 'closed', result = 'cancelled' WHERE id = ?", row.id);
        await putSetting(tx, 'steal_next_at', String(now + STEAL_EVERY_MS));
        await publish(tx, services, row.id, 'CHAT_STEAL_UPDATED');
        return;
      }
      await tx.run("UPDATE chat_steal_games SET status = 'rolling' WHERE id = ?", row.id);
      await publish(tx, services, row.id, 'CHAT_STEAL_UPDATED');
    });
    return;
  }
  if (row.status === 'rolling' && row.battle_at === null) {
    const block = services.beacon.blockAfter(row.roll_at);
    if (!block) return;
    await db.transaction(async (tx) => {
      const hash = toHash(row.id);
      const pool = (await participantsOf(tx, row.id)).map(toHash);
      const picks = stealPicks(block.id, hash, pool, row.winners);
      const strip = stealStrip(block.id, hash, pool, picks[0]!);
      const battleAt = now + STEAL_ROLL_MS;
      const roulette: NonNullable<StealGame['roulette']> = { participants: pool, ...strip, timestamp_end: battleAt - STEAL_ROULETTE.settleMs };
      const players: StoredPlayer[] = picks.map((h) => ({ user_id: parseHash(h)!, decision: null, salt: null, decision_hashed: null, reward: 0 }));
      await tx.run(
        'UPDATE chat_steal_games SET beacon_id = ?, players = ?, roulette = ?, battle_at = ? WHERE id = ?',
        block.id, JSON.stringify(players), JSON.stringify(roulette), battleAt, row.id,
      );
      await publish(tx, services, row.id, 'CHAT_STEAL_ROLL');
    });
    return;
  }
  if (row.status === 'rolling' && row.battle_at !== null && now >= row.battle_at) {
    await db.transaction(async (tx) => {
      await tx.run("UPDATE chat_steal_games SET status = 'battling', end_at = ? WHERE id = ?", row.battle_at! + STEAL_BATTLE_MS, row.id);
      await publish(tx, services, row.id, 'CHAT_STEAL_UPDATED');
    });
    return;
  }
  if (row.status === 'battling' && row.end_at !== null && now >= row.end_at) await db.transaction(async (tx) => closeGame(tx, services, (await gameById(tx, row.id))!));
}

export const stealHandlers: Handlers = {
  'chat-steal.get': async ({ game_hash }, ctx) => {
    // With game_hash: that game's public record (the replay page), null when there is none.
    const id = game_hash === undefined ? null : parseHash(game_hash);
    const row =
      game_hash !== undefined
        ? id === null ? undefined : await gameById(ctx.db, id)
        : (await openGame(ctx.db) ?? await ctx.db.get<GameRow>('SELECT * FROM chat_steal_games ORDER BY id DESC LIMIT 1'));
    if (!row) return { game: null, joined: false, seat: null, users: {} };
    const game = await gameWire(ctx.db, row);
    const joined = Boolean(ctx.user && await ctx.db.get('SELECT 1 FROM chat_steal_users WHERE game_id = ? AND user_id = ?', row.id, ctx.user.id));
    const seat = ctx.user ? playersOf(row).findIndex((p) => p.user_id === ctx.user!.id) : -1;
    return { game, joined, seat: seat === -1 ? null : seat, users: await chatUsers(ctx.db, namedIn(game), ctx.config.now()) };
  },

  'chat-steal.join': ({ game_hash, token }, ctx) => {
    const user = requireUser(ctx);
    const now = ctx.config.now();
    return ctx.db.transaction(async (tx) => {
      const id = parseHash(game_hash);
      const row = (id !== null && await gameById(tx, id)) || fail(NumericError.NOT_FOUND, 'Game not found');
      if (row.status !== 'waiting' || now >= row.roll_at) fail(NumericError.INVALID_DATA, 'This game is no longer open');
      if (await tx.get('SELECT 1 FROM chat_steal_users WHERE game_id = ? AND user_id = ?', row.id, user.id)) fail(NumericError.INVALID_DATA, 'You already joined');
      await checkConditions(tx, user, JSON.parse(row.conditions) as z.output<typeof RainConditions>, now);
      if (!powValid(row.challenge, toHash(user.id), token, row.difficulty)) fail(NamedError.CAPTCHA_REQUIRED, 'Solve the captcha to join');
      await tx.run('INSERT INTO chat_steal_users (game_id, user_id, joined_at) VALUES (?, ?, ?)', row.id, user.id, now);
      await publish(tx, ctx, row.id, 'CHAT_STEAL_UPDATED');
      return { success: true, participants: (await participantsOf(tx, row.id)).length };
    });
  },

  'chat-steal.decision': ({ game_hash, decision }, ctx) => {
    const user = requireUser(ctx);
    return ctx.db.transaction(async (tx) => {
      const id = parseHash(game_hash);
      const row = (id !== null && await gameById(tx, id)) || fail(NumericError.NOT_FOUND, 'Game not found');
      if (row.status !== 'battling') fail(NumericError.INVALID_DATA, 'Decisions are taken while the game is battling');
      const players = playersOf(row);
      const me = players.find((p) => p.user_id === user.id) ?? fail(NumericError.ACCESS_DENIED, 'Only the picked players decide');
      if (me.decision !== null) fail(NumericError.INVALID_DATA, 'Your decision is already in');
      me.decision = decision as Decision;
      me.salt = randomBytes(16).toString('hex');
      me.decision_hashed = hashDecision(decision, me.salt);
      await tx.run('UPDATE chat_steal_games SET players = ? WHERE id = ?', JSON.stringify(players), row.id);
      const updated = (await gameById(tx, row.id))!;
      if (players.every((p) => p.decision !== null)) await closeGame(tx, ctx, updated);
      else await publish(tx, ctx, row.id, 'CHAT_STEAL_UPDATED');
      return { success: true, decision_hashed: me.decision_hashed };
    });
  },
};
