/**
 * What the world console sets off now (docs/decisions/0050): every timed or rare event of the
 * spec, through the same domain code as when it happens by itself. Each action checks its
 * parameters first and throws an AppError (the spec's envelope) before it changes anything.
 */
import { randomBytes } from 'node:crypto';
import { NumericError, Rooms, z } from '../../../src/contract/index.ts';
import { parseHash, toHash } from '../../../src/core/hash-id.ts';
import { RACE_PERIODS, periodAt } from '../../../src/core/race-periods.ts';
import { fail } from '../../errors.ts';
import { parseBody } from '../../rpc/console-http.ts';
import type { Services } from '../../rpc/context.ts';
import { findUserByName, type UserRow } from '../../kernel/users.ts';
import { RAIN_FUNDER, RAIN_HOUSE, rainTick, startRain } from '../chat/rain.ts';
import { startSteal, stealTick } from '../chat/steal.ts';
import { postHouseMessage } from '../live/house-posts.ts';
import { closeParty, type PartyRow } from '../parties/store.ts';
import { settleRaces } from '../progression/race.ts';
import { basicVerified } from '../security/secure.ts';
import { startStream, stopStream } from '../streams/store.ts';
import { maintenanceOf, raceOffsetOf, writeSetting, type MaintenanceState } from './settings.ts';

/** A yes/no from JSON or a form ('1', 'true', 'on' are yes). */
const flag = () => z.optional(z.union([z.boolean(), z.enum(['0', '1', 'true', 'false', 'on', 'off'])]));
const yes = (value: boolean | string | undefined) => value === true || value === '1' || value === 'true' || value === 'on';
/** Coins as a form or JSON gives them, up to two decimals; answered in cents. */
const coins = (max: number) => z.coerce.number().check(z.gt(0), z.lte(max));
const cents = (value: number) => Math.round(value * 100);
const playerName = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(64));

/** The player of a login name, or NOT_FOUND naming it. */
export async function playerNamed(s: Pick<Services, 'db'>, name: string): Promise<UserRow> {
  return await findUserByName(s.db, name.trim()) ?? fail(NumericError.NOT_FOUND, `No player named ${name.trim()}`);
}

// Rain.

const RainStartBody = z.object({ pot: z.optional(coins(100_000)) });

/** Opens a rain now; with `pot` (coins) the house first adds that much to the pot. */
export async function rainStart(s: Services, body: unknown) {
  const { pot } = parseBody(RainStartBody, body);
  if (await s.db.get("SELECT 1 FROM chat_rains WHERE status <> 'finished'")) fail(NumericError.INVALID_DATA, 'A rain is already running');
  if (pot !== undefined) await s.db.transaction((tx) => s.ledger.transfer(tx, { from: RAIN_FUNDER, to: RAIN_HOUSE, amount: cents(pot), type: 'reward', ref: 'rain-fund' }));
  return startRain(s);
}

/** Closes the running rain's joining now: its participants are published and the next beacon block draws it (about a second). */
export async function rainClose(s: Services) {
  const open = await s.db.get<{ id: number }>("SELECT id FROM chat_rains WHERE status = 'active' ORDER BY id DESC LIMIT 1") ?? fail(NumericError.INVALID_DATA, 'No rain is open for joining');
  const now = s.config.now();
  await s.db.transaction((tx) => tx.run("UPDATE chat_rains SET ends_at = ? WHERE id = ? AND status = 'active'", now, open.id));
  await rainTick(s);
  return { hash: toHash(open.id), ...(await s.db.get<{ status: string; ends_at: number }>('SELECT status, ends_at FROM chat_rains WHERE id = ?', open.id))! };
}

// Split or steal.

const StealStartBody = z.object({ winners: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(6))), reward: z.optional(coins(10_000)) });

/** Opens a split-or-steal game now (1 to 6 winners, 2 by default; the reward in coins, 10 by default). */
export function stealStart(s: Services, body: unknown) {
  const { winners, reward } = parseBody(StealStartBody, body);
  return startSteal(s, { ...(winners === undefined ? {} : { winners }), ...(reward === undefined ? {} : { reward: cents(reward) }) });
}

const openSteal = (s: Pick<Services, 'db'>) => s.db.get<{ id: number; status: string }>("SELECT id, status FROM chat_steal_games WHERE status <> 'closed' ORDER BY id DESC LIMIT 1");
const stealNow = async (s: Pick<Services, 'db'>, id: number) => ({ hash: toHash(id), ...(await s.db.get<{ status: string; result: string | null }>('SELECT status, result FROM chat_steal_games WHERE id = ?', id))! });

/** Closes the waiting game's joining now: the next beacon block draws the picks and the roulette spins (8 s), then the battle. */
export async function stealRoll(s: Services) {
  const game = await openSteal(s);
  if (!game || game.status !== 'waiting') fail(NumericError.INVALID_DATA, 'No split-or-steal game is waiting for players');
  await s.db.transaction((tx) => tx.run("UPDATE chat_steal_games SET roll_at = ? WHERE id = ? AND status = 'waiting'", s.config.now(), game.id));
  await stealTick(s);
  return stealNow(s, game.id);
}

