/**
 * Experience (document 1 sections 1, 3, 9; docs/decisions/0011): every coin wagered on a game
 * earns experience by one rule, kept like money: an entry per change in experience_entries,
 * whose sum is users.exp, written in the wager's own transaction. The season's share decides
 * the season rank. Level-ups and rank-ups reach the player once per transaction, after commit.
 */
import { WAGER_REFUND_TYPES, WAGER_TYPES } from '../../../src/contract/index.ts';
import { levelForExp, rankForSeasonExp } from '../../../src/core/levels.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { BalanceChange } from '../../db/ledger.ts';
import type { Hub } from '../../socket/hub.ts';

/** The rule: one experience point per cent wagered (100 per coin); a refund takes its points back. */
export const EXP_PER_CENT = 1;

/** A season lasts 90 days (document 1 section 1, the Battle Pass season), counted from the epoch. */
export const SEASON_MS = 90 * 86_400_000;

const WAGERS = new Set<string>(WAGER_TYPES);
const REFUNDS = new Set<string>(WAGER_REFUND_TYPES);

/** The season a moment falls in. */
export function seasonAt(now: number): number {
  return Math.floor(now / SEASON_MS);
}

/** When a season starts and ends (ms). */
export function seasonBounds(season: number): { from: number; to: number } {
  return { from: season * SEASON_MS, to: (season + 1) * SEASON_MS };
}

/** Signed cents of wager a balance change stands for: a wager's stake, minus a refund, else 0. */
export function wagerOf(change: Pick<BalanceChange, 'type' | 'amount'>): number {
  if (WAGERS.has(change.type) && change.amount < 0) return -change.amount;
  if (REFUNDS.has(change.type) && change.amount > 0) return -change.amount;
  return 0;
}

interface Pending {
  exp: number;
  seasonExp: number;
  expBefore: number;
  seasonExpBefore: number;
}

// What a transaction changed per player, so one commit sends one push per player.
const pendingByTx = new WeakMap<Tx, Map<number, Pending>>();

/** A player's experience, level and season standing. */
export function standingOf(db: Pick<Db, 'get'>, userId: number, now: number) {
  const exp = db.get<{ exp: number }>('SELECT exp FROM users WHERE id = ?', userId)?.exp ?? 0;
  const seasonExp = db.get<{ exp: number }>('SELECT exp FROM season_experience WHERE user_id = ? AND season = ?', userId, seasonAt(now))?.exp ?? 0;
  return { exp, level: levelForExp(exp), seasonExp, season: rankForSeasonExp(seasonExp) };
}

/** Adds (or, for a refund, takes back) experience in the caller's transaction; answers the change made. */
export function addExperience(tx: Tx, deps: { hub: Pick<Hub, 'toUser'>; now: number }, userId: number, wanted: number, source: string, ref: string | null): number {
  if (wanted === 0) return 0;
  const season = seasonAt(deps.now);
  const before = standingOf(tx, userId, deps.now);
  // Experience never goes below zero: a refund of a wager made before experience was counted takes back what there is.
  const amount = wanted > 0 ? wanted : -Math.min(-wanted, before.exp);
  if (amount === 0) return 0;
  const seasonAmount = amount > 0 ? amount : -Math.min(-amount, before.seasonExp);
  tx.run('INSERT INTO experience_entries (user_id, amount, source, ref, season, created_at) VALUES (?, ?, ?, ?, ?, ?)', userId, amount, source, ref, season, deps.now);
  tx.run('UPDATE users SET exp = exp + ? WHERE id = ?', amount, userId);
  if (seasonAmount > 0) {
    tx.run(
      'INSERT INTO season_experience (user_id, season, exp) VALUES (?, ?, ?) ON CONFLICT (user_id, season) DO UPDATE SET exp = exp + excluded.exp',
      userId, season, seasonAmount,
    );
  } else if (seasonAmount < 0) {
    tx.run('UPDATE season_experience SET exp = exp + ? WHERE user_id = ? AND season = ?', seasonAmount, userId, season);
  }
  let pending = pendingByTx.get(tx);
  if (!pending) {
    const map = new Map<number, Pending>();
    pendingByTx.set(tx, map);
    pending = map;
    tx.afterCommit(() => announce(deps.hub, map));
  }
  const entry = pending.get(userId);
  if (entry) {
    entry.exp += amount;
    entry.seasonExp += seasonAmount;
  } else {
    pending.set(userId, { exp: amount, seasonExp: seasonAmount, expBefore: before.exp, seasonExpBefore: before.seasonExp });
  }
  return amount;
}

// One #EXPERIENCE_CHANGED per player and transaction (the toast adds the amounts up), and a
// #USER_RANK_CHANGED when the season rank moved.
function announce(hub: Pick<Hub, 'toUser'>, changes: Map<number, Pending>): void {
  for (const [userId, change] of changes) {
    if (change.exp === 0) continue;
    const exp = change.expBefore + change.exp;
    hub.toUser(userId, '#EXPERIENCE_CHANGED', { exp: change.exp, user_progress: { level: levelForExp(exp), exp } });
    const rankBefore = rankForSeasonExp(change.seasonExpBefore).rank.rank;
    const after = rankForSeasonExp(change.seasonExpBefore + change.seasonExp);
    if (after.rank.rank !== rankBefore) {
      hub.toUser(userId, '#USER_RANK_CHANGED', { rank: after.rank.rank, ...(after.rank_next ? { rank_next: after.rank_next.rank } : {}) });
    }
  }
}
