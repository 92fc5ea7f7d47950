/**
 * Races a partner runs for their referrals (partnership-plus; docs/decisions/0012). The
 * partner puts up the prize, held in the races house account until the race ends; the
 * referrals who wagered most under the partner's code in the race's window share it by
 * place, paid once, also when the server was down at the end.
 */
import { NamedError, NumericError, type PARTNER_RACE_CATEGORIES } from '../../../src/contract/index.ts';
import { toHash } from '../../../src/core/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { AccountRef, CountedWager, Ledger } from '../../db/ledger.ts';
import { fail } from '../../errors.ts';
import { hasTag, type UserRow } from '../../kernel/users.ts';

export type RaceCategory = (typeof PARTNER_RACE_CATEGORIES)[number];
/** Shortest and longest race. */
export const RACE_MIN_DURATION_S = 3_600;
export const RACE_MAX_DURATION_S = 30 * 86_400;
/** The smallest prize: a cent per place at least. */
export const RACE_MIN_PRIZE = 100;

/** Where prizes wait while their race runs. */
const RACES_HOUSE: AccountRef = { house: 'partner_races' };

export interface RaceRow {
  id: number;
  partner_id: number;
  name: string;
  category: RaceCategory;
  prize: number;
  starts_at: number;
  ends_at: number;
  status: 'running' | 'ended' | 'cancelled';
  created_at: number;
  settled_at: number | null;
}

/** Only partners and club members run races; anyone else gets the dashboard's refusal. */
export function requirePartner(user: UserRow): void {
  if (!hasTag(user, 'partner') && !hasTag(user, 'club_member')) fail(NamedError.DASHBOARD_ACCESS_DENIED, 'Partnership plus is for partners and club members');
}

/**
 * The prize of each place, best first: place i of n weighs n - i + 1, so first place gets n
 * shares and last place one; the cents that do not divide go to first place.
 */
export function prizeShares(prize: number, places: number): number[] {
  const weights = Array.from({ length: places }, (_, i) => places - i);
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((prize * w) / total));
  shares[0]! += prize - shares.reduce((a, b) => a + b, 0);
  return shares;
}

export function raceById(db: Pick<Db, 'get'>, id: number): Promise<RaceRow | undefined> {
  return db.get<RaceRow>('SELECT * FROM partner_races WHERE id = ?', id);
}

/** A race the player may see: the partner's own, or their partner's when they are a referral; else RACE_NOT_FOUND. */
export async function visibleRace(db: Pick<Db, 'get'>, id: number, userId: number): Promise<RaceRow> {
  const race = await raceById(db, id);
  const partnerOfUser = (await db.get<{ partner_id: number }>('SELECT partner_id FROM referrals WHERE user_id = ?', userId))?.partner_id;
  if (!race || (race.partner_id !== userId && race.partner_id !== partnerOfUser)) fail(NamedError.RACE_NOT_FOUND, 'Race not found');
  return race;
}

/** A race the player owns and may still change; else RACE_NOT_FOUND or GAME_ERROR once it is over. */
async function ownRunningRace(tx: Tx, id: number, partnerId: number): Promise<RaceRow> {
  const race = await raceById(tx, id);
  if (!race || race.partner_id !== partnerId) fail(NamedError.RACE_NOT_FOUND, 'Race not found');
  if (race.status !== 'running') fail(NumericError.INVALID_DATA, 'The race is over');
  return race;
}

export interface RaceInput {
  name: string;
  category: RaceCategory;
  prize: number;
  /** Seconds the race runs from now. */
  duration: number;
}

function checkInput(input: RaceInput): void {
  if (input.duration < RACE_MIN_DURATION_S || input.duration > RACE_MAX_DURATION_S) fail(NumericError.INPUT_ERROR, `duration: from ${RACE_MIN_DURATION_S} to ${RACE_MAX_DURATION_S} seconds`);
  if (input.prize < RACE_MIN_PRIZE * input.category / 5) fail(NumericError.INPUT_ERROR, `prize: at least ${(RACE_MIN_PRIZE * input.category) / 500} coins for ${input.category} places`);
}

/** Creates a race and holds its prize from the partner's balance (COMMIT_ERROR when it does not cover it). */
export async function createRace(tx: Tx, ledger: Ledger, partner: UserRow, input: RaceInput, now: number): Promise<RaceRow> {
  requirePartner(partner);
  checkInput(input);
  const { lastInsertRowid: id } = await tx.run(
    "INSERT INTO partner_races (partner_id, name, category, prize, starts_at, ends_at, status, created_at) VALUES (?, ?, ?, ?, ?, ?, 'running', ?)",
    partner.id, input.name, input.category, input.prize, now, now + input.duration * 1000, now,
  );
  await ledger.transfer(tx, { from: { user: partner.id }, to: RACES_HOUSE, amount: input.prize, type: 'partner_race_prize', ref: toHash(id) });
  return (await raceById(tx, id))!;
}

/**
 * Changes a running race: its name, places, end and prize. A bigger prize holds the
 * difference from the partner; a smaller one gives it back.
 */
export async function changeRace(tx: Tx, ledger: Ledger, partner: UserRow, id: number, input: RaceInput, now: number): Promise<RaceRow> {
  requirePartner(partner);
  const race = await ownRunningRace(tx, id, partner.id);
  checkInput(input);
  const endsAt = now + input.duration * 1000;
  await tx.run('UPDATE partner_races SET name = ?, category = ?, prize = ?, ends_at = ? WHERE id = ?', input.name, input.category, input.prize, endsAt, id);
  const more = input.prize - race.prize;
  if (more > 0) await ledger.transfer(tx, { from: { user: partner.id }, to: RACES_HOUSE, amount: more, type: 'partner_race_prize', ref: toHash(id) });
  if (more < 0) await ledger.transfer(tx, { from: RACES_HOUSE, to: { user: partner.id }, amount: -more, type: 'partner_race_refund', ref: toHash(id) });
  return (await raceById(tx, id))!;
}

