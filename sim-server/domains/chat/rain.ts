/**
 * Rain (document 2, docs/decisions/0016-chat-rules.md): the house pays 0.1% of every wager
 * into a pot ({house: 'rain'}) and players may tip into it; every RAIN_EVERY_MS a rain opens
 * for RAIN_JOIN_MS when the pot holds at least RAIN_MIN_POT. Joining needs the requirements
 * (last_hour: RAIN_LAST_HOUR_MIN_WAGER in src/core/rain.ts) and a proof-of-work captcha, once
 * per account, per device and per address (docs/decisions/0048). At the close the sorted
 * participants and their hash are written and published; the first beacon block after the
 * close draws the shares (src/core/rain.ts), paid from the pot in one transaction.
 */
import { randomBytes } from 'node:crypto';
import { NamedError, NumericError, Rooms, type Rain, type z, type RainConditions } from '../../../src/contract/index.ts';
import { levelForExp } from '../../../src/core/levels.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import { participantsHash, powValid, rainShares, RAIN_LAST_HOUR_MIN_WAGER, RAIN_POW_BITS } from '../../../src/core/rain.ts';
import { callerOrigin, lastSignInOrigin, type Origin } from '../../auth/sessions.ts';
import { lockNamed, lockedIn, type Db, type Tx } from '../../db/database.ts';
import { wageredSince, type CountedWager } from '../../db/ledger.ts';
import { AppError, fail } from '../../errors.ts';
import { autoJoiners, boostRainShare, hasRunning, useBooster } from '../boosters/effects.ts';
import { requireUser, type Handlers, type Services } from '../../rpc/context.ts';
import type { UserRow } from '../../kernel/users.ts';
import { steamProfileOf } from '../connect/steam-profile.ts';
import { steamRequirementError } from '../../../src/core/steam-profile.ts';
import { postRainRewards, postSpecial } from './special-posts.ts';
import { chatUsers } from './store.ts';

/** Where the pot sits. */
export const RAIN_HOUSE = { house: 'rain' } as const;
/** The house budget the 0.1% comes from. */
export const RAIN_FUNDER = { house: 'promotions' } as const;
/** Per mille of every wager that goes into the pot. */
export const RAIN_PER_MILLE = 1;
export const RAIN_EVERY_MS = 30 * 60_000;
export const RAIN_JOIN_MS = 2 * 60_000;
/** A rain opens only over this pot (cents). */
export const RAIN_MIN_POT = 100;
/** What every scheduled rain asks of its joiners. */
export const RAIN_CONDITIONS: z.output<typeof RainConditions> = { last_hour: true };

interface RainRow {
  id: number;
  status: Rain['status'];
  conditions: string;
  challenge: string;
  difficulty: number;
  created_at: number;
  ends_at: number;
  pot: number | null;
  participants: string | null;
  participants_hash: string | null;
  beacon_number: number | null;
  beacon_id: string | null;
  rewards: string | null;
  finished_at: number | null;
}

type Read = Pick<Db, 'get' | 'all'>;

export const setting = async (db: Read, key: string) => (await db.get<{ value: string }>('SELECT value FROM chat_settings WHERE key = ?', key))?.value;
export const putSetting = (tx: Tx, key: string, value: string) =>
  tx.run('INSERT INTO chat_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value', key, value);

