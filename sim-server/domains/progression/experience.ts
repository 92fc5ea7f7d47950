/**
 * Experience (document 1 sections 1, 3, 9; docs/decisions/0014): every coin wagered on a game
 * earns experience by one rule, kept like money: an entry per change in experience_entries,
 * whose sum is users.exp (and the season's entries' sum users.season_exp), written in the
 * wager's own transaction. The season's share decides
 * the season rank. Level-ups and rank-ups reach the player once per transaction, after commit.
 */
import { levelForExp, rankForSeasonExp, seasonRankOf } from '../../../src/core/levels.ts';
import { periodAt } from '../../../src/core/race-periods.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { CountedWager } from '../../db/ledger.ts';
import type { Hub } from '../../socket/hub.ts';

/** The rule: one experience point per cent of a counted wager (100 per coin). */
export const EXP_PER_CENT = 1;

/** A season lasts 90 days (document 1 section 1, the Battle Pass season), counted from the epoch. */
export const SEASON_MS = 90 * 86_400_000;

/** The season a moment falls in. */
export function seasonAt(now: number): number {
  return Math.floor(now / SEASON_MS);
}

/** When a season starts and ends (ms). */
export function seasonBounds(season: number): { from: number; to: number } {
  return { from: season * SEASON_MS, to: (season + 1) * SEASON_MS };
}

/** A player's figures right after a wager. */
export interface WagerFigures {
  exp: number;
  season_exp: number;
  games_played: number;
  battles_played: number;
}

interface Pending {
  exp: number;
  seasonExp: number;
  expBefore: number;
  seasonExpBefore: number;
}

// What a transaction changed per player, so one commit sends one push per player. Kept on the
// Tx itself: on PostgreSQL several transactions run at once in one process and a body may be
// run again (docs/decisions/0058), each run with its own Tx, so what a rolled-back run gathered
// is never announced (a WeakMap entry per transaction cost GC work on every wager).
const PENDING = Symbol('experience pending');
type Counted = Tx & { [PENDING]?: Map<number, Pending> };

// The last counted wager and whether the player had an active booster when
// it was counted, read in the same statement that counted it. The ledger runs every domain's
// hook for one change before the next change, so one slot serves the boosters' hook of the same
// change (cheaper per wager than a WeakMap entry); a hook that counts another change between
// them only makes the boosters look for themselves.
let countedWager: CountedWager | null = null;
let countedBoosted = false;

/**
 * Whether the player of a wager counted just now had an active booster then, or undefined when
 * this wager was not counted here (the caller looks for itself).
 */
export function boostedWager(wager: CountedWager): boolean | undefined {
  return countedWager === wager ? countedBoosted : undefined;
}

/** A player's experience, level and season standing. */
export async function standingOf(db: Pick<Db, 'get'>, userId: number, now: number) {
  const row = await db.get<{ exp: number; season: number; season_exp: number }>('SELECT exp, season, season_exp FROM users WHERE id = ?', userId);
  const exp = row?.exp ?? 0;
  const seasonExp = row && row.season === seasonAt(now) ? row.season_exp : 0;
  return { exp, level: levelForExp(exp), seasonExp, season: rankForSeasonExp(seasonExp) };
}

/**
 * Counts a counted wager in the caller's transaction: the experience entry and its sum
 * users.exp, the season's share, and the profile's total wager and games. Answers the
 * player's figures after it (what achievements look at) and the race day their row holds.
 */
