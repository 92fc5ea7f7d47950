/**
 * The wager race (Race+): each wager adds its cents to the player's points of the UTC day, in
 * the wager's transaction (today's on the player's row, earlier days in race_days: decision
 * 0045); a period's standings sum its days. When a period ends the house
 * pays its places once: race_payouts' primary key is taken in the same transaction as the
 * prizes, so a timer tick, a restart or a second try can never pay a period twice.
 */
import type { Db, Tx } from '../../db/database.ts';
import type { Ledger } from '../../db/ledger.ts';
import type { Hub } from '../../socket/hub.ts';
import { issueAchievement } from './achievements.ts';
import { RaceBoard, type BoardEntry } from './race-board.ts';
import { RACE_PERIODS, RACE_SHARES, periodAt, prizeOf, type RacePeriod } from '../../../src/core/race-periods.ts';

/** The house account prizes come from. */
export const RACE_HOUSE = { house: 'race' } as const;

/** A committed change of a player's points on a day, as the boards of every process follow it. */
export interface RaceChange {
  userId: number;
  day: number;
  delta: number;
  at: number;
}

/**
 * The live boards of one server: the current period of each kind, built on first read. In a
 * cluster each committed change is also told to the other processes (`share`, through the
 * broker), which `apply` it to theirs: every process shows every process's wagers.
 */
export class RaceBoards {
  private readonly boards = new Map<RacePeriod, { start: number; end: number; board: RaceBoard }>();

  /** Tells the other processes a change this one committed (set when a broker is present). */
  share: ((change: RaceChange) => void) | null = null;

  /**
   * The race's clock runs this many milliseconds ahead of the server's (0 but in the sim, whose
   * console ends a race period now by moving it to the period's end: docs/decisions/0050).
   * Every race reading goes through clock(): points, boards, settlement, the leaderboard.
   */
  offset = 0;

  /** The race's time at the server's `now`. */
  clock(now: number): number {
    return now + this.offset;
  }

  private readonly db: Pick<Db, 'all'>;

  constructor(db: Pick<Db, 'all'>) {
    this.db = db;
  }

  /** The current board of a period kind at the server's `now` (rebuilt from the days when a new period began). */
  async current(period: RacePeriod, now: number): Promise<{ start: number; end: number; board: RaceBoard }> {
    const { start, end } = periodAt(period, this.clock(now));
    const held = this.boards.get(period);
    if (held?.start === start) return held;
    const fresh = { start, end, board: new RaceBoard(await standingsOf(this.db, start, end)) };
    this.boards.set(period, fresh);
    return fresh;
  }

  /** A committed change of a player's points on `day`: the boards that hold that day follow it. */
  apply(userId: number, day: number, delta: number, at: number): void {
    for (const held of this.boards.values()) if (day >= held.start && day < held.end) held.board.add(userId, delta, at);
  }

  /** A change this process committed: applied here and told to the others. */
  committed(change: RaceChange): void {
    this.apply(change.userId, change.day, change.delta, change.at);
    this.share?.(change);
  }

  /**
   * Drops the boards, so the next read rebuilds them from the record: after the link to the
   * other processes was lost, the changes told meanwhile were not heard.
   */
  forget(): void {
    this.boards.clear();
  }
}

/**
 * Each player's points by day between two moments, as rows (user_id, wagered, reached_at): the
 * days moved into race_days and the day still on the player's row (docs/decisions/0045). A
 * player can have both for one day (rows written before migration 66): readers sum them.
 * Takes its bounds twice: (start, end, start, end).
 */
const POINTS_BETWEEN = `SELECT user_id, wagered, reached_at FROM race_days WHERE day >= ? AND day < ?
  UNION ALL SELECT id AS user_id, race_wagered AS wagered, race_reached_at AS reached_at FROM users WHERE race_day >= ? AND race_day < ?`;

/** Every player's points between two moments (whole days), straight from the record. */
function standingsOf(db: Pick<Db, 'all'>, start: number, end: number): Promise<BoardEntry[]> {
  return db.all<BoardEntry>(
    `SELECT user_id AS userId, SUM(wagered) AS points, MAX(reached_at) AS reachedAt FROM (${POINTS_BETWEEN}) p GROUP BY user_id`,
    start, end, start, end,
  );
}