const potNow = (db: Read, services: Pick<Services, 'ledger'>) => services.ledger.balance(db, RAIN_HOUSE);
const joinedCount = async (db: Read, rainId: number) => (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM chat_rain_users WHERE rain_id = ?', rainId))!.n;

/** The rain as the wire shows it. */
async function rainWire(db: Read, services: Pick<Services, 'ledger'>, row: RainRow): Promise<Rain> {
  const rewards = row.rewards ? (JSON.parse(row.rewards) as Record<string, number>) : {};
  return {
    hash: toHash(row.id),
    status: row.status,
    amount: row.pot ?? await potNow(db, services),
    conditions: JSON.parse(row.conditions) as Rain['conditions'],
    states: { start_in: row.created_at, end_in: row.ends_at },
    participants: await joinedCount(db, row.id),
    captcha: { challenge: row.challenge, difficulty: row.difficulty },
    participants_list: row.participants ? (JSON.parse(row.participants) as string[]) : null,
    participants_hash: row.participants_hash,
    beacon: row.beacon_number !== null && row.beacon_id !== null ? { number: row.beacon_number, id: row.beacon_id } : null,
    rewards: Object.entries(rewards).map(([user_hash, reward]) => ({ user_hash, reward })),
  };
}

const openRain = (db: Read) => db.get<RainRow>(`SELECT * FROM chat_rains WHERE status <> 'finished' ORDER BY id DESC LIMIT 1${lockedIn(db)}`);

// Thousandths of a cent carried over (an integer kept as text, as every chat setting is).
const ADD_TO_RAIN_CARRY = `INSERT INTO chat_settings (key, value) VALUES (?, ?)
  ON CONFLICT (key) DO UPDATE SET value = CAST(CAST(chat_settings.value AS INTEGER) + CAST(excluded.value AS INTEGER) AS TEXT)
  RETURNING value`;

/** The chat setting that carries a player's wagers' thousandths of a cent toward the rain. */
export const rainCarryKey = (ledger: Pick<Services['ledger'], 'shardSuffix'>, userId: number): string => `rain_accrued${ledger.shardSuffix(userId)}`;

/** The house's 0.1% of a counted wager, inside the wager's transaction (whole cents; the rest carries over). */
export async function fundRain(tx: Tx, wager: CountedWager, services: Services): Promise<void> {
  // Every wager runs this: the carry is added to in one statement, and written again only on
  // the wager (about one in a thousand at a cent) that makes a whole cent.
  // Every wager's row too: one per shard of the ledger, the player's (docs/decisions/0058), each
  // carrying its own thousandths, so wagers of different players do not queue on one row.
  const key = rainCarryKey(services.ledger, wager.userId);
  const carried = Number((await tx.get<{ value: string }>(ADD_TO_RAIN_CARRY, key, String(wager.amount * RAIN_PER_MILLE)))!.value);
  const whole = Math.floor(carried / 1000);
  if (whole === 0) return;
  await putSetting(tx, key, String(carried - whole * 1000));
  await services.ledger.transfer(tx, { from: RAIN_FUNDER, to: RAIN_HOUSE, amount: whole, type: 'reward', ref: 'rain-fund' });
}

/** Refuses a player who does not meet a requirement, naming it as the spec words it. */
export async function checkConditions(db: Read, user: UserRow, conditions: z.output<typeof RainConditions>, now: number): Promise<void> {
  if (conditions.min_level !== undefined && levelForExp(user.exp) < conditions.min_level) fail(NumericError.INVALID_DATA, `Level ${conditions.min_level}+ on the site`);
  const steam = steamRequirementError(await steamProfileOf(db, user.provider_id), conditions);
  if (steam) fail(NumericError.INVALID_DATA, steam);
  if (conditions.last_hour && await wageredSince(db, user.id, now - 3_600_000) < RAIN_LAST_HOUR_MIN_WAGER) {
    fail(NumericError.INVALID_DATA, `Be active (wager at least ${(RAIN_LAST_HOUR_MIN_WAGER / 100).toFixed(2)} coins) in the last hour`);
  }
  if (conditions.min_wagered !== undefined && await wageredSince(db, user.id, now - 7 * 86_400_000) < conditions.min_wagered) {
    fail(NumericError.INVALID_DATA, `Wager at least ${(conditions.min_wagered / 100).toFixed(2)} coins in the last 7 days`);
  }
  if (conditions.prev_wager) {
    const last = await db.get<RainRow>("SELECT * FROM chat_rains WHERE status = 'finished' AND rewards IS NOT NULL ORDER BY id DESC LIMIT 1");
    const reward = last?.rewards ? ((JSON.parse(last.rewards) as Record<string, number>)[toHash(user.id)] ?? 0) : 0;
    if (reward > 0 && await wageredSince(db, user.id, last!.finished_at ?? 0) < reward) fail(NumericError.INVALID_DATA, 'Wager at least your last rain reward first');
  }
}

/**
 * Why this device, or with ADDRESS_CHECKS this address, may not join the rain (another account
 * joined from it), or null: extra accounts of one player get no extra shares.
 */
async function originTaken(db: Read, rainId: number, origin: Origin, addressChecks: boolean): Promise<string | null> {
  if (origin.device !== null && await db.get('SELECT 1 FROM chat_rain_users WHERE rain_id = ? AND device = ?', rainId, origin.device)) {
    return 'Another account already joined this rain from this device';
  }
  if (addressChecks && origin.ip !== null && await db.get('SELECT 1 FROM chat_rain_users WHERE rain_id = ? AND ip = ?', rainId, origin.ip)) {
    return 'Another account already joined this rain from this address';
  }
  return null;
}

const addJoiner = (tx: Tx, rainId: number, userId: number, origin: Origin, now: number) =>
  tx.run('INSERT INTO chat_rain_users (rain_id, user_id, joined_at, device, ip) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING', rainId, userId, now, origin.device, origin.ip);

/** Opens a rain now (the schedule calls it; tests may too, with an easier captcha). */
export function startRain(services: Services, { conditions = RAIN_CONDITIONS, difficulty = RAIN_POW_BITS } = {}): Promise<Rain> {
  const now = services.config.now();
  return services.db.transaction(async (tx) => {
    // One rain at a time: the clock's and the console's (on any process) meet here.
    await lockNamed(tx, 'chat-rain');
    if (await openRain(tx)) fail(NumericError.INVALID_DATA, 'A rain is already running');
    const { lastInsertRowid } = await tx.run(
      "INSERT INTO chat_rains (status, conditions, challenge, difficulty, created_at, ends_at) VALUES ('active', ?, ?, ?, ?, ?)",
      JSON.stringify(conditions), randomBytes(16).toString('hex'), difficulty, now, now + RAIN_JOIN_MS,
    );
    await autoJoin(tx, services, lastInsertRowid, conditions, now);
    const rain = await rainWire(tx, services, (await tx.get<RainRow>('SELECT * FROM chat_rains WHERE id = ?', lastInsertRowid))!);
    tx.afterCommit(() => services.hub.publish(Rooms.chat, 'CHAT_RAIN_ACTIVE', { rain }));
    return rain;
  });
}

/**
 * Auto-Join boosters (docs/decisions/0026): their players join as the rain opens, without the
 * captcha, if they meet its requirements (or run Free Access), from where they last signed in:
 * one per device and address as any join.
 */
async function autoJoin(tx: Tx, services: Services, rainId: number, conditions: z.output<typeof RainConditions>, now: number): Promise<void> {
  for (const userId of await autoJoiners(tx, now)) {
    const user = await tx.get<UserRow>('SELECT * FROM users WHERE id = ?', userId);
    if (!user) continue;
    try {
      if (!await hasRunning(tx, userId, 'free_access', now)) await checkConditions(tx, user, conditions, now);
    } catch (error) {
      if (error instanceof AppError) continue;
      throw error;
    }
    const origin = await lastSignInOrigin(tx, userId);
    if (await originTaken(tx, rainId, origin, services.config.addressChecks)) continue;
    await addJoiner(tx, rainId, userId, origin, now);
    await useBooster(tx, services.hub, userId, 'auto_join', now);
  }
}

/** Moves the rain along on the clock: open on schedule, close joining, draw once the beacon block exists. */
export function rainTick(services: Services): Promise<void> {
  return services.chat.oneStep(() => rainStep(services));
}

async function rainStep(services: Services): Promise<void> {
  const { db, config, ledger, hub } = services;
  const now = config.now();
  const open = await openRain(db);
  if (!open) {
    // Without the schedule (SIM_SCHEDULES=0: the browser tests) rains open only from the console.
    if (!config.eventSchedules) return;
    const next = Number(await setting(db, 'rain_next_at') ?? '0');
    if (next === 0) await db.transaction((tx) => putSetting(tx, 'rain_next_at', String(now + RAIN_EVERY_MS)));
    else if (now >= next && await potNow(db, services) >= RAIN_MIN_POT) await startRain(services);
    return;
  }
  if (open.status === 'active' && now >= open.ends_at) {
    await db.transaction(async (tx) => {
      // Joins lock the rain too: the list read next is the last one.
      await tx.get('SELECT id FROM chat_rains WHERE id = ? FOR NO KEY UPDATE', open.id);
      const list = (await tx
        .all<{ user_id: number }>('SELECT user_id FROM chat_rain_users WHERE rain_id = ? ORDER BY user_id', open.id))
        .map((r) => toHash(r.user_id));
      if (list.length === 0) {
        // Nobody joined: the pot waits for the next rain.
        await tx.run("UPDATE chat_rains SET status = 'finished', pot = 0, participants = '[]', finished_at = ? WHERE id = ?", now, open.id);
        await putSetting(tx, 'rain_next_at', String(now + RAIN_EVERY_MS));
        const rain = await rainWire(tx, services, { ...open, status: 'finished', pot: 0, participants: '[]', finished_at: now });
        tx.afterCommit(() => hub.publish(Rooms.chat, 'CHAT_RAIN_FINISHED', { rain, users: [] }));
        return;
      }
      const pot = await ledger.balance(tx, RAIN_HOUSE);
      await tx.run("UPDATE chat_rains SET status = 'drawing', pot = ?, participants = ?, participants_hash = ? WHERE id = ?", pot, JSON.stringify(list), participantsHash(list), open.id);
      const rain = await rainWire(tx, services, (await tx.get<RainRow>('SELECT * FROM chat_rains WHERE id = ?', open.id))!);
      tx.afterCommit(() => hub.publish(Rooms.chat, 'CHAT_RAIN_SHARE', { rain }));
    });
    return;
  }
  if (open.status === 'drawing') {
    // The block must come after the list was fixed, so nobody could know it when joining closed.
    const block = services.beacon.blockAfter(open.ends_at);
    if (!block) return;
    await db.transaction(async (tx) => {
      const list = JSON.parse(open.participants!) as string[];
      const shares = rainShares(open.pot!, list, block.id);
      for (const [hash, reward] of shares) {
        await ledger.transfer(tx, { from: RAIN_HOUSE, to: { user: parseHash(hash)! }, amount: reward, type: 'reward', ref: toHash(open.id) });
        await boostRainShare(tx, { ledger, hub, now }, parseHash(hash)!, reward, toHash(open.id), open.ends_at);
      }
      await tx.run(
        "UPDATE chat_rains SET status = 'finished', beacon_number = ?, beacon_id = ?, rewards = ?, finished_at = ? WHERE id = ?",
        block.number, block.id, JSON.stringify(Object.fromEntries(shares)), now, open.id,
      );
      await putSetting(tx, 'rain_next_at', String(now + RAIN_EVERY_MS));
      const rain = await rainWire(tx, services, (await tx.get<RainRow>('SELECT * FROM chat_rains WHERE id = ?', open.id))!);
      const users = Object.values(await chatUsers(tx, [...shares.keys()].map((h) => parseHash(h)!), now));
      tx.afterCommit(() => hub.publish(Rooms.chat, 'CHAT_RAIN_FINISHED', { rain, users }));
      await postRainRewards(tx, { hub, now }, open.id, open.pot!, shares);
    });
  }
}

export const rainHandlers: Handlers = {
  'chat-rain.get': async (_params, ctx) => {
    const row = await openRain(ctx.db);
    const joined = Boolean(row && ctx.user && await ctx.db.get('SELECT 1 FROM chat_rain_users WHERE rain_id = ? AND user_id = ?', row.id, ctx.user.id));
    return {
      rain: row ? await rainWire(ctx.db, ctx, row) : null,
      joined,
      pot: await potNow(ctx.db, ctx),
      next_at: Number(await setting(ctx.db, 'rain_next_at') ?? '0'),
    };
  },

  'chat-rain.join': ({ rain_hash, token }, ctx) => {
    const user = requireUser(ctx);
    const now = ctx.config.now();
    return ctx.db.transaction(async (tx) => {
      const id = parseHash(rain_hash);
      const row = (id !== null && await tx.get<RainRow>('SELECT * FROM chat_rains WHERE id = ? FOR NO KEY UPDATE', id)) || fail(NumericError.NOT_FOUND, 'Rain not found');
      if (row.status !== 'active' || now >= row.ends_at) fail(NumericError.INVALID_DATA, 'This rain is closed');
      if (await tx.get('SELECT 1 FROM chat_rain_users WHERE rain_id = ? AND user_id = ?', row.id, user.id)) fail(NumericError.INVALID_DATA, 'You are already a participant');
      const origin = await callerOrigin(tx, ctx);
      const taken = await originTaken(tx, row.id, origin, ctx.config.addressChecks);
      if (taken) fail(NumericError.INVALID_DATA, taken);
      if (!await hasRunning(tx, user.id, 'free_access', now)) await checkConditions(tx, user, JSON.parse(row.conditions) as z.output<typeof RainConditions>, now);
      else await useBooster(tx, ctx.hub, user.id, 'free_access', now);
      if (!token || !powValid(row.challenge, toHash(user.id), token, row.difficulty)) fail(NamedError.CAPTCHA_REQUIRED, 'Solve the captcha to join');
      await addJoiner(tx, row.id, user.id, origin, now);
      const participants = await joinedCount(tx, row.id);
      tx.afterCommit(() => ctx.hub.publish(Rooms.chat, 'CHAT_RAIN_PARTICIPANTS', { rain_hash: toHash(row.id), participants }));
      return { success: true, participants };
    });
  },

  'chat-rain.tip': ({ amount, anonymous }, ctx) => {
    const user = requireUser(ctx);
    return ctx.moneyTx(async (tx) => {
      const { debitBalance } = await ctx.ledger.transfer(tx, { from: { user: user.id }, to: RAIN_HOUSE, amount, type: 'tip', ref: 'rain' });
      const pot = await ctx.ledger.balance(tx, RAIN_HOUSE);
      tx.afterCommit(() => ctx.hub.publish(Rooms.chat, 'CHAT_RAIN_POT', { pot }));
      await postSpecial(tx, { hub: ctx.hub, now: ctx.config.now() }, 'rakeback_rain', user.id, { type: 'tip', amount, anonymous: Boolean(anonymous) });
      return { success: true, pot, balance: debitBalance };
    });
  },

  'chat-rain.getRewards': async ({ rain_hash }, ctx) => {
    const id = rain_hash === undefined ? null : parseHash(rain_hash);
    const row =
      id !== null
        ? await ctx.db.get<RainRow>("SELECT * FROM chat_rains WHERE id = ? AND status = 'finished'", id)
        : await ctx.db.get<RainRow>("SELECT * FROM chat_rains WHERE status = 'finished' AND rewards IS NOT NULL ORDER BY id DESC LIMIT 1");
    if (!row) return { rain: null, users: {} };
    const rain = await rainWire(ctx.db, ctx, row);
    return { rain, users: await chatUsers(ctx.db, rain.rewards.map((r) => parseHash(r.user_hash)!), ctx.config.now()) };
  },
};
