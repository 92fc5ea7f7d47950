/**
 * Achievements issued by rules on real events (src/core/achievements.ts): wagers, levels and
 * ranks reached, race places, followers. Each is issued once, in the transaction of the event
 * that earned it; #ACHIEVE_ISSUED reaches the player after commit.
 */
import { ACHIEVEMENTS, BATTLE_ACHIEVEMENTS, HIGH_ROLLER_CENTS, LEVEL_ACHIEVEMENTS, achievementOf, type AchievementKey } from '../../../src/core/achievements.ts';
import { toHash } from '../../../src/core/hash-id.ts';
import { RANKS, levelForExp, seasonRankOf } from '../../../src/core/levels.ts';
import type { Db, Tx } from '../../db/database.ts';
import type { Hub } from '../../socket/hub.ts';
import type { WagerFigures } from './experience.ts';

const GOLD_I = RANKS.find((r) => r.group === 'gold' && r.step === 'I')!.rank;

/** Issues an achievement unless the player holds it; answers whether it was new. */
export async function issueAchievement(tx: Tx, hub: Pick<Hub, 'toUser'>, userId: number, key: AchievementKey, now: number): Promise<boolean> {
  const added = await tx.run('INSERT INTO achievements (user_id, name, issued_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', userId, key, now);
  if (added.changes === 0) return false;
  const entry = achievementOf(key)!;
  tx.afterCommit(() => hub.toUser(userId, '#ACHIEVE_ISSUED', { name: entry.title, hex: { rarity: entry.rarity }, user_hash: toHash(userId) }));
  return true;
}

/**
 * What a wager (positive cents) earned: thresholds crossed by this wager only, so a player
 * who holds an achievement costs no extra statement on later wagers.
 */
export async function achievementsOfWager(tx: Tx, hub: Pick<Hub, 'toUser'>, userId: number, cents: number, type: string, after: WagerFigures, now: number): Promise<void> {
  const exp = { before: after.exp - cents, after: after.exp };
  const issue = (key: AchievementKey) => issueAchievement(tx, hub, userId, key, now);
  if (type === 'unbox_boxes_bought' && after.games_played - 1 - after.battles_played === 0) await issue('first_case');
  if (type === 'arena_join') for (const [count, key] of BATTLE_ACHIEVEMENTS) if (after.battles_played === count) await issue(key);
  if (cents >= HIGH_ROLLER_CENTS) await issue('high_roller');
  const [levelBefore, levelAfter] = [levelForExp(exp.before), levelForExp(exp.after)];
  for (const [level, key] of LEVEL_ACHIEVEMENTS) if (levelBefore < level && levelAfter >= level) await issue(key);
  if (seasonRankOf(after.season_exp - cents) < GOLD_I && seasonRankOf(after.season_exp) >= GOLD_I) await issue('rank_gold');
}

/** A player's hexagon board: every achievement, whether they hold it, and how many players do. */
export async function hexagonOf(db: Pick<Db, 'all' | 'get'>, userId: number) {
  const held = new Map((await db.all<{ name: string; issued_at: number }>('SELECT name, issued_at FROM achievements WHERE user_id = ?', userId)).map((r) => [r.name, r.issued_at]));
  const holders = new Map((await db.all<{ name: string; n: number }>('SELECT name, COUNT(*) AS n FROM achievements GROUP BY name')).map((r) => [r.name, r.n]));
  const players = Math.max(1, (await db.get<{ n: number }>('SELECT COUNT(*) AS n FROM users'))!.n);
  return ACHIEVEMENTS.map((a) => ({
    name: a.key,
    title: a.title,
    description: a.rule,
    rarity: a.rarity,
    image: null,
    count: held.has(a.key) ? 1 : 0,
    // The share of players holding it, in percent; the spec shows 0 as 0.01.
    usage: Math.max(0.01, Math.round(((holders.get(a.key) ?? 0) / players) * 10_000) / 100),
    issued_at: held.get(a.key) ?? null,
  }));
}
