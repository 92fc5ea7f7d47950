/**
 * The chat's rule for anonymous split-or-steal games (document 2 section 2 input states: "You're
 * in the giveaway"; docs/decisions/0052): a player who joined the anonymous game that is battling
 * may not write until it ends, so no message tells who was picked or sways a decision.
 */
import type { Db } from '../../db/database.ts';

/** What chat.send answers such a player. */
export const IN_GIVEAWAY = "You're in the giveaway: the chat opens again when it ends";

/** Whether the player joined the anonymous game that is battling now. */
export async function inAnonymousGiveaway(db: Pick<Db, 'get'>, userId: number): Promise<boolean> {
  return await db.get(
    `SELECT 1 FROM chat_steal_games g JOIN chat_steal_users u ON u.game_id = g.id
      WHERE g.status = 'battling' AND g.anonymous = 1 AND u.user_id = ? LIMIT 1`,
    userId,
  ) !== undefined;
}