/** A player's place in the race of the UTC day `now` falls in, or null without points that day (parties' tier rules). */
export async function placeOfDay(db: Pick<Db, 'get'>, userId: number, now: number): Promise<number | null> {
  const { start, end } = periodAt('daily', now);
  const mine = await db.get<{ points: number; reached_at: number }>(
    `SELECT SUM(wagered) AS points, MAX(reached_at) AS reached_at FROM (${POINTS_BETWEEN}) p WHERE user_id = ? GROUP BY user_id`,
    start, end, start, end, userId,
  );
  if (!mine) return null;
  return (await db.get<{ n: number }>(
    `SELECT COUNT(*) AS n FROM (SELECT user_id, SUM(wagered) AS points, MAX(reached_at) AS reached_at FROM (${POINTS_BETWEEN}) p GROUP BY user_id) d
      WHERE points > ? OR (points = ? AND reached_at < ?)`,
    start, end, start, end, mine.points, mine.points, mine.reached_at,
  ))!.n + 1;
}

/**
 * Adds signed cents of wager to the player's points of today (on the race's clock), in the caller's transaction.
 * Today's points are on the player's row: a wager's UPDATE of that row (countWager) already
 * added them when the row's race_day is today, and `rowDay` is that race_day. On the first
 * wager of another day, the row's figures move into race_days and the row starts today. A
 * refund takes back at most what the player has today (a wager of an earlier day was counted
 * in that day's race), from the row first.
 */
export async function addRacePoints(tx: Tx, boards: RaceBoards, userId: number, cents: number, serverNow: number, rowDay: number | null): Promise<void> {
  const now = boards.clock(serverNow);
  const day = periodAt('daily', now).start;
  let delta = cents;
  if (cents > 0) {
    if (rowDay !== day) await startDay(tx, userId, day, cents, now);
  } else {
    const row = await tx.get<{ race_day: number | null; race_wagered: number }>('SELECT race_day, race_wagered FROM users WHERE id = ? FOR NO KEY UPDATE', userId);
    const onRow = row?.race_day === day ? row.race_wagered : 0;
    const inDays = (await tx.get<{ wagered: number }>('SELECT wagered FROM race_days WHERE day = ? AND user_id = ?', day, userId))?.wagered ?? 0;
    delta = -Math.min(onRow + inDays, -cents);
    if (delta === 0) return;
    const fromRow = Math.min(onRow, -delta);
    if (fromRow > 0) await tx.run('UPDATE users SET race_wagered = race_wagered - ? WHERE id = ?', fromRow, userId);
    if (-delta > fromRow) await tx.run('UPDATE race_days SET wagered = wagered - ? WHERE day = ? AND user_id = ?', -delta - fromRow, day, userId);
  }
  tx.afterCommit(() => boards.committed({ userId, day, delta, at: now }));
}

/** The player's first wager of `day`: the row's earlier day moves into race_days, then the row holds this wager's points. */
async function startDay(tx: Tx, userId: number, day: number, cents: number, now: number): Promise<void> {
  await tx.run(
    `INSERT INTO race_days (day, user_id, wagered, reached_at) SELECT race_day, id, race_wagered, race_reached_at FROM users WHERE id = ? AND race_day IS NOT NULL
     ON CONFLICT (day, user_id) DO UPDATE SET wagered = race_days.wagered + excluded.wagered,
       reached_at = CASE WHEN excluded.reached_at > race_days.reached_at THEN excluded.reached_at ELSE race_days.reached_at END`,
    userId,
  );
  await tx.run('UPDATE users SET race_day = ?, race_wagered = ?, race_reached_at = ? WHERE id = ?', day, cents, now, userId);
}

/** One place of a leaderboard. */
export interface RaceStanding {
  place: number;
  user_id: number;
  wagered: number;
  prize: number;
}

const standing = (period: RacePeriod, place: number, entry: BoardEntry): RaceStanding => ({ place, user_id: entry.userId, wagered: entry.points, prize: prizeOf(period, place) });

