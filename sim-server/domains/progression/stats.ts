/** Lifetime play figures of a profile (wagered, games, best drop), kept in the wager's transaction. */
import type { Db, Tx } from '../../db/database.ts';

/** Counts a wager (positive cents) as one game, or a refund (negative) as one game taken back. */
export function countPlay(tx: Tx, userId: number, cents: number): void {
  const games = cents > 0 ? 1 : -1;
  tx.run(
    `INSERT INTO player_stats (user_id, wagered, games) VALUES (?, MAX(0, ?), MAX(0, ?))
     ON CONFLICT (user_id) DO UPDATE SET wagered = MAX(0, wagered + ?), games = MAX(0, games + ?)`,
    userId, cents, games, cents, games,
  );
}

/** A player's lifetime figures. */
export function statsOf(db: Pick<Db, 'get'>, userId: number): { wagered: number; games: number } {
  return db.get<{ wagered: number; games: number }>('SELECT wagered, games FROM player_stats WHERE user_id = ?', userId) ?? { wagered: 0, games: 0 };
}

/** The most valuable item a player ever pulled (kept or sold since), or null. */
export function bestDropOf(db: Pick<Db, 'get'>, userId: number): { name: string; price: number; rarity: string } | null {
  return db.get<{ name: string; price: number; rarity: string }>(
    `SELECT i.name, i.price, i.rarity FROM assets a JOIN items i ON i.id = a.item_id
      WHERE a.user_id = ? AND a.kind = 'item' ORDER BY i.price DESC LIMIT 1`,
    userId,
  ) ?? null;
}