/** Ends the battling game's decisions now (a missing decision counts as split) and pays it. */
export async function stealEnd(s: Services) {
  const game = await openSteal(s);
  if (!game || game.status !== 'battling') fail(NumericError.INVALID_DATA, 'No split-or-steal game is battling');
  await s.db.transaction((tx) => tx.run("UPDATE chat_steal_games SET end_at = ? WHERE id = ? AND status = 'battling'", s.config.now(), game.id));
  await stealTick(s);
  return stealNow(s, game.id);
}

// The race.

const RaceEndBody = z.object({ period: z.enum(RACE_PERIODS) });

/**
 * Ends the race period now: the race's clock moves to the period's end (shorter periods that
 * end on the way end with it), the settlement pays every period that ended, once, and the
 * boards start the next period. The clock only moves forward.
 */
export async function raceEnd(s: Services, body: unknown) {
  const { period } = parseBody(RaceEndBody, body);
  const now = s.config.now();
  const raceNow = s.raceBoards.clock(now);
  const ended = periodAt(period, raceNow);
  const offset = await raceOffsetOf(s.db) + (ended.end - raceNow);
  await s.db.transaction((tx) => writeSetting(tx, 'race_clock_offset', offset, now));
  applyRaceOffset(s, offset);
  const paid = await settleRaces({ db: s.db, ledger: s.ledger, hub: s.hub, now: s.raceBoards.clock(now) });
  const prizes = await s.db.all<{ place: number; user_id: number; wagered: number; amount: number }>(
    'SELECT place, user_id, wagered, amount FROM race_prizes WHERE period = ? AND start_at = ? ORDER BY place', period, ended.start,
  );
  return {
    period, start: ended.start, end: ended.end, periods_paid: paid, offset,
    prizes: prizes.map((p) => ({ place: p.place, user_hash: toHash(p.user_id), wagered: p.wagered, amount: p.amount })),
    next: periodAt(period, s.raceBoards.clock(now)),
  };
}

/** Follows a race clock offset: the boards are read again for the periods it puts them in. */
export function applyRaceOffset(s: Pick<Services, 'raceBoards'>, offset: number): void {
  if (s.raceBoards.offset === offset) return;
  s.raceBoards.offset = offset;
  s.raceBoards.forget();
}

// Maintenance.

const MaintenanceBody = z.object({
  open: z.union([z.boolean(), z.enum(['0', '1', 'true', 'false', 'on', 'off'])]),
  going_down: flag(),
  message: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});

/** What a state tells the sockets: a maintenance running, or one just over. */
export function maintenanceFrame(state: MaintenanceState) {
  return { going_down: state.open && state.going_down, active: state.open, ...(state.message ? { message: state.message } : {}) };
}

/** Tells this process's sockets the state, and every socket that connects while it runs (each process does the same for its own). */
export function tellMaintenance(s: Pick<Services, 'hub'>, state: MaintenanceState): number {
  s.hub.greet('SERVER_MAINTENANCE', state.open ? maintenanceFrame(state) : null);
  return s.hub.broadcast('SERVER_MAINTENANCE', maintenanceFrame(state));
}

/** Opens (clients set their cookie, reload and show the maintenance screen) or closes a maintenance. */
export async function maintenance(s: Services, body: unknown, told: (state: MaintenanceState) => void) {
  const parsed = parseBody(MaintenanceBody, body);
  const open = yes(parsed.open);
  const current = await maintenanceOf(s.db);
  if (!open && !current.open) fail(NumericError.INVALID_DATA, 'No maintenance is running');
  const now = s.config.now();
  const state: MaintenanceState = open
    ? { open: true, going_down: yes(parsed.going_down), message: parsed.message || null, since: now }
    : { open: false, going_down: false, message: parsed.message || null, since: null };
  await s.db.transaction((tx) => writeSetting(tx, 'maintenance', state, now));
  told(state);
  return { ...state, sockets_told: tellMaintenance(s, state) };
}

// Prompts to one player.

const PlayerBody = z.object({ name: playerName() });

/** Sends a protection challenge to a player's sockets (the modal of CAPTCHA_REQUIRED; their calls wait until it is passed). */
export async function protection(s: Services, body: unknown) {
  const user = await playerNamed(s, parseBody(PlayerBody, body).name);
  const token = randomBytes(16).toString('hex');
  s.hub.toUser(user.id, 'PROTECTION_CHALLENGE', { token });
  return { user_hash: toHash(user.id), token };
}

/** Pushes BASIC_VERIFY_REQUIRED to a player who has not passed basic verification. */
export async function requireVerification(s: Services, body: unknown) {
  const user = await playerNamed(s, parseBody(PlayerBody, body).name);
  if (await basicVerified(s.db, user.id)) fail(NumericError.INVALID_DATA, `${user.name} has passed basic verification already`);
  s.hub.toUser(user.id, 'BASIC_VERIFY_REQUIRED', { message: 'Verify your identity to continue: full name, date of birth and country.' });
  return { user_hash: toHash(user.id) };
}