/** A period's standings at the server's `now`: the top `count` places, a player's own place and the field's size. */
export async function leaderboardOf(db: Db, boards: RaceBoards, period: RacePeriod, start: number, now: number, count: number, viewer: number | null) {
  const current = await boards.current(period, now);
  // Past periods are read from the record: they no longer change.
  const board = current.start === start ? current.board : new RaceBoard(await standingsOf(db, start, periodAt(period, start).end));
  const top = board.top(count).map((entry, i) => standing(period, i + 1, entry));
  const mine = viewer === null ? null : board.placeOf(viewer);
  return { top, me: mine && standing(period, mine.place, mine.entry), players: board.size };
}

/** Whether a period's prizes were paid. */
export async function payoutOf(db: Pick<Db, 'get'>, period: RacePeriod, start: number): Promise<{ paid_at: number } | null> {
  return await db.get<{ paid_at: number }>('SELECT paid_at FROM race_payouts WHERE period = ? AND start_at = ?', period, start) ?? null;
}

/** What settling needs of the server. */
export interface SettleDeps {
  db: Db;
  ledger: Ledger;
  hub: Pick<Hub, 'toUser'>;
  now: number;
}

/** Pays every period that has ended by `deps.now` (the race's clock) and is not paid yet; answers how many periods it paid. */
export async function settleRaces(deps: SettleDeps): Promise<number> {
  // Each distinct day by an index seek: the table holds a row per player and day.
  // The days still on players' rows too (docs/decisions/0045), by users_race_day.
  const days: number[] = [];
  const next = async (after: number) => {
    const moved = (await deps.db.get<{ d: number | null }>('SELECT MIN(day) AS d FROM race_days WHERE day > ?', after))?.d ?? null;
    const onRows = (await deps.db.get<{ d: number | null }>('SELECT MIN(race_day) AS d FROM users WHERE race_day > ?', after))?.d ?? null;
    return moved === null ? onRows : onRows === null ? moved : Math.min(moved, onRows);
  };
  for (let day = await next(Number.MIN_SAFE_INTEGER); day !== null; day = await next(day)) days.push(day);
  let paid = 0;
  for (const period of RACE_PERIODS) {
    const current = periodAt(period, deps.now).start;
    const starts = new Set(days.map((day) => periodAt(period, day).start).filter((start) => start < current));
    for (const start of starts) if (await payPeriod(deps, period, start)) paid++;
  }
  return paid;
}

async function payPeriod(deps: SettleDeps, period: RacePeriod, start: number): Promise<boolean> {
  if (await payoutOf(deps.db, period, start)) return false;
  const { end } = periodAt(period, start);
  if (end > deps.now) return false;
  return deps.db.transaction(async (tx) => {
    const winners = (await tx
      .all<BoardEntry>(
        `SELECT user_id AS userId, SUM(wagered) AS points, MAX(reached_at) AS reachedAt FROM (${POINTS_BETWEEN}) p
          GROUP BY user_id HAVING SUM(wagered) > 0 ORDER BY points DESC, reachedAt, userId LIMIT ?`,
        start, end, start, end, RACE_SHARES.length,
      ))
      .map((entry, i) => standing(period, i + 1, entry))
      .filter((w) => w.prize > 0);
    const claimed = await tx.get<{ start_at: number }>(
      'INSERT INTO race_payouts (period, start_at, paid_at, winners) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING start_at',
      period, start, deps.now, winners.length,
    );
    if (!claimed) return false;
    for (const w of winners) {
      await deps.ledger.transfer(tx, { from: RACE_HOUSE, to: { user: w.user_id }, amount: w.prize, type: 'event_leaderboard', ref: `race:${period}:${start}:${w.place}` });
      await tx.run('INSERT INTO race_prizes (period, start_at, place, user_id, wagered, amount) VALUES (?, ?, ?, ?, ?, ?)', period, start, w.place, w.user_id, w.wagered, w.prize);
      if (w.place <= 3) await issueAchievement(tx, deps.hub, w.user_id, 'podium', deps.now);
    }
    return true;
  });
}

// This domain's long-lived part on the server's Services (the RPC layer names no domain: docs/design.md section 3).
declare module '../../rpc/context.ts' {
  interface DomainRuntimes {
    /** The race's live boards: the current period of each kind. */
    raceBoards: RaceBoards;
  }
}
