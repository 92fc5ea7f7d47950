/**
 * The wager race (Race+): each wager adds its cents to the player's points in the current
 * daily, weekly and monthly period, in the wager's transaction. When a period ends the house
 * pays its places once: race_payouts' primary key is taken in the same transaction as the
 * prizes, so a timer tick, a restart or two processes racing can never pay a period twice.
 */
import type { Db, Tx } from '../../db/database.ts';
import type { Ledger } from '../../db/ledger.ts';
import type { Hub } from '../../socket/hub.ts';
import { RACE_PERIODS, RACE_SHARES, periodAt, periodFrom, prizeOf, type RacePeriod } from './race-periods.ts';

/** The house account prizes come from. */
export const RACE_HOUSE = { house: 'race' } as const;

/** Adds signed cents of wager to the player's points in every current period (never below zero). */
export function addRacePoints(tx: Tx, userId: number, cents: number, now: number): void {
  for (const period of RACE_PERIODS) {
    const { start } = periodAt(period, now);
    if (cents > 0) {
      tx.run(
        `INSERT INTO race_points (period, start_at, user_id, wagered, reached_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (period, start_at, user_id) DO UPDATE SET wagered = wagered + excluded.wagered, reached_at = excluded.reached_at`,
        period, start, userId, cents, now,
      );
    } else {
      tx.run('UPDATE race_points SET wagered = MAX(0, wagered + ?) WHERE period = ? AND start_at = ? AND user_id = ?', cents, period, start, userId);
    }
  }
}

/** One place of a leaderboard. */
export interface RaceStanding {
  place: number;
  user_id: number;
  wagered: number;
  prize: number;
}

/** The top `limit` places of a period, best first (ties: who got there first). */
export function topOf(db: Pick<Db, 'all'>, period: RacePeriod, start: number, limit: number): RaceStanding[] {
  const rows = db.all<{ user_id: number; wagered: number }>(
    `SELECT user_id, wagered FROM race_points WHERE period = ? AND start_at = ? AND wagered > 0
      ORDER BY wagered DESC, reached_at, user_id LIMIT ?`,
    period, start, limit,
  );
  return rows.map((row, i) => ({ place: i + 1, user_id: row.user_id, wagered: row.wagered, prize: prizeOf(period, i + 1) }));
}

/** One player's place in a period, or null when they have not wagered in it. */
export function placeOf(db: Pick<Db, 'get'>, period: RacePeriod, start: number, userId: number): RaceStanding | null {
  const mine = db.get<{ wagered: number; reached_at: number }>('SELECT wagered, reached_at FROM race_points WHERE period = ? AND start_at = ? AND user_id = ?', period, start, userId);
  if (!mine || mine.wagered === 0) return null;
  const ahead = db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM race_points WHERE period = ? AND start_at = ?
        AND (wagered > ? OR (wagered = ? AND (reached_at < ? OR (reached_at = ? AND user_id < ?))))`,
    period, start, mine.wagered, mine.wagered, mine.reached_at, mine.reached_at, userId,
  )!.n;
  return { place: ahead + 1, user_id: userId, wagered: mine.wagered, prize: prizeOf(period, ahead + 1) };
}

/** How many players wagered in a period. */
export function playersOf(db: Pick<Db, 'get'>, period: RacePeriod, start: number): number {
  return db.get<{ n: number }>('SELECT COUNT(*) AS n FROM race_points WHERE period = ? AND start_at = ? AND wagered > 0', period, start)!.n;
}

/** Whether a period's prizes were paid, and when. */
export function payoutOf(db: Pick<Db, 'get'>, period: RacePeriod, start: number): { paid_at: number } | null {
  return db.get<{ paid_at: number }>('SELECT paid_at FROM race_payouts WHERE period = ? AND start_at = ?', period, start) ?? null;
}

/** What settling needs of the server. */
export interface SettleDeps {
  db: Db;
  ledger: Ledger;
  hub: Pick<Hub, 'toUser'>;
  now: number;
}

/** Pays every period that has ended and is not paid yet; answers how many periods it paid. */
export function settleRaces(deps: SettleDeps): number {
  let paid = 0;
  for (const period of RACE_PERIODS) {
    const current = periodAt(period, deps.now).start;
    const due = deps.db.all<{ start_at: number }>(
      `SELECT DISTINCT p.start_at FROM race_points p
        WHERE p.period = ? AND p.start_at < ?
          AND NOT EXISTS (SELECT 1 FROM race_payouts o WHERE o.period = p.period AND o.start_at = p.start_at)`,
      period, current,
    );
    for (const { start_at: start } of due) if (payPeriod(deps, period, start)) paid++;
  }
  return paid;
}

function payPeriod(deps: SettleDeps, period: RacePeriod, start: number): boolean {
  if (periodFrom(period, start).end > deps.now) return false;
  return deps.db.transaction((tx) => {
    const winners = topOf(tx, period, start, RACE_SHARES.length).filter((w) => w.prize > 0);
    const claimed = tx.get<{ start_at: number }>(
      'INSERT INTO race_payouts (period, start_at, paid_at, winners) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING start_at',
      period, start, deps.now, winners.length,
    );
    if (!claimed) return false;
    for (const w of winners) {
      deps.ledger.transfer(tx, { from: RACE_HOUSE, to: { user: w.user_id }, amount: w.prize, type: 'event_leaderboard', ref: `race:${period}:${start}:${w.place}` });
      tx.run('INSERT INTO race_prizes (period, start_at, place, user_id, wagered, amount) VALUES (?, ?, ?, ?, ?, ?)', period, start, w.place, w.user_id, w.wagered, w.prize);
    }
    return true;
  });
}