const PartyBody = z.object({ name: playerName(), now: flag() });

/**
 * The party a player hosts: without `now` they get CLOSE_PARTY (the close-party flow: their
 * modal asks them to close it); with `now` the party is closed here, as its host would.
 */
export async function partyClose(s: Services, body: unknown) {
  const { name, now } = parseBody(PartyBody, body);
  const user = await playerNamed(s, name);
  const party = await s.db.get<PartyRow>("SELECT * FROM stream_parties WHERE host_id = ? AND status <> 'closed'", user.id) ?? fail(NumericError.INVALID_DATA, `${user.name} hosts no open party`);
  if (!yes(now)) {
    s.hub.toUser(user.id, 'CLOSE_PARTY', { message: 'Your stream party must be closed before the arena goes on.' });
    return { party: toHash(party.id), prompted: true, closed: false };
  }
  const refunded = await s.db.transaction((tx) => closeParty(tx, s, party));
  return { party: toHash(party.id), prompted: false, closed: true, refunded };
}

// Cases.

const CaseBody = z.object({ box: z.string().check(z.trim(), z.minLength(1), z.maxLength(64)) });

async function caseOf(s: Pick<Services, 'catalog'>, ref: string) {
  const view = await s.catalog.view();
  const id = parseHash(ref.trim());
  return (id !== null ? view.box(id) : view.boxByKey(ref.trim())) ?? fail(NumericError.NOT_FOUND, `No case ${ref.trim()}`);
}

/** Retires a case live: it can no longer be opened or put in a new battle; the lobby hears LOBBY_BOX_DEPRECATED. A restart restores the catalog of the code. */
export async function deprecateCase(s: Services, body: unknown) {
  const box = await caseOf(s, parseBody(CaseBody, body).box);
  if (box.deprecated) fail(NumericError.INVALID_DATA, `Box ${box.out.hash} deprecated.`);
  await s.db.transaction(async (tx) => {
    await tx.run('UPDATE boxes SET deprecated = 1 WHERE id = ?', box.id);
    tx.afterCommit(() => {
      s.catalog.forget();
      s.broker?.announce({ kind: 'catalog' });
      s.hub.publish(Rooms.lobby, 'LOBBY_BOX_DEPRECATED', { box_hash: box.out.hash, key: box.key });
    });
  });
  return { box_hash: box.out.hash, key: box.key, deprecated: true };
}

/** Puts a case retired from the console back (no event: clients see it again on their next read). */
export async function restoreCase(s: Services, body: unknown) {
  const box = await caseOf(s, parseBody(CaseBody, body).box);
  if (!box.deprecated) fail(NumericError.INVALID_DATA, `Box ${box.out.hash} is not deprecated`);
  await s.db.transaction(async (tx) => {
    await tx.run('UPDATE boxes SET deprecated = 0 WHERE id = ?', box.id);
    tx.afterCommit(() => {
      s.catalog.forget();
      s.broker?.announce({ kind: 'catalog' });
    });
  });
  return { box_hash: box.out.hash, key: box.key, deprecated: false };
}

// Streams.

const StreamStartBody = z.object({
  name: playerName(),
  channel: z.optional(z.string().check(z.trim(), z.maxLength(40))),
  title: z.optional(z.string().check(z.trim(), z.maxLength(80))),
  followers: z.optional(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000_000))),
});

/** Puts a player on air (STREAM_ONLINE to LOBBY, a stream message in the chat). */
export async function streamStart(s: Services, body: unknown) {
  const { name, channel, title, followers } = parseBody(StreamStartBody, body);
  const user = await playerNamed(s, name);
  return s.db.transaction((tx) => startStream(tx, s, user, { channel: channel || user.name, title: title || 'Live in the arena', followers: followers ?? 1_250 }));
}

/** Takes a player's stream off air (STREAM_OFFLINE). */
export async function streamStop(s: Services, body: unknown) {
  const user = await playerNamed(s, parseBody(PlayerBody, body).name);
  const live = await s.db.get<{ id: number }>('SELECT id FROM streams WHERE user_id = ? AND ended_at IS NULL', user.id) ?? fail(NumericError.INVALID_DATA, `${user.name} is not live`);
  await s.db.transaction((tx) => stopStream(tx, s, toHash(live.id)));
  return { hash: toHash(live.id), stopped: true };
}

// The house's chat messages.

const HouseBody = z.object({ kind: z.enum(['discord', 'item']), item: z.optional(z.string().check(z.trim(), z.maxLength(16))) });

/** Posts the house's message now (the schedule's discord promo or item spotlight). */
export function houseMessage(s: Services, body: unknown) {
  const { kind, item } = parseBody(HouseBody, body);
  return postHouseMessage(s, kind, item || undefined);
}