/** Cancels a running race and gives the held prize back. */
export async function cancelRace(tx: Tx, ledger: Ledger, partner: UserRow, id: number, now: number): Promise<RaceRow> {
  requirePartner(partner);
  const race = await ownRunningRace(tx, id, partner.id);
  await tx.run("UPDATE partner_races SET status = 'cancelled', settled_at = ? WHERE id = ? AND status = 'running'", now, id);
  await ledger.transfer(tx, { from: RACES_HOUSE, to: { user: partner.id }, amount: race.prize, type: 'partner_race_refund', ref: toHash(id) });
  return (await raceById(tx, id))!;
}

/** Wager hook: a referral's counted wager counts in their partner's running races. */
export async function countRaceWager(tx: Tx, wager: CountedWager, partnerId: number, now: number): Promise<void> {
  const races = await tx.all<{ id: number }>(
    "SELECT id FROM partner_races WHERE partner_id = ? AND status = 'running' AND starts_at <= ? AND ends_at > ?",
    partnerId, now, now,
  );
  for (const race of races) {
    await tx.run(
      'INSERT INTO partner_race_entries (race_id, user_id, wagered) VALUES (?, ?, ?) ON CONFLICT (race_id, user_id) DO UPDATE SET wagered = partner_race_entries.wagered + excluded.wagered',
      race.id, wager.userId, wager.amount,
    );
  }
}

/** One place of a race's standing. */
export interface Standing {
  place: number;
  user_hash: string;
  name: string;
  wagered: number;
  /** What the place wins (or won, once the race has ended). */
  prize: number;
}

/** The race's leaders with what each place pays. */
export async function standings(db: Pick<Db, 'all'>, race: RaceRow): Promise<Standing[]> {
  const rows = await db.all<{ user_id: number; name: string; wagered: number; prize: number | null }>(
    `SELECT e.user_id, CASE WHEN r.anonymous = 1 THEN 'Hidden' ELSE u.display_name END AS name, e.wagered, e.prize
       FROM partner_race_entries e JOIN users u ON u.id = e.user_id LEFT JOIN referrals r ON r.user_id = e.user_id
      WHERE e.race_id = ? AND e.wagered > 0 ORDER BY e.wagered DESC, e.user_id ASC LIMIT ?`,
    race.id, race.category,
  );
  const shares = prizeShares(race.prize, race.category);
  return rows.map((r, i) => ({ place: i + 1, user_hash: toHash(r.user_id), name: r.name, wagered: r.wagered, prize: race.status === 'ended' ? r.prize ?? 0 : shares[i]! }));
}

/**
 * Settles a race whose end has passed: each place with a wager is paid its share, and the
 * shares of empty places go back to the partner. The status change is conditional, so two
 * settlements of one race (a timer and a restart) pay once.
 */
export async function settleRace(tx: Tx, ledger: Ledger, raceId: number, now: number): Promise<boolean> {
  const race = await raceById(tx, raceId);
  if (!race || race.status !== 'running' || race.ends_at > now) return false;
  if ((await tx.run("UPDATE partner_races SET status = 'ended', settled_at = ? WHERE id = ? AND status = 'running'", now, raceId)).changes !== 1) return false;
  const shares = prizeShares(race.prize, race.category);
  const leaders = await tx.all<{ user_id: number }>('SELECT user_id FROM partner_race_entries WHERE race_id = ? AND wagered > 0 ORDER BY wagered DESC, user_id ASC LIMIT ?', raceId, race.category);
  let paid = 0;
  for (const [i, leader] of leaders.entries()) {
    const share = shares[i]!;
    await tx.run('UPDATE partner_race_entries SET prize = ? WHERE race_id = ? AND user_id = ?', share, raceId, leader.user_id);
    if (share > 0) await ledger.transfer(tx, { from: RACES_HOUSE, to: { user: leader.user_id }, amount: share, type: 'event_leaderboard', ref: toHash(raceId) });
    paid += share;
  }
  if (race.prize > paid) await ledger.transfer(tx, { from: RACES_HOUSE, to: { user: race.partner_id }, amount: race.prize - paid, type: 'partner_race_refund', ref: toHash(raceId) });
  return true;
}

/** Settles every race that has ended; answers how many. */
export async function settleEndedRaces(db: Db, ledger: Ledger, now: number): Promise<number> {
  const due = await db.all<{ id: number }>("SELECT id FROM partner_races WHERE status = 'running' AND ends_at <= ?", now);
  let settled = 0;
  for (const { id } of due) if (await db.transaction((tx) => settleRace(tx, ledger, id, now))) settled += 1;
  return settled;
}

/** A page of a partner's races, newest first, after the race `beforeId`. */
export function racesPage(db: Pick<Db, 'all'>, partnerId: number, page: { beforeId: number | null; count: number }): Promise<RaceRow[]> {
  return db.all<RaceRow>('SELECT * FROM partner_races WHERE partner_id = ? AND id < ? ORDER BY id DESC LIMIT ?', partnerId, page.beforeId ?? Number.MAX_SAFE_INTEGER, page.count);
}