export async function countWager(tx: Tx, deps: { hub: Pick<Hub, 'toUser'>; now: number; raceNow?: number }, wager: CountedWager): Promise<{ after: WagerFigures; raceDay: number | null }> {
  const { userId, amount: cents } = wager;
  const battle = wager.type === 'arena_join' ? 1 : 0;
  const season = seasonAt(deps.now);
  const amount = cents * EXP_PER_CENT;
  // One statement: RETURNING gives the sums after, a new season starts from zero. `boosted`
  // rides along for the boosters' hook of the same wager, which then needs no query of its own.
  // Today's race points are on the row too (race.ts, docs/decisions/0045): added when the row's
  // race_day is today; else race_day comes back unchanged and addRacePoints starts the new day.
  // The race's day and time (its clock may run ahead in the sim: docs/decisions/0050).
  const raceNow = deps.raceNow ?? deps.now;
  const day = periodAt('daily', raceNow).start;
  const after = (await tx.get<WagerFigures & { exp_entries: number; boosted: number; race_day: number | null }>(
    `UPDATE users SET exp = exp + ?, season_exp = CASE WHEN season = ? THEN season_exp + ? ELSE ? END, season = ?,
            total_wager = total_wager + ?, games_played = games_played + 1, battles_played = battles_played + ?, exp_entries = exp_entries + 1,
            race_wagered = CASE WHEN race_day = ? THEN race_wagered + ? ELSE race_wagered END,
            race_reached_at = CASE WHEN race_day = ? THEN ? ELSE race_reached_at END
      WHERE id = ? RETURNING exp, season_exp, games_played, battles_played, exp_entries, race_day,
            CASE WHEN EXISTS (SELECT 1 FROM boosters b WHERE b.user_id = users.id AND b.status = 'active') THEN 1 ELSE 0 END AS boosted`,
    amount, season, amount, amount, season, cents, battle, day, cents, day, raceNow, userId,
  ))!;
  countedWager = wager;
  countedBoosted = after.boosted === 1;
  await tx.run('INSERT INTO experience_entries (user_id, id, amount, source, ref, season, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', userId, after.exp_entries, amount, wager.type, wager.hash, season, deps.now);
  remember(tx, deps.hub, userId, amount, amount, after.exp - amount, after.season_exp - amount);
  return { after, raceDay: after.race_day };
}

/**
 * Adds experience that no wager stands for (a booster's bonus, docs/decisions/0026) in the
 * caller's transaction: an entry, users.exp and the season's share, but not the wager totals.
 */
export async function addBonusExperience(tx: Tx, deps: { hub: Pick<Hub, 'toUser'>; now: number }, userId: number, amount: number, source: string, ref: string | null): Promise<void> {
  if (!Number.isSafeInteger(amount) || amount <= 0) return;
  const season = seasonAt(deps.now);
  const after = await tx.get<{ exp: number; season_exp: number; exp_entries: number }>(
    `UPDATE users SET exp = exp + ?, season_exp = CASE WHEN season = ? THEN season_exp + ? ELSE ? END, season = ?, exp_entries = exp_entries + 1
      WHERE id = ? RETURNING exp, season_exp, exp_entries`,
    amount, season, amount, amount, season, userId,
  );
  if (!after) return;
  await tx.run('INSERT INTO experience_entries (user_id, id, amount, source, ref, season, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', userId, after.exp_entries, amount, source, ref, season, deps.now);
  remember(tx, deps.hub, userId, amount, amount, after.exp - amount, after.season_exp - amount);
}

function remember(tx: Tx, hub: Pick<Hub, 'toUser'>, userId: number, amount: number, seasonAmount: number, expBefore: number, seasonBefore: number): void {
  let pendingMap = (tx as Counted)[PENDING];
  if (!pendingMap) {
    const map = new Map<number, Pending>();
    (tx as Counted)[PENDING] = pendingMap = map;
    tx.afterCommit(() => announce(hub, map));
  }
  const entry = pendingMap.get(userId);
  if (entry) {
    entry.exp += amount;
    entry.seasonExp += seasonAmount;
  } else {
    pendingMap.set(userId, { exp: amount, seasonExp: seasonAmount, expBefore, seasonExpBefore: seasonBefore });
  }
}

// One #EXPERIENCE_CHANGED per player and transaction (the toast adds the amounts up), and a
// #USER_RANK_CHANGED when the season rank moved.
function announce(hub: Pick<Hub, 'toUser'>, changes: Map<number, Pending>): void {
  for (const [userId, change] of changes) {
    if (change.exp === 0) continue;
    const exp = change.expBefore + change.exp;
    hub.toUser(userId, '#EXPERIENCE_CHANGED', { exp: change.exp, user_progress: { level: levelForExp(exp), exp } });
    if (seasonRankOf(change.seasonExpBefore) !== seasonRankOf(change.seasonExpBefore + change.seasonExp)) {
      const after = rankForSeasonExp(change.seasonExpBefore + change.seasonExp);
      hub.toUser(userId, '#USER_RANK_CHANGED', { rank: after.rank.rank, ...(after.rank_next ? { rank_next: after.rank_next.rank } : {}) });
    }
  }
}
